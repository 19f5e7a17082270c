import { Link, generatePath } from 'react-router';
import { ROUTES } from '@backlay/shared';

/**
 * The last results of the table, newest first: each round's winner code, a link to that round in
 * the table's results (with its cards and a Verify button).
 */
export function ResultsStrip({ matchId, results }: { matchId: string; results: ReadonlyArray<{ roundId: string; win: string }> }) {
  const base = generatePath(ROUTES.casinoResult.path, { matchId });
  return (
    <nav className="bl-casino-results" aria-label="Last results">
      <span className="bl-muted">Last results</span>
      {results.length === 0 ? <span className="bl-muted">none yet</span> : null}
      <ol>
        {results.map((r) => (
          <li key={r.roundId}>
            <Link className="bl-casino-result" to={`${base}?roundId=${encodeURIComponent(r.roundId)}`} aria-label={`Round ${r.roundId}: ${r.win}`}>
              {r.win}
            </Link>
          </li>
        ))}
      </ol>
      <Link to={base}>All results</Link>
    </nav>
  );
}
