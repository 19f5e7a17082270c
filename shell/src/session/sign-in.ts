import { authApi, isTwoFactorChallenge, ROUTES, securityApi, type Area, type LoginResponse } from '@backlay/shared';
import { firstLoginStep, isMobileViewport, landingPath } from './landing';
import { completeLogin } from './session';

/** A right password on an account with two-factor: the code is still due. */
export interface SecondStepDue {
  challenge: string;
}

/**
 * Sign in through the area's endpoint, start the session (credentials, user info, user socket) and
 * answer where to go: the first-login step, else the landing page (docs/rules/product.md §4). With two-factor on,
 * it answers the second step's challenge instead (then `signInWithCode`). Loaded only when a
 * sign-in form is sent, with the `@backlay/shared` singleton behind it.
 */
export async function signIn(area: Area, values: { username: string; password: string }): Promise<string | SecondStepDue> {
  const body = { username: values.username.trim(), password: values.password };
  const res = area === 'admin' ? await authApi.loginAdmin(body) : await authApi.login(body);
  if (isTwoFactorChallenge(res.data)) return { challenge: res.data.challenge };
  return startSession(area, res.data);
}

/** The second step: the challenge and a code from the authenticator app (or a recovery code). */
export async function signInWithCode(area: Area, challenge: string, code: string): Promise<string> {
  const res = await securityApi.loginTwoFactor({ challenge, code: code.trim() });
  return startSession(area, res.data);
}

async function startSession(area: Area, login: LoginResponse): Promise<string> {
  const user = await completeLogin(area, login);
  const firstStep = firstLoginStep(area, user);
  if (firstStep !== null) return firstStep;
  // An agent whose role must use two-factor and has none: its session opens only the enrolment.
  if (area === 'admin') {
    const status = await securityApi.status();
    if (status.required && !status.enabled) return ROUTES.adminSecurityAuth.path;
  }
  return landingPath(user.role, area, isMobileViewport());
}
