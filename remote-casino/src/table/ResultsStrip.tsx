import { useState } from 'react';
import { Link, generatePath } from 'react-router';
import { ROUTES, type CasinoLastResult, type CasinoResultStats } from '@backlay/shared';
import { useT } from '../i18n';
import { runnerName } from '../ui/hands';
import { RoundCardDialog } from '../results/RoundCard';

/**
 * The last results of the table, newest first, as the game reads them: its own letter or number in
 * its colours (D / T / Tie, A / B, 17 in black). A tap opens that round's card (its winner, cards
 * and seeds, verified in the browser); "All results" goes to the table's results by day.
 */
export function ResultsStrip({ matchId, gameCode, results }: { matchId: string; gameCode: string; results: readonly CasinoLastResult[] }) {
  const t = useT();
  const base = generatePath(ROUTES.casinoResult.path, { matchId });
  const [open, setOpen] = useState<CasinoLastResult | null>(null);
  return (
    <nav className="bl-casino-results" aria-label={t('results.label')}>
      <span className="bl-muted">{t('results.label')}</span>
      {results.length === 0 ? <span className="bl-muted">{t('results.none')}</span> : null}
      <ol>
        {results.map((r) => (
          <li key={r.roundId}>
            <button type="button" className={`bl-casino-result bl-casino-result--${r.tone}`} aria-label={t('results.round', { roundId: r.roundId, name: runnerName(r.name, t) })} onClick={() => setOpen(r)}>
              {r.label}
            </button>
          </li>
        ))}
      </ol>
      <Link to={base}>{t('results.all')}</Link>
      {open ? <RoundCardDialog matchId={matchId} gameCode={gameCode} result={open} onClose={() => setOpen(null)} /> : null}
    </nav>
  );
}

/**
 * The table's statistics: of its last settled rounds, how often each outcome came (the game's
 * groups: Dragon / Tiger / Tie, Red / Black / Zero), most first, each with its share as a bar.
 */
export function ResultStats({ stats }: { stats: CasinoResultStats }) {
  const t = useT();
  if (stats.rounds === 0 || stats.groups.length === 0) return null;
  const title = t('stats.title', { count: stats.rounds });
  return (
    <section className="bl-casino-stats" aria-label={t('stats.label', { count: stats.rounds })}>
      <h2 className="bl-casino-stats__title">{title}</h2>
      <ul>
        {stats.groups.map((g) => {
          const percent = Math.round((g.count / stats.rounds) * 100);
          return (
            <li key={g.name} className="bl-casino-stats__row">
              <span className="bl-casino-stats__name">{runnerName(g.name, t)}</span>
              <span className="bl-casino-stats__bar" aria-hidden="true">
                <span className={`bl-casino-stats__fill bl-casino-result--${g.tone}`} style={{ width: `${percent}%` }} />
              </span>
              <span className="bl-casino-stats__count" aria-label={t('stats.count', { count: g.count, total: stats.rounds })}>
                {g.count}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
