import { expect, test } from '@playwright/test';
import { FULL_CHROMIUM } from '@backlay/build/chromium';
import { PLAYER, signIn } from '../support/helpers';

// The full browser: the headless shell has no push messaging to refuse a subscription (ADR 0086).
test.use({ launchOptions: FULL_CHROMIUM.launchOptions });

/**
 * Browser notifications (issue 34, ADR 0071), on a phone and a desktop. demo-user, with the
 * notification permission granted, opens Account security and turns notifications on: the
 * product's service worker (/sw.js, ADR 0076) is registered and asks the browser for a subscription.
 * This machine reaches no push service (Chromium's is Google's), so the browser refuses, and the
 * page says so and stays off — what a player sees on a network that blocks it. Then a push
 * message in the API's format is delivered to the installed worker through the DevTools protocol,
 * as the push service would: the worker shows it as a notification. (The API's side — the
 * encrypted, VAPID-signed message to a push service — is api/test/push.test.ts.)
 */
test('turning notifications on registers the worker; a pushed message shows as a notification', async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['notifications']);
  await signIn(page, 'player', PLAYER);
  await page.goto('/settings/security-auth');
  const section = page.getByRole('region', { name: 'Browser notifications' });
  await expect(section).toContainText('when a bet of yours settles');
  await expect(section.getByRole('status')).toHaveText('Off in this browser.');
  await section.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(section.getByRole('alert')).toHaveText(/could not reach its push service/);
  await expect(section.getByRole('status')).toHaveText('Off in this browser.');
  await expect(section.getByRole('button', { name: 'Turn on notifications' })).toBeEnabled();

  // The worker the product registered, activated, with the whole site as its scope.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');

  // The push service's part, played by the DevTools protocol: a message for this worker.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> }) => {
      const ours = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const message = { title: 'Bet settled: Lions v Tigers', body: 'Match Odds: you won ₹1,250.00.', url: '/bethistory', tag: 'settled-e2e' };
  const id = await registrationId;
  // A push service delivers again what a worker did not take (on a loaded machine Chromium may
  // drop a message whose worker is slow to start: one CI run). The tag makes a repeat replace,
  // never add, so exactly one notification shows however many deliveries it took.
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(scope).origin, registrationId: id, data: JSON.stringify(message) });
    await expect
      .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body, n.tag])), { timeout: 10_000 })
      .toEqual([[message.title, message.body, message.tag]]);
  }).toPass({ timeout: 45_000 });
});
