import {
  MESSAGES,
  ROUTES,
  authApi,
  securityApi,
  clearCredentials,
  clearSignOut,
  currentUser,
  publish,
  readCredentials,
  rememberSignOut,
  setUser,
  writeCredentials,
  type Area,
  type EventMap,
  type LoginResponse,
  type UserInfo,
} from '@backlay/shared';
import { connectUserSocket, disconnectUserSocket } from './user-socket';

/** How long signing out waits for the browser and the API to drop its push subscription. */
const PUSH_STOP_WAIT_MS = 2_000;

/** Turn this browser's notifications off on sign-out, at most PUSH_STOP_WAIT_MS; a failure never blocks it. */
async function stopNotifications(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const { turnOff } = await import('./push-subscription');
    await Promise.race([turnOff(securityApi), new Promise((done) => (timer = setTimeout(done, PUSH_STOP_WAIT_MS)))]);
  } catch {
    // Signing out goes on: the API moves the browser to whoever turns notifications on next.
  } finally {
    clearTimeout(timer);
  }
}

type EndReason = EventMap['session.ended']['reason'];

/** Load the signed-in user of an area and open its user connection. */
async function activate(area: Area): Promise<UserInfo> {
  const info = await authApi.userInfo();
  setUser(info);
  connectUserSocket(area, info, {
    onEnded: (reason) => void endSession(area, reason),
    // Every open player page shows the maintenance screen at once (the session is over).
    onMaintenance: () => {
      void endSession(area, 'maintenance').then(() => window.location.assign(ROUTES.maintenance.path));
    },
    readBalance: () => authApi.userInfo(),
  });
  publish('session.started', { area, userId: info._id, sessionId: info.sessionId });
  return info;
}

/**
 * After a successful login: store the credentials of the area (token, refreshToken, userType and
 * the session id), fetch user info, and announce the login over the user socket (docs/rules/product.md §4).
 */
export async function completeLogin(area: Area, login: LoginResponse): Promise<UserInfo> {
  writeCredentials(area, { token: login.token, refreshToken: login.refreshToken, userType: login.role, sessionId: login.sessionId });
  clearSignOut(area);
  return activate(area);
}

/**
 * Restore the session of an area from storage. User info is fetched only if a refresh token
 * exists; otherwise it fails with 'Token not exist' (docs/rules/product.md §4).
 */
export async function restoreSession(area: Area): Promise<UserInfo> {
  if (!readCredentials(area).refreshToken) throw new Error(MESSAGES.tokenNotExist);
  const user = currentUser();
  if (user && user.sessionId === readCredentials(area).sessionId) return user;
  return activate(area);
}

/** Re-read user info after the account changed (password, transaction password). */
export async function refreshUser(): Promise<UserInfo> {
  const info = await authApi.userInfo();
  setUser(info);
  return info;
}

/**
 * End the session of an area: tell the API (when the session is still ours), clear the area's
 * keys, close the socket and drop the user. Route guards then show the login page, which tells
 * a user signed out by an agent (a lock, a password reset) why.
 */
export async function endSession(area: Area, reason: EndReason): Promise<void> {
  if (reason === 'logout' || reason === 'inactive') {
    // This browser stops receiving the user's notifications (the next user of it turns its own on).
    await stopNotifications();
    await authApi.logout().catch(() => undefined);
  }
  clearCredentials(area);
  // Ended by something else than this tab (an agent's lock or password reset, another sign-in, a
  // sign-out elsewhere…): the login page the guard shows next says why.
  if (reason !== 'logout' && reason !== 'inactive' && reason !== 'expired' && reason !== 'maintenance') rememberSignOut(area, reason);
  disconnectUserSocket();
  setUser(null);
  publish('session.ended', { area, reason });
}
