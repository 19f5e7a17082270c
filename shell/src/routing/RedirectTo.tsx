import { Navigate, generatePath, useLocation, useParams } from 'react-router';
import { ROUTES, type RouteName } from '@backlay/shared';

/**
 * The element of a `redirect` row of the route table: on to the route it names, carrying this
 * path's parameters (`/casino-in/:type?` → `/casino-int/:type?`) and the query. An optional
 * parameter the path does not have drops out of the target (`/casino-games` → `/casino-list/LC/4`).
 */
export function RedirectTo({ route }: { route: RouteName }) {
  const params = useParams();
  const { search } = useLocation();
  const pathname = generatePath(ROUTES[route].path as string, params as Record<string, string>);
  return <Navigate to={{ pathname, search }} replace />;
}
