import { useState } from 'react';
import { Link, generatePath } from 'react-router';
import { ROUTES, type CasinoLastResult, type CasinoResultStats } from '@backlay/shared';
import { RoundCardDialog } from '../results/RoundCard';

/**
 * The last results of the table, newest first, as the game reads them: its own letter or number in
 * its colours (D / T / Tie, A / B, 17 in black). A tap opens that round's card (its winner, cards
 * and seeds, verified in the browser); "All results" goes to the table's results by day.
 */
export function ResultsStrip({ matchId, gameCode, results }: { matchId: string; gameCode: string; results: readonly CasinoLastResult[] }) {
  const base = generatePath(ROUTES.casinoResult.path, { matchId });
  const [open, setOpen] = useState<CasinoLastResult | null>(null);
  return (
    <nav className="bl-casino-results" aria-label="Last results">
      <span className="bl-muted">Last results</span>
      {results.length === 0 ? <span className="bl-muted">none yet</span> : null}
      <ol>
        {results.map((r) => (
          <li key={r.roundId}>
            <button type="button" className={`bl-casino-result bl-casino-result--${r.tone}`} aria-label={`Round ${r.roundId}: ${r.name}`} onClick={() => setOpen(r)}>
              {r.label}
            </button>
          </li>
        ))}
      </ol>
      <Link to={base}>All results</Link>
      {open ? <RoundCardDialog matchId={matchId} gameCode={gameCode} result={open} onClose={() => setOpen(null)} /> : null}
    </nav>
  );
}

/**
 * The table's statistics: of its last settled rounds, how often each outcome came (the game's
 * groups: Dragon / Tiger / Tie, Red / Black / Zero), most first, each with its share as a bar.
 */
export function ResultStats({ stats }: { stats: CasinoResultStats }) {
  if (stats.rounds === 0 || stats.groups.length === 0) return null;
  const title = `Last ${stats.rounds} round${stats.rounds === 1 ? '' : 's'}`;
  return (
    <section className="bl-casino-stats" aria-label={`Statistics of the last ${stats.rounds} rounds`}>
      <h2 className="bl-casino-stats__title">{title}</h2>
      <ul>
        {stats.groups.map((g) => {
          const percent = Math.round((g.count / stats.rounds) * 100);
          return (
            <li key={g.name} className="bl-casino-stats__row">
              <span className="bl-casino-stats__name">{g.name}</span>
              <span className="bl-casino-stats__bar" aria-hidden="true">
                <span className={`bl-casino-stats__fill bl-casino-result--${g.tone}`} style={{ width: `${percent}%` }} />
              </span>
              <span className="bl-casino-stats__count" aria-label={`${g.count} of ${stats.rounds}`}>
                {g.count}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
