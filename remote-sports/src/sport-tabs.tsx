import { NavLink, generatePath } from 'react-router';
import { ROUTES, isRacingSport, type SportItem } from '@backlay/shared';

/** A sport's page: its match list, or a racing sport's races (racing/{sportId}). */
export function sportPath(sportId: number): string {
  return generatePath(isRacingSport(sportId) ? ROUTES.racing.path : ROUTES.matchList.path, { sportId: String(sportId) });
}

/** The sports as tabs (the match lists' and the racing pages'), each opening its sport's page (a racing sport its races). */
export function SportTabs({ sports, current }: { sports: readonly SportItem[]; current: number }) {
  return (
    <nav className="bl-tabs" aria-label="Sports">
      {sports.map((s) => (
        <NavLink key={s.sportId} to={sportPath(s.sportId)} className={s.sportId === current ? 'active' : undefined} aria-current={s.sportId === current ? 'page' : undefined}>
          {s.name}
        </NavLink>
      ))}
    </nav>
  );
}
