import type { Score } from '@backlay/shared';

/**
 * The live score of a match: the one-line summary, the detail lines, and a ball in progress. A
 * race's (`racing`: the field, the running order) has no "home v away" line: its venue and race
 * name are the page's title.
 */
export function ScorePanel({ score, racing = false }: { score: Score; racing?: boolean }) {
  return (
    <section className="bl-score" aria-label={racing ? 'Race' : 'Score'}>
      {racing ? null : (
        <div className="bl-score__teams">
          <span>{score.home}</span>
          <span aria-hidden="true">v</span>
          <span>{score.away}</span>
        </div>
      )}
      <p className="bl-score__summary" aria-live="polite">
        {score.summary}
      </p>
      {score.detail.length > 0 ? (
        <ul className="bl-score__detail">
          {score.detail.map((line, i) => (
            <li key={`${i}:${line}`}>{line}</li>
          ))}
        </ul>
      ) : null}
      {score.ballRunning ? <span className="bl-badge bl-badge--live">Ball running</span> : null}
    </section>
  );
}
