import { authApi, type Area } from '@backlay/shared';
import { firstLoginStep, isMobileViewport, landingPath } from './landing';
import { completeLogin } from './session';

/**
 * Sign in through the area's endpoint, start the session (credentials, user info, user socket) and
 * answer where to go: the first-login step, else the landing page (SPEC §4). Loaded only when a
 * sign-in form is sent, with the `@backlay/shared` singleton behind it.
 */
export async function signIn(area: Area, values: { username: string; password: string }): Promise<string> {
  const body = { username: values.username.trim(), password: values.password };
  const res = area === 'admin' ? await authApi.loginAdmin(body) : await authApi.login(body);
  const user = await completeLogin(area, res.data);
  return firstLoginStep(area, user) ?? landingPath(user.role, area, isMobileViewport());
}
