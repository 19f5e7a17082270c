import { ROUTES, type RouteDef, type RouteName } from '@backlay/shared';
import { navKey } from '../layout/MainLayout';
import en from './en.json';
import hi from './hi.json';

/**
 * The menu's words come from the shell catalog (`nav.<route name>`): the route table's label is
 * their English, so a new menu row without its key, or a key whose English drifted from the
 * table, fails here.
 */
describe('the menu labels of the shell catalog', () => {
  const entries = (Object.keys(ROUTES) as RouteName[]).flatMap((name) => {
    const nav = (ROUTES[name] as RouteDef).nav ?? [];
    return nav.map((entry, index) => [navKey(name, index, nav.length), entry.label] as const);
  });

  it('has every menu link of the route table, in English as the table says it', () => {
    const catalog: Record<string, string> = en;
    expect(entries.filter(([key, label]) => catalog[key] !== label)).toEqual([]);
  });

  it('has no menu key that the route table lacks', () => {
    const keys = new Set<string>(entries.map(([key]) => key));
    expect(Object.keys(hi).filter((key) => /^nav\.(?!main$|more$|waiting$)/.test(key) && !keys.has(key))).toEqual([]);
  });
});
