import { ROUTES, isAdminPath, type Area, type RouteDef } from '@backlay/shared/contracts';
import type { RemoteName } from './early-manifests';

/** The remotes whose screens a signed-in area's routes draw (from the route table): what `bootstrap` asks the manifests of (ADR 0085). */
export function remotesOfArea(area: Area): RemoteName[] {
  const owners = new Set<RemoteName>();
  for (const def of Object.values(ROUTES) as RouteDef[]) {
    if (def.auth && def.owner !== 'shell' && def.redirect === undefined && isAdminPath(def.path) === (area === 'admin')) owners.add(def.owner as RemoteName);
  }
  return [...owners].sort();
}
