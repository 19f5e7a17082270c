import type { ReactNode } from 'react';
import { Button, eventLabel, formatRupees, runnerLabel, type BetRow, type BetSortKey, formatBetPrice, formatDateTimeSeconds, sideClass, sideLabel } from '@backlay/shared';
import { SortHeader, type SortState } from '@backlay/shared/sortable';
import { t as translate, useT } from '../../i18n';

/** What a bet table shows besides the bet's own columns. */
export interface BetsTableOptions {
  /** The table's accessible name. */
  label: string;
  /** Show the match column (lists over every match). */
  showMatch?: boolean;
  /** Show why a bet was voided (the deleted list). */
  showVoidReason?: boolean;
  /** Row checkboxes: the selected bet ids and how to change them. */
  selection?: { selected: ReadonlySet<string>; onChange: (next: Set<string>) => void };
  /** A Delete button per row. */
  onDelete?: (bet: BetRow) => void;
  /**
   * Sortable headers: the list is paged, so the server sorts it (ADR 0068) and the page sends
   * the state with its request; the rows are shown as they come.
   */
  sorting?: { sort: SortState<BetSortKey> | null; onSort: (key: BetSortKey) => void };
}

/** "Bet of demo-user on India (Back 2.5, 100.00)": what a row's controls are named after. */
export function betLabel(bet: BetRow): string {
  return translate('bets.label', { username: bet.username, selection: runnerLabel(bet.selectionName, bet.clothNumber), side: sideLabel(bet.side), price: formatBetPrice(bet), stake: formatRupees(bet.stake) });
}

/**
 * Bets of the downline: user, match, market, selection, side, odds (or the fancy's line @
 * rate), stake and time placed; optionally sortable headers (the server's order), checkboxes and a Delete button per row. The
 * username stays in view while the table scrolls sideways on a phone.
 */
export function BetsTable({ rows, label, showMatch = false, showVoidReason = false, selection, onDelete, sorting }: BetsTableOptions & { rows: BetRow[] }) {
  const t = useT();
  // A column's header: a sorting header when the page sorts, else plain.
  const header = (text: string, key: BetSortKey, num = false): ReactNode =>
    sorting ? (
      <SortHeader label={text} sortKey={key} num={num} sort={sorting.sort} onSort={sorting.onSort} />
    ) : (
      <th scope="col" className={num ? 'num' : undefined}>
        {text}
      </th>
    );
  const allSelected = selection !== undefined && rows.length > 0 && rows.every((r) => selection.selected.has(r.betId));
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const r of rows) {
      if (allSelected) next.delete(r.betId);
      else next.add(r.betId);
    }
    selection.onChange(next);
  };
  const toggle = (betId: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(betId)) next.delete(betId);
    else next.add(betId);
    selection.onChange(next);
  };
  return (
    <div className="bl-table-wrap">
      <table className="bl-table bl-table--sticky" aria-label={label}>
        <thead>
          <tr>
            {header(t('bets.user'), 'username')}
            {selection ? (
              <th scope="col">
                <input type="checkbox" aria-label={t('bets.selectAll')} checked={allSelected} onChange={toggleAll} disabled={rows.length === 0} />
              </th>
            ) : null}
            {showMatch ? header(t('dashboard.match'), 'matchName') : null}
            {header(t('bets.market'), 'marketName')}
            {header(t('bets.selection'), 'selectionName')}
            {header(t('bets.side'), 'side')}
            {header(t('bets.odds'), 'odds', true)}
            {header(t('dashboard.stake'), 'stake', true)}
            {header(t('bets.placedAt'), 'createdAt')}
            {showVoidReason ? <th scope="col">{t('bets.reason')}</th> : null}
            {onDelete ? <th scope="col">{t('clients.col.actions')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((bet) => (
            <tr key={bet.betId}>
              <th scope="row">{bet.username}</th>
              {selection ? (
                <td>
                  <input type="checkbox" aria-label={t('bets.select', { bet: betLabel(bet) })} checked={selection.selected.has(bet.betId)} onChange={() => toggle(bet.betId)} />
                </td>
              ) : null}
              {showMatch ? <td>{eventLabel(bet.matchName, bet.sportId, bet.matchOpenDate)}</td> : null}
              <td>{bet.marketName}</td>
              <td>
                {runnerLabel(bet.selectionName, bet.clothNumber)}
                {bet.cashOut === true ? <span className="bl-badge bl-badge--cashout">{t('bets.cashOut')}</span> : null}
              </td>
              <td>
                <span className={sideClass(bet.side) === 'back' ? 'bl-fancy__side--yes' : 'bl-fancy__side--no'}>{sideLabel(bet.side)}</span>
              </td>
              <td className="num">{formatBetPrice(bet)}</td>
              <td className="num">{formatRupees(bet.stake)}</td>
              <td>{formatDateTimeSeconds(bet.createdAt)}</td>
              {showVoidReason ? <td className="bl-table__wrap">{bet.voidReason ?? '—'}</td> : null}
              {onDelete ? (
                <td>
                  <Button variant="secondary" className="bl-btn--small" aria-label={t('bets.delete', { bet: betLabel(bet) })} onClick={() => onDelete(bet)}>
                    {t('common.delete')}
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
