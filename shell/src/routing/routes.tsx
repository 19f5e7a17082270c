import { Navigate, Outlet, type RouteObject } from 'react-router';
import { ROUTES, type RouteDef, type RouteName } from '@backlay/shared';
import { RemoteScreen } from '../federation/RemoteScreen';
import type { RemoteName } from '../federation/remotes';
import { MainLayout } from '../layout/MainLayout';
import { ChangePasswordPage } from '../pages/ChangePasswordPage';
import { LoginPage } from '../pages/LoginPage';
import { MaintenancePage } from '../pages/MaintenancePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { TransactionPasswordPage } from '../pages/TransactionPasswordPage';
import { RequireAuth } from './RequireAuth';
import { RequireRole } from './RequireRole';
import { ScrollToTop } from './ScrollToTop';
import { ToastHost } from './ToastHost';

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
              { path: ROUTES.changePassword.path, element: <ChangePasswordPage area="player" /> },
              { path: ROUTES.transactionPassword.path, element: <TransactionPasswordPage area="player" /> },
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
              remoteRoute('adminDashbaord'),
              remoteRoute('adminMarketAnalysis'),
              remoteRoute('adminOdds'),
              remoteRoute('adminUnsettledBet'),
              remoteRoute('adminUnsettledBetType'),
              remoteRoute('adminProfitLoss'),
              remoteRoute('adminResults'),
              { path: ROUTES.adminChangePassword.path, element: <ChangePasswordPage area="admin" /> },
              { path: ROUTES.adminTransactionPassword.path, element: <TransactionPasswordPage area="admin" /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
