import { HOME_LANDING_ROLES, ROUTES, type Area } from '@backlay/shared';

/** The mobile landing page of a player (docs/rules/product.md §4). */
export const MOBILE_PLAYER_LANDING = '/match/4/in-play';

/** True on a phone-sized viewport. */
export function isMobileViewport(win: Pick<Window, 'matchMedia'> = window): boolean {
  return win.matchMedia('(max-width: 767px)').matches;
}

/**
 * Where a user lands after login (docs/rules/product.md §4): roles admin, 1, 2, 3 go to '/'; others go to '/' on
 * desktop or /match/4/in-play on mobile. In the admin area '/' is the area's root, /admin.
 */
export function landingPath(role: string, area: Area, mobile: boolean): string {
  if (area === 'admin') return ROUTES.adminHome.path;
  if (HOME_LANDING_ROLES.includes(role) || !mobile) return ROUTES.home.path;
  return MOBILE_PLAYER_LANDING;
}

/** The login page of an area. */
export function loginPath(area: Area): string {
  return area === 'admin' ? ROUTES.adminLogin.path : ROUTES.login.path;
}

/** The next step of the first-login flow, or null when it is complete. */
export function firstLoginStep(area: Area, user: { mustChangePassword: boolean; hasTransactionPassword: boolean }): string | null {
  if (user.mustChangePassword) return area === 'admin' ? ROUTES.adminChangePassword.path : ROUTES.changePassword.path;
  if (!user.hasTransactionPassword) return area === 'admin' ? ROUTES.adminTransactionPassword.path : ROUTES.transactionPassword.path;
  return null;
}
