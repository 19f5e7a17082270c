import { useEffect, useState } from 'react';
import { t } from '../i18n';

/**
 * Where a race stands for a player, as its row and its page say it: a countdown to the off
 * ("in 4m 05s", "in 1h 20m"), "Off" once it has started (in play, or past its off time while the
 * feed has not said so yet), "Result" once it is over (closed).
 */
export function raceClockText(race: { openDate: string; status: 'upcoming' | 'inplay' | 'closed'; inPlay: boolean }, nowMs: number): string {
  if (race.status === 'closed') return t('race.result');
  const left = Date.parse(race.openDate) - nowMs;
  if (race.status === 'inplay' || race.inPlay || !(left > 0)) return t('race.off');
  const seconds = Math.ceil(left / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return t('race.inHours', { h, m: String(m).padStart(2, '0') });
  return t('race.inMinutes', { m, s: String(s).padStart(2, '0') });
}

/** The time now, moving every `everyMs` while the component is on screen (the countdowns). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
