import { localizeApiMessage, type Score } from '@backlay/shared';
import { useT } from '../i18n';

/**
 * The live score of a match: the one-line summary, the detail lines, and a ball in progress, in the
 * page's language (the feed's score words are the API's, SCORE_WORDS: names and figures as sent). A
 * race's (`racing`: the field, the running order) has no "home v away" line: its venue and race
 * name are the page's title.
 */
export function ScorePanel({ score, racing = false }: { score: Score; racing?: boolean }) {
  const t = useT();
  return (
    <section className="bl-score" aria-label={t(racing ? 'score.race' : 'score.score')}>
      {racing ? null : (
        <div className="bl-score__teams">
          <span>{score.home}</span>
          <span aria-hidden="true">{t('score.versus')}</span>
          <span>{score.away}</span>
        </div>
      )}
      <p className="bl-score__summary" aria-live="polite">
        {localizeApiMessage(score.summary)}
      </p>
      {score.detail.length > 0 ? (
        <ul className="bl-score__detail">
          {score.detail.map((line, i) => (
            <li key={`${i}:${line}`}>{localizeApiMessage(line)}</li>
          ))}
        </ul>
      ) : null}
      {/* The badge's line is kept while no ball is running: the panel keeps its height, and the
          markets under it do not jump at every ball (layout shift, ADR 0082). */}
      <p className="bl-score__ball">{score.ballRunning ? <span className="bl-badge bl-badge--live">{t('marketStatus.ball_running')}</span> : null}</p>
    </section>
  );
}
