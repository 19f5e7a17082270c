import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page, ROLE_LABELS, ROUTES, routeAllowsRole, useObservable, user$, type RouteDef, type RouteName } from '@backlay/shared';

/**
 * Guard of a route that only some roles may open (the route table's `roles`, docs/rules/product.md §6). Inside the
 * area's RequireAuth, so a user is signed in; any other role sees a 'not allowed' screen in the
 * layout instead of the page (the API refuses its calls as well).
 */
export function RequireRole({ route, children }: { route: RouteName; children: ReactNode }) {
  const user = useObservable(user$, null);
  if (routeAllowsRole(route, user?.role)) return <>{children}</>;
  const allowed = ((ROUTES[route] as RouteDef).roles ?? []).map((r) => ROLE_LABELS[r]).join(' and ');
  return (
    <Page title="Not allowed">
      <p role="alert">
        This page is only for {allowed}. Your role{user ? ` (${user.roleLabel})` : ''} is not allowed to open it.
      </p>
      <Link to={ROUTES.adminHome.path}>Back to your clients</Link>
    </Page>
  );
}
