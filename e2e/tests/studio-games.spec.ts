import { expect, test, type Frame, type Page } from '@playwright/test';
import { DEMO_PASSWORD, newFundedPlayer, rupees, signIn } from '../support/helpers';

/** Backlay Studio's six originals as the operator's seed registers them (api/src/casino-int/seed.ts): tile name → launch path. */
const GAMES = [
  ['Crash', 'crash'],
  ['Mines', 'mines'],
  ['Plinko', 'plinko'],
  ['Dice', 'dice'],
  ['Limbo', 'limbo'],
  ['HiLo', 'hilo'],
] as const;
const PROVIDER = 'Backlay Studio';

/** How the studio's document inside the frame measures: it must not be taller than the frame (the frame cannot scroll). */
const measure = (frame: Frame) =>
  frame.evaluate(() => ({ scrollHeight: document.scrollingElement!.scrollHeight, innerHeight: window.innerHeight, scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));

async function openGame(page: Page, name: string, path: string) {
  await page.getByRole('list', { name: `${PROVIDER} games` }).getByRole('button', { name, exact: true }).click();
  const overlay = page.getByRole('dialog', { name });
  await expect(overlay).toBeVisible();
  const frameElement = overlay.locator('iframe');
  await expect(frameElement).toHaveAttribute('src', new RegExp(`/play/${path}\\?`));
  const frame = (await frameElement.elementHandle())!.contentFrame();
  const game = page.frameLocator(`iframe[title="${name}"]`);
  // The page has its state from the studio once the balance shows in rupees.
  await expect(game.locator('#balance')).toHaveText(/^₹/);
  return { overlay, frameElement, frame: (await frame)!, game };
}

test.describe('Backlay Studio originals in the operator frame', () => {
  test('each of the six games fits its frame with every tab reachable; a dice roll and a hilo round settle with the header balance following', async ({ page, request }, info) => {
    test.setTimeout(180_000);
    const size = info.project.name === 'mobile' ? 'phone' : 'desktop';
    const player = await newFundedPlayer(request, 'sgf', 10_000);
    await signIn(page, 'player', player, DEMO_PASSWORD);
    const header = page.getByTestId('header-available');
    // The studio's pages keep to their CSP (no inline style or script, nothing from elsewhere): the browser reports any refusal.
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) refused.push(message.text());
    });
    await page.goto('/casino-int/backlay-studio');
    await expect(page.getByRole('list', { name: `${PROVIDER} games` }).getByRole('button')).toHaveText(GAMES.map(([name]) => name));

    for (const [name, path] of GAMES) {
      const { overlay, frameElement, frame, game } = await openGame(page, name, path);
      const box = (await frameElement.boundingBox())!;
      const viewport = page.viewportSize()!;
      // The frame is the overlay under its EXIT bar: the viewport's width, its height less the bar.
      expect(box.width).toBe(viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
      const m = await measure(frame);
      expect(Math.abs(m.innerHeight - box.height)).toBeLessThanOrEqual(1);
      expect(m.scrollHeight, `${name}: the page is taller than its ${Math.round(box.width)}×${Math.round(box.height)} frame`).toBeLessThanOrEqual(m.innerHeight);
      expect(m.scrollWidth).toBeLessThanOrEqual(m.innerWidth);

      // The game itself: its stage and its bet button are on screen.
      await expect(game.locator('#stage')).toBeInViewport({ ratio: 1 });
      await expect(game.locator('#bet')).toBeInViewport({ ratio: 1 });
      await expect(game.getByLabel('Stake (₹)')).toBeInViewport();

      // Every tab shows its panel inside the frame, and the panel's last line can be scrolled to.
      const tabs = game.getByRole('tablist', { name: `${name} information` }).getByRole('tab');
      await expect(tabs).toHaveText(['Pay table', 'Fairness', 'History']);
      for (const tabName of ['Pay table', 'Fairness', 'History']) {
        const tab = game.getByRole('tab', { name: tabName });
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        const panel = game.getByRole('tabpanel', { name: tabName });
        await expect(panel).toBeInViewport({ ratio: 1 });
        const last = panel.locator(':scope > :last-child');
        await last.scrollIntoViewIfNeeded();
        await expect(last).toBeInViewport();
        expect((await measure(frame)).scrollHeight).toBeLessThanOrEqual(m.innerHeight);
      }
      await game.getByRole('tab', { name: 'Fairness' }).click();
      await expect(game.getByRole('link', { name: 'Verify a round' })).toBeInViewport();
      for (const control of [game.getByLabel('Client seed'), game.getByRole('button', { name: 'Rotate seeds' })]) {
        await control.scrollIntoViewIfNeeded();
        await expect(control).toBeInViewport({ ratio: 0.95 });
      }
      await game.getByRole('tab', { name: 'Pay table' }).click();

      // Each game's own labelled controls.
      if (path === 'dice') {
        await expect(game.getByLabel('Roll over/under')).toBeInViewport();
        await expect(game.getByLabel('Target (0–99.99)')).toBeInViewport();
      }
      if (path === 'limbo') await expect(game.getByLabel('Target multiplier')).toBeInViewport();
      if (path === 'hilo') for (const g of ['Higher', 'Lower', 'Same']) await expect(game.getByRole('button', { name: new RegExp(`^${g}`) })).toBeInViewport();

      await info.attach(`${path}-${size}`, { body: await page.screenshot(), contentType: 'image/png' });

      if (path === 'dice') {
        // One roll under 98.00 (a 98 % chance, 1.01×): the debit and the credit reach the header.
        const before = rupees(await header.textContent());
        await game.getByLabel('Stake (₹)').fill('100');
        await game.getByLabel('Roll over/under').selectOption('under');
        await game.getByLabel('Target (0–99.99)').fill('98.00');
        await expect(game.locator('#odds')).toHaveText('Win chance 98.00 % · pays 1.01×');
        await game.getByRole('button', { name: 'Roll', exact: true }).click();
        const message = game.locator('#message');
        await expect(message).toHaveText(/^(Won|Lost) ₹[\d,.]+$/, { timeout: 15_000 });
        const text = (await message.textContent())!;
        const after = text.startsWith('Won') ? before - 100 + rupees(text.slice(4)) : before - 100;
        if (text.startsWith('Won')) expect(rupees(text.slice(4))).toBe(101);
        await expect.poll(async () => rupees(await header.textContent()), { timeout: 15_000 }).toBe(after);
        await expect.poll(async () => rupees(await game.locator('#balance').textContent()), { timeout: 15_000 }).toBe(after);
        await game.getByRole('tab', { name: 'History' }).click();
        await expect(game.getByRole('list', { name: 'Your last rounds' }).getByRole('listitem')).toHaveCount(1);
        expect((await measure(frame)).scrollHeight).toBeLessThanOrEqual(m.innerHeight);
        await info.attach(`dice-settled-${size}`, { body: await page.screenshot(), contentType: 'image/png' });

        // Rotating the seeds reveals the server seed; the verify page recomputes the roll from it (the player's first bet: nonce 0).
        const roll = (await game.locator('#roll').textContent())!;
        await game.getByRole('tab', { name: 'Fairness' }).click();
        const clientSeed = await game.getByLabel('Client seed').inputValue();
        await game.getByRole('button', { name: 'Rotate seeds' }).click();
        await expect(game.locator('#revealed')).toHaveText(/^Previous server seed: [0-9a-f]{64} /);
        const serverSeed = /([0-9a-f]{64})/.exec((await game.locator('#revealed').textContent())!)![1];
        const verify = await page.context().newPage();
        await verify.goto(`${new URL((await frameElement.getAttribute('src'))!).origin}/verify`);
        await verify.getByLabel('Game', { exact: true }).selectOption('dice');
        await verify.getByLabel('Server seed (revealed)').fill(serverSeed);
        await verify.getByLabel('Client seed', { exact: true }).fill(clientSeed);
        await verify.getByLabel('Nonce', { exact: true }).fill('0');
        await verify.getByLabel('Roll over/under (dice only)').selectOption('under');
        await verify.getByLabel('Target, 0–99.99 (dice only)').fill('98.00');
        await verify.getByRole('button', { name: 'Verify' }).click();
        await expect(verify.getByRole('status')).toContainText(`Roll: ${roll} (under 98.00: `);
        await expect(verify.getByRole('status')).toContainText('Recomputed in your browser: same');
        // The outcome too, by the studio's outcome code bundled for the browser (/assets/outcome.js).
        await expect(verify.getByRole('status')).toContainText('Outcome recomputed in your browser: same');
        await verify.close();
      }

      if (path === 'hilo') {
        // A round: bet, take the likelier guess (the smaller multiplier the server offers), and cash out if it was right.
        const before = rupees(await header.textContent());
        await game.getByLabel('Stake (₹)').fill('100');
        await game.getByRole('button', { name: 'Bet', exact: true }).click();
        await expect.poll(async () => rupees(await header.textContent()), { timeout: 15_000 }).toBe(before - 100);
        await expect(game.locator('#current-card')).toHaveAttribute('aria-label', /^Card showing: /);
        const offers: [string, number][] = [];
        for (const g of ['Higher', 'Lower']) {
          const button = game.getByRole('button', { name: new RegExp(`^${g}`) });
          const text = (await button.textContent()) ?? '';
          if ((await button.isEnabled()) && /×$/.test(text)) offers.push([g, Number(/([\d.]+)×$/.exec(text)![1])]);
        }
        offers.sort((a, b) => a[1] - b[1]);
        await game.getByRole('button', { name: new RegExp(`^${offers[0][0]}`) }).click();
        const message = game.locator('#message');
        const cashOut = game.getByRole('button', { name: 'Cash out' });
        // The server's answer: the round still open (Cash out enabled) or lost.
        await expect.poll(async () => (await cashOut.isEnabled()) || /^Lost/.test((await message.textContent()) ?? ''), { timeout: 15_000 }).toBe(true);
        if (await cashOut.isEnabled()) await cashOut.click();
        await expect(message).toHaveText(/^(Won|Lost) ₹[\d,.]+$/, { timeout: 15_000 });
        const text = (await message.textContent())!;
        const after = text.startsWith('Won') ? before - 100 + rupees(text.slice(4)) : before - 100;
        await expect.poll(async () => rupees(await header.textContent()), { timeout: 15_000 }).toBe(after);
        expect((await measure(frame)).scrollHeight).toBeLessThanOrEqual(m.innerHeight);
        await info.attach(`hilo-settled-${size}`, { body: await page.screenshot(), contentType: 'image/png' });
      }

      await overlay.getByRole('button', { name: 'EXIT' }).click();
      await expect(overlay).toHaveCount(0);
    }
    expect(refused).toEqual([]);
  });
});
