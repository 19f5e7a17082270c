import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { ROUTES, Spinner, lazyWithRetry, type RouteDef, type RouteName } from '@backlay/shared';
import { RemoteScreen } from '../federation/RemoteScreen';
import type { RemoteName } from '../federation/remotes';
import { MainLayout } from '../layout/MainLayout';
import { LoginPage } from '../pages/LoginPage';
import { MaintenancePage } from '../pages/MaintenancePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { RequireAuth } from './RequireAuth';
import { RequireRole } from './RequireRole';
import { ScrollToTop } from './ScrollToTop';
import { ToastHost } from './ToastHost';

// The password pages (formik, yup) are seldom opened: they load when opened, not with the app.
const ChangePasswordPage = lazyWithRetry(() => import(/* webpackChunkName: "password-pages" */ '../pages/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })));
const TransactionPasswordPage = lazyWithRetry(() =>
  import(/* webpackChunkName: "password-pages" */ '../pages/TransactionPasswordPage').then((m) => ({ default: m.TransactionPasswordPage })),
);
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

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner label="Loading page" />}>{children}</Suspense>;
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

/** A route of the table rendered by its remote; a route limited to some roles is guarded. */
function remoteRoute(name: RouteName): RouteObject {
  const def: RouteDef = ROUTES[name];
  const screen = <RemoteScreen key={name} remote={def.owner as RemoteName} screen={name} />;
  return { path: def.path, element: def.roles ? <RequireRole route={name}>{screen}</RequireRole> : screen };
}

/**
 * The route tree of SPEC §2. Player routes are unprefixed, admin routes under /admin; the shell
 * owns every URL and each remote renders the screens the route table gives it.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: ROUTES.login.path, element: <LoginPage area="player" /> },
      { path: ROUTES.adminLogin.path, element: <LoginPage area="admin" /> },
      { path: ROUTES.maintenance.path, element: <MaintenancePage /> },
      { path: ROUTES.register.path, element: <Loading><RegisterPage /></Loading> },
      { path: ROUTES.termsAndConditions.path, element: <Loading><TermsPage /></Loading> },
      { path: ROUTES.responsibleGaming.path, element: <Loading><ResponsibleGamingPage /></Loading> },
      {
        element: <RequireAuth area="player" />,
        children: [
          {
            element: <MainLayout area="player" />,
            children: [
              remoteRoute('home'),
              remoteRoute('dashbaord'),
              { path: ROUTES.dashboard.path, element: <Navigate to={ROUTES.home.path} replace /> },
              remoteRoute('matchList'),
              remoteRoute('odds'),
              remoteRoute('racing'),
              remoteRoute('rules'),
              remoteRoute('buttonValues'),
              remoteRoute('unsettledBet'),
              remoteRoute('betHistory'),
              remoteRoute('profitLoss'),
              remoteRoute('accountStatement'),
              remoteRoute('deposit'),
              remoteRoute('withdraw'),
              remoteRoute('depositStatement'),
              remoteRoute('withdrawStatement'),
              remoteRoute('casinoList'),
              remoteRoute('casinoTable'),
              remoteRoute('casinoResult'),
              remoteRoute('casinoReport'),
              remoteRoute('casinoInt'),
              { path: ROUTES.changePassword.path, element: <Loading><ChangePasswordPage area="player" /></Loading> },
              { path: ROUTES.transactionPassword.path, element: <Loading><TransactionPasswordPage area="player" /></Loading> },
              { path: ROUTES.securityAuth.path, element: <Loading><SecurityPage area="player" /></Loading> },
              { path: ROUTES.responsibleGambling.path, element: <Loading><ResponsibleGamblingPage area="player" /></Loading> },
            ],
          },
        ],
      },
      {
        element: <RequireAuth area="admin" />,
        children: [
          {
            element: <MainLayout area="admin" />,
            children: [
              remoteRoute('adminHome'),
              remoteRoute('adminListClients'),
              remoteRoute('adminListClientsOf'),
              remoteRoute('adminAddUser'),
              remoteRoute('adminEditUser'),
              remoteRoute('adminAccountStatement'),
              remoteRoute('adminDepositStatement'),
              remoteRoute('adminWithdrawStatement'),
              remoteRoute('adminPaymentMethod'),
              remoteRoute('adminSettings'),
              remoteRoute('adminSportsList'),
              remoteRoute('adminSeries'),
              remoteRoute('adminMatches'),
              remoteRoute('adminActiveMatches'),
              remoteRoute('adminActiveMarkets'),
              remoteRoute('adminActiveFancies'),
              remoteRoute('adminMessages'),
              remoteRoute('adminFeedStatus'),
              remoteRoute('adminSmsOutbox'),
              remoteRoute('adminDashbaord'),
              remoteRoute('adminMarketAnalysis'),
              remoteRoute('adminOdds'),
              remoteRoute('adminUnsettledBet'),
              remoteRoute('adminUnsettledBetType'),
              remoteRoute('adminProfitLoss'),
              remoteRoute('adminResults'),
              remoteRoute('adminCasinoList'),
              remoteRoute('adminCasino'),
              remoteRoute('adminGameReports'),
              remoteRoute('adminCasinoIntProviders'),
              remoteRoute('adminCasinoIntReconciliation'),
              { path: ROUTES.adminChangePassword.path, element: <Loading><ChangePasswordPage area="admin" /></Loading> },
              { path: ROUTES.adminTransactionPassword.path, element: <Loading><TransactionPasswordPage area="admin" /></Loading> },
              { path: ROUTES.adminSecurityAuth.path, element: <Loading><SecurityPage area="admin" /></Loading> },
              { path: ROUTES.adminResponsibleGambling.path, element: <Loading><ResponsibleGamblingPage area="admin" /></Loading> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
