import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Demo accounts seeded by the API in demo mode (README). */
export const DEMO_PASSWORD = 'Backlay#2026';
export const ADMIN_AREA_ACCOUNTS = ['demo-admin', 'demo-sadmin', 'demo-smdl', 'demo-mdl', 'demo-dl'] as const;
export const PLAYER = 'demo-user';
export const CONTROL = 'http://127.0.0.1:9199';

/** Sign in through the login form of an area. */
export async function signIn(page: Page, area: 'player' | 'admin', username: string, password = DEMO_PASSWORD) {
  await page.goto(area === 'admin' ? '/admin/login' : '/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('header-username')).toContainText(username);
}

/** Sign in through the API (for set-up steps), returning the access token. */
export async function apiToken(request: APIRequestContext, area: 'player' | 'admin', username: string): Promise<string> {
  const res = await request.post(area === 'admin' ? '/api/login-admin' : '/api/login', { data: { username, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Switch maintenance on or off as demo-admin. */
export async function setMaintenance(request: APIRequestContext, on: boolean) {
  const token = await apiToken(request, 'admin', 'demo-admin');
  const res = await request.post('/api/save-setting-list', {
    headers: { Authorization: `Bearer ${token}` },
    data: { settingList: [{ key: 'maintenance', value: String(on) }] },
  });
  expect(res.ok()).toBeTruthy();
}

/** Drive the e2e stack's control endpoint (stop, start or redeploy a remote). */
export async function control(request: APIRequestContext, path: string) {
  const res = await request.post(`${CONTROL}${path}`);
  expect(res.status(), await res.text()).toBe(204);
}
