import { Pnl, eventLabel, formatRupees, runnerLabel, type BetRow, formatBetPrice, formatDateTimeSeconds, sideClass, sideLabel, BET_STATUS_LABELS } from '@backlay/shared';

/**
 * The player's bets as a table: placed time, match and market, selection, side (blue for back /
 * YES, pink for lay / NO), odds (or line / rate), stake, and with `outcome` the bet's P&L and
 * status. A voided bet is struck through and labelled Void, with its reason. A race reads as its
 * event name with its off time, its runner with the race-card number (ADR 0045).
 */
export function BetTable({ rows, label, outcome = false }: { rows: readonly BetRow[]; label: string; outcome?: boolean }) {
  const columns = outcome ? 8 : 6;
  return (
    <div className="bl-table-wrap">
      <table className="bl-table bl-bets" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Placed</th>
            <th scope="col">Match / market</th>
            <th scope="col">Selection</th>
            <th scope="col">Side</th>
            <th scope="col" className="num">
              Odds
            </th>
            <th scope="col" className="num">
              Stake
            </th>
            {outcome ? (
              <>
                <th scope="col" className="num">
                  P&amp;L
                </th>
                <th scope="col">Status</th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns} className="bl-empty">
                No records found
              </td>
            </tr>
          ) : (
            rows.map((bet) => {
              const voided = bet.status === 'voided';
              return (
                <tr key={bet.betId} className={`bl-bet bl-bet--${sideClass(bet.side)}${voided ? ' bl-bet--void' : ''}`} data-status={bet.status}>
                  <td>{formatDateTimeSeconds(bet.createdAt)}</td>
                  <td className="bl-table__wrap">
                    {eventLabel(bet.matchName, bet.sportId, bet.matchOpenDate)} <small className="bl-muted">{bet.marketName}</small>
                  </td>
                  <th scope="row" className="bl-bet__struck">
                    {runnerLabel(bet.selectionName, bet.clothNumber)}
                    {bet.cashOut === true ? <span className="bl-badge bl-badge--cashout">Cash out</span> : null}
                  </th>
                  <td className="bl-bet__struck">{sideLabel(bet.side)}</td>
                  <td className="num bl-bet__struck">{formatBetPrice(bet)}</td>
                  <td className="num bl-bet__struck">{formatRupees(bet.stake)}</td>
                  {outcome ? (
                    <>
                      <td className="num">{bet.pnl === null ? '–' : <Pnl rupees={bet.pnl} />}</td>
                      <td>
                        <span className={`bl-badge bl-badge--${voided ? 'void' : bet.status}`} title={bet.voidReason ?? undefined}>
                          {BET_STATUS_LABELS[bet.status]}
                        </span>
                        {voided && bet.voidReason ? <small className="bl-muted"> {bet.voidReason}</small> : null}
                      </td>
                    </>
                  ) : null}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
