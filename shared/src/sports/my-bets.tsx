import type { ReactNode } from 'react';
import { useSharedT } from '../i18n/shared-catalog';
import type { Load } from '../kernel/use-load';
import { EmptyState, Spinner } from '../ui/kit';

/**
 * The player's bets beside a market (the odds page's My Bets, the casino table's bets on the
 * round): the heading with the count, the load's spinner or failure, the empty text, then the
 * compact table of bets, newest first. Each page gives its columns and its rows (`BetTableRow`).
 */
export function MyBetsSection<T>({
  id,
  title,
  load,
  newestFirst,
  empty,
  label,
  columns,
  row,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  load: Load<T[]>;
  /** Orders the loaded bets, newest first. */
  newestFirst: (bets: readonly T[]) => T[];
  empty: string;
  /** The table's accessible name. */
  label: string;
  /** The header cells. */
  columns: ReactNode;
  row: (bet: T) => ReactNode;
}) {
  const t = useSharedT();
  const bets = load.state === 'done' ? newestFirst(load.value) : null;
  return (
    <section className="bl-mybets" aria-labelledby={id}>
      <h2 id={id} className="bl-section-title">
        {title}
        {bets ? ` (${bets.length})` : ''}
      </h2>
      {load.state === 'loading' ? <Spinner label={t('myBets.loading')} /> : null}
      {load.state === 'fail' ? <EmptyState>{t('myBets.failed', { message: load.message })}</EmptyState> : null}
      {bets && bets.length === 0 ? <EmptyState>{empty}</EmptyState> : null}
      {bets && bets.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--compact bl-bets" aria-label={label}>
            <thead>
              <tr>{columns}</tr>
            </thead>
            <tbody>{bets.map(row)}</tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** One bet's row: blue for back / YES, pink for lay / NO, struck through when voided; `data-status` for tests. */
export function BetTableRow({ kind, status, children }: { kind: 'back' | 'lay'; status: string; children: ReactNode }) {
  return (
    <tr className={`bl-bet bl-bet--${kind}${status === 'voided' ? ' bl-bet--void' : ''}`} data-status={status}>
      {children}
    </tr>
  );
}
