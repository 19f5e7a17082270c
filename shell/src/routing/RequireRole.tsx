import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../i18n';
import { Page, ROUTES, routeAllowsRole, useObservable, user$, type RouteDef, type RouteName, roleLabel } from '@backlay/shared';

/**
 * Guard of a route that only some roles may open (the route table's `roles`, docs/rules/product.md §6). Inside the
 * area's RequireAuth, so a user is signed in; any other role sees a 'not allowed' screen in the
 * layout instead of the page (the API refuses its calls as well).
 */
export function RequireRole({ route, children }: { route: RouteName; children: ReactNode }) {
  const t = useT();
  const user = useObservable(user$, null);
  if (routeAllowsRole(route, user?.role)) return <>{children}</>;
  const allowed = ((ROUTES[route] as RouteDef).roles ?? []).map((r) => roleLabel(r)).join(t('notAllowed.and'));
  return (
    <Page title={t('notAllowed.title')}>
      <p role="alert">
        {user ? t('notAllowed.messageWithRole', { allowed, role: roleLabel(user.role) }) : t('notAllowed.message', { allowed })}
      </p>
      <Link to={ROUTES.adminHome.path}>{t('notAllowed.back')}</Link>
    </Page>
  );
}
