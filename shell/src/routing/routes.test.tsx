import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, matchPath, useLocation, type RouteObject } from 'react-router';
import { ROUTES, isAdminPath, type Area, type RouteDef, type RouteName } from '@backlay/shared';
import { RedirectTo } from './RedirectTo';
import { RequireAuth } from './RequireAuth';
import { RequireRole } from './RequireRole';
import { remoteScreenAt, routes } from './routes';

/** Every path of the tree with the area of the RequireAuth guard above it (null: public). */
function walk(tree: RouteObject[], area: Area | null = null, out: { path: string; area: Area | null }[] = []) {
  for (const route of tree) {
    const element = route.element as ReactElement<{ area: Area }> | undefined;
    const here = element?.type === RequireAuth ? element.props.area : area;
    if (route.path) out.push({ path: route.path, area: here });
    if (route.children) walk(route.children, here, out);
  }
  return out;
}

describe('the route tree', () => {
  const mounted = walk(routes);

  it('mounts every route of the route table once', () => {
    for (const def of Object.values(ROUTES)) {
      expect(mounted.filter((m) => m.path === def.path)).toHaveLength(1);
    }
  });

  it('guards each route limited to some roles with RequireRole, and no other', () => {
    const guarded = (tree: RouteObject[], out: string[] = []): string[] => {
      for (const route of tree) {
        const element = route.element as ReactElement | undefined;
        if (route.path && element?.type === RequireRole) out.push(route.path);
        if (route.children) guarded(route.children, out);
      }
      return out;
    };
    const expected = Object.values(ROUTES as Record<string, RouteDef>).filter((d) => d.roles).map((d) => d.path);
    expect(guarded(routes).sort()).toEqual(expected.sort());
    expect(expected).toEqual(expect.arrayContaining(['/admin/sports-list/:url?', '/admin/messages', '/admin/active-markets/:matchId']));
  });

  it('guards each signed-in route by the area its path belongs to', () => {
    for (const def of Object.values(ROUTES)) {
      const route = mounted.find((m) => m.path === def.path);
      expect({ path: def.path, area: route?.area ?? null }).toEqual({ path: def.path, area: def.auth ? (isAdminPath(def.path) ? 'admin' : 'player') : null });
    }
  });
  it('sends a redirect route on to the route it names', () => {
    const redirects = Object.values(ROUTES as Record<string, RouteDef>).filter((d) => d.redirect !== undefined);
    expect(redirects.map((d) => [d.path, d.redirect])).toEqual([
      ['/dashboard', 'home'],
      ['/casino-games', 'casinoList'],
      ['/casino-in/:type?', 'casinoInt'],
    ]);
    for (const def of redirects) {
      const found = (function find(tree: RouteObject[]): RouteObject | undefined {
        for (const route of tree) {
          if (route.path === def.path) return route;
          const inner = route.children ? find(route.children) : undefined;
          if (inner) return inner;
        }
        return undefined;
      })(routes);
      const element = found?.element as ReactElement<{ route: string }> | undefined;
      expect(element?.type).toBe(RedirectTo);
      expect(element?.props.route).toBe(def.redirect);
    }
  });
});

describe('RedirectTo', () => {
  /** Open `from` in a router of the redirect rows and a catch-all that shows where the browser ended. */
  function land(from: string): string {
    const Where = () => {
      const { pathname, search } = useLocation();
      return <p data-testid="where">{pathname + search}</p>;
    };
    const redirects = Object.values(ROUTES as Record<string, RouteDef>).filter((d) => d.redirect !== undefined);
    const { unmount } = render(
      <MemoryRouter initialEntries={[from]}>
        <Routes>
          {redirects.map((d) => (
            <Route key={d.path} path={d.path} element={<RedirectTo route={d.redirect as RouteName} />} />
          ))}
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    const where = screen.getByTestId('where').textContent ?? '';
    unmount();
    return where;
  }

  it('sends /dashboard home', () => {
    expect(land('/dashboard')).toBe('/');
  });

  it("sends SPEC's /casino-games to the live casino list", () => {
    expect(land('/casino-games')).toBe('/casino-list/LC/4');
  });

  it("sends SPEC's /casino-in/{type} to the international casino of that type, with its query", () => {
    expect(land('/casino-in/evolution?category=roulette')).toBe('/casino-int/evolution?category=roulette');
    expect(land('/casino-in')).toBe('/casino-int');
  });
});

describe('remoteScreenAt (the screen and parameters a page opens on, ADR 0082 and 0085)', () => {
  afterEach(() => localStorage.clear());

  it("gives a signed-in player's odds page with its match id, and the home page with none", () => {
    localStorage.setItem('token', 't');
    expect(remoteScreenAt('/odds/1.2345')).toEqual({ remote: 'sports', screen: 'odds', params: { matchId: '1.2345' } });
    expect(remoteScreenAt('/match/1/in-play')).toEqual({ remote: 'sports', screen: 'matchList', params: { sportId: '1', status: 'in-play' } });
    expect(remoteScreenAt('/')).toMatchObject({ remote: 'sports', screen: 'home', params: {} });
  });

  it('answers what matching every route would, for a path of each route (its leading static segments only skip what cannot match)', () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('token-admin', 't');
    const bruteForce = (pathname: string) => {
      let best: { remote: string; screen: string; params: Record<string, string | undefined>; rank: number } | null = null;
      for (const name of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
        const def: RouteDef = ROUTES[name];
        if (def.owner === 'shell' || def.redirect !== undefined || !def.auth) continue;
        const match = matchPath({ path: def.path, end: true }, pathname);
        if (!match) continue;
        const rank = def.path.split('/').filter((part) => part !== '' && !part.startsWith(':')).length;
        if (!best || rank > best.rank) best = { remote: def.owner, screen: name, params: match.params, rank };
      }
      return best && { remote: best.remote, screen: best.screen, params: best.params };
    };
    const samples = (Object.values(ROUTES) as RouteDef[]).flatMap((def) => {
      const filled = def.path.replace(/:(\w+)\?/g, 'opt').replace(/:(\w+)/g, '42').replace(/\*$/, 'rest');
      return [filled, filled.toUpperCase(), `${filled}/extra`, def.path.replace(/\/:\w+\?/g, '')];
    });
    expect(samples.length).toBeGreaterThan(200);
    let found = 0;
    for (const pathname of [...samples, '/', '', '/nowhere', '/admin', '/admin/nowhere/1']) {
      const expected = bruteForce(pathname);
      if (expected) found += 1;
      expect({ pathname, at: remoteScreenAt(pathname) }).toEqual({ pathname, at: expected });
    }
    expect(found).toBeGreaterThan(100);
  });

  it('gives nothing without a session of the area, or for a page of the shell', () => {
    expect(remoteScreenAt('/odds/1.2345')).toBeNull();
    localStorage.setItem('token', 't');
    expect(remoteScreenAt('/login')).toBeNull();
  });
});
