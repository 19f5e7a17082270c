import { useId } from 'react';
import { eventLabel, runnerLabel, type MarketBook, Pnl } from '@backlay/shared';
import { FRAMED_TABLE_STYLE, MARKET_TITLE_STYLE, marketTypeLabel } from './betting-common';
import { useT } from '../../i18n';

/**
 * One market of an agent's book: per runner (or fancy run zone) the downline players' combined
 * P&L if that outcome happens ('Users') and the agent's own result then ('Own', its share of the
 * opposite, docs/rules/money.md T27), with the number of open bets. The table scrolls inside its wrapper on a
 * phone.
 */
export function MarketBookTable({ book }: { book: MarketBook }) {
  const titleId = useId();
  const fancy = book.marketType === 'fancy';
  const t = useT();
  return (
    <section className="bl-market" aria-labelledby={titleId}>
      <header className="bl-market__head">
        <h3 id={titleId} style={MARKET_TITLE_STYLE}>{book.marketName}</h3>
        <small className="bl-muted">{marketTypeLabel(book.marketType)}</small>
        <span className="bl-badge" data-testid="bet-count">
          {t('dashboard.betCount', { count: book.betCount })}
        </span>
      </header>
      <div className="bl-table-wrap">
        <table className="bl-table bl-table--compact" style={FRAMED_TABLE_STYLE} aria-label={t('book.of', { market: book.marketName })}>
          <thead>
            <tr>
              <th scope="col">{fancy ? t('declare.runs') : t('book.runner')}</th>
              <th scope="col" className="num">
                {t('book.users')}
              </th>
              <th scope="col" className="num">
                {t('book.own')}
              </th>
            </tr>
          </thead>
          <tbody>
            {book.lines.map((line) => (
              <tr key={line.selectionId}>
                <th scope="row">{runnerLabel(line.name, line.clothNumber)}</th>
                <td className="num">
                  <Pnl rupees={line.usersPnl} />
                </td>
                <td className="num">
                  <Pnl rupees={line.ownPnl} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Books grouped by match, each match in the order its first market arrived (a race named with its off time). */
export function groupByMatch(books: readonly MarketBook[]): { matchId: string; matchName: string; sportId: number; books: MarketBook[] }[] {
  const groups = new Map<string, { matchId: string; matchName: string; sportId: number; books: MarketBook[] }>();
  for (const book of books) {
    const group = groups.get(book.matchId) ?? { matchId: book.matchId, matchName: eventLabel(book.matchName, book.sportId, book.matchOpenDate), sportId: book.sportId, books: [] };
    group.books.push(book);
    groups.set(book.matchId, group);
  }
  return [...groups.values()];
}
