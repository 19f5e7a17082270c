import { NavLink, generatePath } from 'react-router';
import { ROUTES, isRacingSport, type SportItem, sportLabel } from '@backlay/shared';
import { useT } from './i18n';

/** A sport's page: its match list, or a racing sport's races (racing/{sportId}). */
export function sportPath(sportId: number): string {
  return generatePath(isRacingSport(sportId) ? ROUTES.racing.path : ROUTES.matchList.path, { sportId: String(sportId) });
}

/** A sport's name in the page's language when the list offers it; null for a sport that is off (its page does not name it). */
export function offeredSportName(sports: readonly SportItem[], sportId: number): string | null {
  const sport = sports.find((s) => s.sportId === sportId);
  return sport ? sportLabel(sport.sportId, sport.name) : null;
}

/** The sports as tabs (the match lists' and the racing pages'), each opening its sport's page (a racing sport its races). */
export function SportTabs({ sports, current }: { sports: readonly SportItem[]; current: number }) {
  const t = useT();
  return (
    <nav className="bl-tabs" aria-label={t('nav.sports')}>
      {sports.map((s) => (
        <NavLink key={s.sportId} to={sportPath(s.sportId)} className={s.sportId === current ? 'active' : undefined} aria-current={s.sportId === current ? 'page' : undefined}>
          {sportLabel(s.sportId, s.name)}
        </NavLink>
      ))}
    </nav>
  );
}
