import { Pnl, eventLabel, formatRupees, runnerLabel, type BetRow, formatBetPrice, formatDateTimeSeconds, sideClass, sideLabel, BET_STATUS_LABELS } from '@backlay/shared';
import { ReportTable, type ReportColumn } from '@backlay/shared/reports';

/** The columns every bet table has: placed time, match and market, selection, side, odds, stake. */
const BET_COLUMNS: readonly ReportColumn<BetRow>[] = [
  { name: 'Placed', cell: (bet) => formatDateTimeSeconds(bet.createdAt) },
  {
    name: 'Match / market',
    className: 'bl-table__wrap',
    cell: (bet) => (
      <>
        {eventLabel(bet.matchName, bet.sportId, bet.matchOpenDate)} <small className="bl-muted">{bet.marketName}</small>
      </>
    ),
  },
  {
    name: 'Selection',
    rowHeader: true,
    className: 'bl-bet__struck',
    cell: (bet) => (
      <>
        {runnerLabel(bet.selectionName, bet.clothNumber)}
        {bet.cashOut === true ? <span className="bl-badge bl-badge--cashout">Cash out</span> : null}
      </>
    ),
  },
  { name: 'Side', className: 'bl-bet__struck', cell: (bet) => sideLabel(bet.side) },
  { name: 'Odds', num: true, className: 'bl-bet__struck', cell: (bet) => formatBetPrice(bet) },
  { name: 'Stake', num: true, className: 'bl-bet__struck', cell: (bet) => formatRupees(bet.stake) },
];

/** With `outcome`: the bet's P&L (the card's amount) and status (the card's status). */
const OUTCOME_COLUMNS: readonly ReportColumn<BetRow>[] = [
  ...BET_COLUMNS,
  { name: 'P&L', num: true, lead: 'end', cell: (bet) => (bet.pnl === null ? '–' : <Pnl rupees={bet.pnl} />) },
  {
    name: 'Status',
    lead: 'start',
    cell: (bet) => {
      const voided = bet.status === 'voided';
      return (
        <>
          <span className={`bl-badge bl-badge--${voided ? 'void' : bet.status}`} title={bet.voidReason ?? undefined}>
            {BET_STATUS_LABELS[bet.status]}
          </span>
          {voided && bet.voidReason ? <small className="bl-muted"> {bet.voidReason}</small> : null}
        </>
      );
    },
  },
];

/** Without an outcome (unsettled bets), a card leads with the side (Back / Lay) and the stake. */
const OPEN_LEADS: Readonly<Record<string, 'start' | 'end'>> = { Side: 'start', Stake: 'end' };
const OPEN_COLUMNS: readonly ReportColumn<BetRow>[] = BET_COLUMNS.map((c) => (OPEN_LEADS[c.name] ? { ...c, lead: OPEN_LEADS[c.name] } : c));

/**
 * The player's bets as a report table (stacked cards on a phone): placed time, match and market,
 * selection, side (blue for back / YES, pink for lay / NO), odds (or line / rate), stake, and with
 * `outcome` the bet's P&L and status. A voided bet is struck through and labelled Void, with its
 * reason. A race reads as its event name with its off time, its runner with the race-card number
 * (ADR 0045).
 */
export function BetTable({ rows, label, outcome = false }: { rows: readonly BetRow[]; label: string; outcome?: boolean }) {
  return (
    <ReportTable
      label={label}
      className="bl-bets"
      columns={outcome ? OUTCOME_COLUMNS : OPEN_COLUMNS}
      rows={rows}
      rowKey={(bet) => bet.betId}
      rowProps={(bet) => ({ className: `bl-bet bl-bet--${sideClass(bet.side)}${bet.status === 'voided' ? ' bl-bet--void' : ''}`, 'data-status': bet.status })}
      empty="No records found"
    />
  );
}
