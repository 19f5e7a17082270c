import { Suspense, type ReactNode } from 'react';
import { Outlet, matchPath, type RouteObject } from 'react-router';
import { ROUTES, Spinner, isAdminPath, lazyWithRetry, readCredentials, type Area, type RouteDef, type RouteName, type ScreenParams } from '@backlay/shared';
import { RemoteScreen } from '../federation/RemoteScreen';
import type { RemoteName } from '../federation/remotes';
import { MainLayout } from '../layout/MainLayout';
import { LoginPage } from '../pages/LoginPage';
import { RedirectTo } from './RedirectTo';
import { RequireAuth } from './RequireAuth';
import { RequireRole } from './RequireRole';
import { ScrollToTop } from './ScrollToTop';
import { ToastHost } from './ToastHost';
import { useT } from '../i18n';

// The password pages (formik, yup) are seldom opened: they load when opened, not with the app.
const ChangePasswordPage = lazyWithRetry(() => import(/* webpackChunkName: "password-pages" */ '../pages/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })));
const TransactionPasswordPage = lazyWithRetry(() =>
  import(/* webpackChunkName: "password-pages" */ '../pages/TransactionPasswordPage').then((m) => ({ default: m.TransactionPasswordPage })),
);
// Pages a visit rarely shows (the site under maintenance, an unknown path): loaded when shown, not
// with the app (the first page's budget, ADR 0025).
const MaintenancePage = lazyWithRetry(() => import(/* webpackChunkName: "rare-pages" */ '../pages/MaintenancePage').then((m) => ({ default: m.MaintenancePage })));
const NotFoundPage = lazyWithRetry(() => import(/* webpackChunkName: "rare-pages" */ '../pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
// Registration (formik, yup, the proof-of-work) and the two rules pages load when opened.
const RegisterPage = lazyWithRetry(() => import(/* webpackChunkName: "register" */ '../pages/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const TermsPage = lazyWithRetry(() => import(/* webpackChunkName: "policies" */ '../pages/PolicyPages').then((m) => ({ default: m.TermsPage })));
const ResponsibleGamingPage = lazyWithRetry(() =>
  import(/* webpackChunkName: "policies" */ '../pages/PolicyPages').then((m) => ({ default: m.ResponsibleGamingPage })),
);

// Account security (two-factor, login history): its own chunk, with the QR code library.
const SecurityPage = lazyWithRetry(() => import(/* webpackChunkName: "security-page" */ '../pages/SecurityPage').then((m) => ({ default: m.SecurityPage })));
// Responsible gambling (formik, yup): its own chunk.
const ResponsibleGamblingPage = lazyWithRetry(() =>
  import(/* webpackChunkName: "responsible-gambling" */ '../pages/ResponsibleGamblingPage').then((m) => ({ default: m.ResponsibleGamblingPage })),
);

function PageSpinner() {
  const t = useT();
  return <Spinner label={t('loadingPage')} />;
}

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageSpinner />}>{children}</Suspense>;
}

function Root() {
  return (
    <>
      <ScrollToTop />
      <ToastHost />
      <Outlet />
    </>
  );
}

/** The shell-owned routes that show a screen (a redirect shows none). */
type ShellScreenName = { [K in RouteName]: (typeof ROUTES)[K] extends { redirect: string } ? never : (typeof ROUTES)[K]['owner'] extends 'shell' ? K : never }[RouteName];

/**
 * The shell's own screens, one per shell-owned route of the table (the type makes a missing one
 * an error); a redirect route's element is made from its `redirect`.
 */
const SHELL_SCREENS: Record<ShellScreenName, ReactNode> = {
  login: <LoginPage area="player" />,
  adminLogin: <LoginPage area="admin" />,
  maintenance: <Loading><MaintenancePage /></Loading>,
  register: <Loading><RegisterPage /></Loading>,
  termsAndConditions: <Loading><TermsPage /></Loading>,
  responsibleGaming: <Loading><ResponsibleGamingPage /></Loading>,
  changePassword: <Loading><ChangePasswordPage area="player" /></Loading>,
  transactionPassword: <Loading><TransactionPasswordPage area="player" /></Loading>,
  securityAuth: <Loading><SecurityPage area="player" /></Loading>,
  responsibleGambling: <Loading><ResponsibleGamblingPage area="player" /></Loading>,
  adminChangePassword: <Loading><ChangePasswordPage area="admin" /></Loading>,
  adminTransactionPassword: <Loading><TransactionPasswordPage area="admin" /></Loading>,
  adminSecurityAuth: <Loading><SecurityPage area="admin" /></Loading>,
  adminResponsibleGambling: <Loading><ResponsibleGamblingPage area="admin" /></Loading>,
};

/** A route of the table: a redirect, the shell's own screen, or its remote's; a route limited to some roles is guarded. */
function routeOf(name: RouteName): RouteObject {
  const def: RouteDef = ROUTES[name];
  if (def.redirect !== undefined) return { path: def.path, element: <RedirectTo route={def.redirect as RouteName} /> };
  const screen = def.owner === 'shell' ? SHELL_SCREENS[name as ShellScreenName] : <RemoteScreen key={name} remote={def.owner as RemoteName} screen={name} />;
  return { path: def.path, element: def.roles ? <RequireRole route={name}>{screen}</RequireRole> : screen };
}

/** The area a route of the table belongs to: public without sign-in; admin when its path says so (docs/rules/product.md §2). */
function areaOf(def: RouteDef): Area | 'public' {
  if (!def.auth) return 'public';
  return isAdminPath(def.path) ? 'admin' : 'player';
}

/** The table's routes of an area, in the table's order. */
function routesOf(area: Area | 'public'): RouteObject[] {
  return (Object.keys(ROUTES) as RouteName[]).filter((name) => areaOf(ROUTES[name]) === area).map(routeOf);
}

/**
 * The route tree of docs/rules/product.md §2, built from the route table (ROUTES): the public routes, then each
 * area's routes behind its sign-in guard and inside its layout. Player routes are unprefixed,
 * admin routes under /admin; the shell owns every URL and each remote renders the screens the
 * route table gives it.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      ...routesOf('public'),
      { element: <RequireAuth area="player" />, children: [{ element: <MainLayout area="player" />, children: routesOf('player') }] },
      { element: <RequireAuth area="admin" />, children: [{ element: <MainLayout area="admin" />, children: routesOf('admin') }] },
      { path: '*', element: <Loading><NotFoundPage /></Loading> },
    ],
  },
];

/** The static segments of a path pattern: the router prefers the route with more of them. */
const staticSegments = (path: string) => path.split('/').filter((part) => part !== '' && !part.startsWith(':')).length;

/**
 * A pattern's leading static segments, lower-cased ('admin', 'list-clients' of
 * /admin/list-clients; 'odds' of /odds/:matchId; none of /): a path whose own leading segments
 * differ cannot match it (matchPath compares case-insensitively), so remoteScreenAt skips it
 * without compiling its pattern. That was a regular expression for each of the seventy routes on
 * every page load, before the first render (6.8 ms in Node here; ×4 on a phone).
 */
function leadingStatics(path: string): string[] {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '') continue;
    if (part.startsWith(':') || part.includes('*') || part.endsWith('?')) break;
    out.push(part.toLowerCase());
  }
  return out;
}
let prefixes: ReadonlyMap<RouteName, string[]> | null = null;
const prefixOf = (name: RouteName) =>
  (prefixes ??= new Map((Object.keys(ROUTES) as RouteName[]).map((n) => [n, leadingStatics(ROUTES[n].path)]))).get(name) ?? [];

/**
 * The remote screen the route tree will draw at `pathname` for a visitor signed in to its area,
 * with the route's parameters (the app prefetches the screen and its first calls while the
 * session is restored, ADR 0082 and 0085), or null: a shell page, a redirect, or an area without
 * a session.
 */
export function remoteScreenAt(pathname: string): { remote: RemoteName; screen: RouteName; params: ScreenParams } | null {
  let best: { remote: RemoteName; screen: RouteName; params: ScreenParams; rank: number } | null = null;
  const segments = pathname.split('/').filter((part) => part !== '').map((part) => part.toLowerCase());
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const def: RouteDef = ROUTES[name];
    if (def.owner === 'shell' || def.redirect !== undefined) continue;
    if (!prefixOf(name).every((part, i) => segments[i] === part)) continue;
    const match = matchPath({ path: def.path, end: true }, pathname);
    if (!match) continue;
    const area = areaOf(def);
    if (area === 'public' || !readCredentials(area).token) continue;
    const rank = staticSegments(def.path);
    if (!best || rank > best.rank) best = { remote: def.owner as RemoteName, screen: name, params: match.params, rank };
  }
  return best && { remote: best.remote, screen: best.screen, params: best.params };
}
