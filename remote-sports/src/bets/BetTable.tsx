import {
  Pnl, eventLabel, formatRupees, runnerLabel, type BetRow, formatBetPrice, formatDateTimeSeconds, sideClass, betStatusLabel, sideLabel,
} from '@backlay/shared';
import { ReportTable, type ReportColumn } from '@backlay/shared/reports';
import { useT } from '../i18n';

type Translate = ReturnType<typeof useT>;

/**
 * The columns every bet table has: placed time, match and market, selection, side, odds, stake;
 * without an outcome (unsettled bets) a card leads with the side (Back / Lay) and the stake.
 */
function betColumns(t: Translate, open: boolean): ReportColumn<BetRow>[] {
  return [
    { name: t('bets.placed'), cell: (bet) => formatDateTimeSeconds(bet.createdAt) },
    {
      name: t('bets.matchMarket'),
      className: 'bl-table__wrap',
      cell: (bet) => (
        <>
          {eventLabel(bet.matchName, bet.sportId, bet.matchOpenDate)} <small className="bl-muted">{bet.marketName}</small>
        </>
      ),
    },
    {
      name: t('bets.selection'),
      rowHeader: true,
      className: 'bl-bet__struck',
      cell: (bet) => (
        <>
          {runnerLabel(bet.selectionName, bet.clothNumber)}
          {bet.cashOut === true ? <span className="bl-badge bl-badge--cashout">{t('cashOut.badge')}</span> : null}
        </>
      ),
    },
    { name: t('bets.side'), className: 'bl-bet__struck', cell: (bet) => sideLabel(bet.side), ...(open ? { lead: 'start' as const } : {}) },
    { name: t('bets.odds'), num: true, className: 'bl-bet__struck', cell: (bet) => formatBetPrice(bet) },
    { name: t('bets.stake'), num: true, className: 'bl-bet__struck', cell: (bet) => formatRupees(bet.stake), ...(open ? { lead: 'end' as const } : {}) },
  ];
}

/** With an outcome: the bet's P&L (the card's amount) and status (the card's status). */
function outcomeColumns(t: Translate): ReportColumn<BetRow>[] {
  return [
    ...betColumns(t, false),
    { name: t('bets.pnl'), num: true, lead: 'end', cell: (bet) => (bet.pnl === null ? '–' : <Pnl rupees={bet.pnl} />) },
    {
      name: t('bets.status'),
      lead: 'start',
      cell: (bet) => {
        const voided = bet.status === 'voided';
        return (
          <>
            <span className={`bl-badge bl-badge--${voided ? 'void' : bet.status}`} title={bet.voidReason ?? undefined}>
              {betStatusLabel(bet.status)}
            </span>
            {voided && bet.voidReason ? <small className="bl-muted"> {bet.voidReason}</small> : null}
          </>
        );
      },
    },
  ];
}

/**
 * The player's bets as a report table (stacked cards on a phone): placed time, match and market,
 * selection, side (blue for back / YES, pink for lay / NO), odds (or line / rate), stake, and with
 * `outcome` the bet's P&L and status. A voided bet is struck through and labelled Void, with its
 * reason. A race reads as its event name with its off time, its runner with the race-card number
 * (ADR 0045).
 */
export function BetTable({ rows, label, outcome = false }: { rows: readonly BetRow[]; label: string; outcome?: boolean }) {
  const t = useT();
  return (
    <ReportTable
      label={label}
      className="bl-bets"
      columns={outcome ? outcomeColumns(t) : betColumns(t, true)}
      rows={rows}
      rowKey={(bet) => bet.betId}
      rowProps={(bet) => ({ className: `bl-bet bl-bet--${sideClass(bet.side)}${bet.status === 'voided' ? ' bl-bet--void' : ''}`, 'data-status': bet.status })}
      empty={t('bets.empty')}
    />
  );
}
