import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { PLAYER, control, signIn } from '../support/helpers';

const ROOT = join(__dirname, '..', '..');

function buildSports(label: string, outDir: string): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn('pnpm', ['--filter', './remote-sports', 'run', 'build'], {
      cwd: ROOT,
      env: { ...process.env, BUILD_LABEL: label, BUILD_OUT_DIR: outDir },
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`build exit ${code}`))));
  });
}

test.describe('module federation', () => {
  test('a remote that is down shows a fallback inside the layout and recovers on retry', async ({ page, request }) => {
    await signIn(page, 'player', PLAYER);
    await control(request, '/remotes/sports/stop');
    try {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'This section is unavailable' })).toBeVisible();
      await expect(page.getByTestId('header-username')).toContainText(PLAYER);
    } finally {
      await control(request, '/remotes/sports/start');
    }
    await page.getByRole('button', { name: 'Retry now' }).click();
    await expect(page.getByRole('navigation', { name: 'Sports' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This section is unavailable' })).toHaveCount(0);
  });

  test('rebuilding and redeploying one remote changes what the shell shows, without rebuilding the shell', async ({ page, request }) => {
    test.setTimeout(180_000);
    // Build stamps show in the player area only behind the show_build flag.
    await page.addInitScript(() => localStorage.setItem('show_build', '1'));
    await signIn(page, 'player', PLAYER);
    const shellBuild = await page.locator('footer.bl-build').last().textContent();
    const label = `e2e-${Date.now()}`;
    await buildSports(label, 'dist-e2e');
    await control(request, `/remotes/sports/deploy?dir=${encodeURIComponent(join(ROOT, 'remote-sports', 'dist-e2e'))}`);
    try {
      await page.reload();
      await expect(page.getByTestId('build-sports')).toHaveText(`sports · build ${label}`);
      expect(await page.locator('footer.bl-build').last().textContent()).toBe(shellBuild);
    } finally {
      await control(request, `/remotes/sports/deploy?dir=${encodeURIComponent(join(ROOT, 'remote-sports', 'dist'))}`);
    }
  });

});
