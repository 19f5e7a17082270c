import { expect, test } from '@playwright/test';
import { apiToken, expectNoSidewaysScroll, runSuffix, signIn } from '../support/helpers';

/**
 * The international casino's admin screens (issue 19, ADR 0020), on the desktop and the phone
 * projects: the provider registry (a secret rotation shown once, a provider switched off and on)
 * and the reconciliation report of a day. The provider is created for this run through the API,
 * switched off at once so no player screen ever lists it.
 */
test('admin manages a casino provider and reads its reconciliation', async ({ page, request }) => {
  const id = `e2e-${runSuffix()}`.toLowerCase().replace(/[^a-z0-9_-]/g, '').slice(0, 40);
  const token = await apiToken(request, 'admin', 'demo-admin');
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/casino-int-admin/providers', {
    headers,
    data: { id, name: `Provider ${id}`, partnerId: id, launchUrl: 'http://127.0.0.1:9/', currencies: ['INR'] },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  expect((await request.post(`/api/casino-int-admin/providers/${id}/enabled`, { headers, data: { enabled: false } })).ok()).toBeTruthy();

  await signIn(page, 'admin', 'demo-admin');
  await page.goto('/admin/casino-int/providers');
  const section = page.getByRole('region', { name: `Provider Provider ${id}` });
  await expect(section).toBeVisible();
  await expect(page.getByRole('region', { name: 'Provider Sport Betting' })).toContainText('Our own exchange');
  await expectNoSidewaysScroll(page);

  // Rotate: the new secret is shown once, in a labelled field; both secrets are then listed.
  await section.getByRole('button', { name: `Rotate secret of Provider ${id}` }).click();
  const secret = page.getByLabel(`Secret of ${id}`);
  await expect(secret).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  const value = await secret.inputValue();
  await expect(section.getByRole('table', { name: `Secrets of Provider ${id}` }).getByRole('row')).toHaveCount(3);
  await expect(section.getByRole('table', { name: `Secrets of Provider ${id}` })).toContainText(`…${value.slice(-4)}`);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel(`Secret of ${id}`)).toHaveCount(0);

  // The switch: on, then off again (players never see the provider).
  const enabled = section.getByRole('switch', { name: `Provider ${id} enabled` });
  await expect(enabled).not.toBeChecked();
  await enabled.click();
  await expect(enabled).toBeChecked();
  await enabled.click();
  await expect(enabled).not.toBeChecked();

  // The reconciliation of today: no transactions; a run against an unreachable provider fails visibly.
  await page.goto('/admin/casino-int/reconciliation');
  await page.getByRole('combobox', { name: 'Provider' }).selectOption(id);
  await page.getByLabel('Date (UTC)').fill(new Date().toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText(/^No transactions of this provider on /)).toBeVisible();
  await expect(page.getByText('Not run yet')).toBeVisible();
  await page.getByRole('button', { name: 'Reconcile now' }).click();
  await expect(page.locator('dl[aria-label="Totals"]')).toContainText('failed');
  await expectNoSidewaysScroll(page);
});
