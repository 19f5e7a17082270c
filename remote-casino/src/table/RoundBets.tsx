import { Pnl, EmptyState, Spinner, formatRupees, type CasinoBet, type Load } from '@backlay/shared';
import { formatCasinoTime, formatOdds } from '../format';

/** How a bet stands: its P&L once settled, Void once voided, Open before. */
function outcome(bet: CasinoBet) {
  if (bet.status === 'voided') return <span className="bl-badge bl-badge--void">Void</span>;
  if (bet.status === 'settled' && bet.pnl !== null) return <Pnl rupees={bet.pnl} />;
  return <span className="bl-muted">Open</span>;
}

/**
 * My bets on the round (GET casino-bets): newest first, blue for back and pink for lay, with the
 * price, the stake and, once the round settled, what each bet won or lost.
 */
export function RoundBets({ load }: { load: Load<CasinoBet[]> }) {
  const bets = load.state === 'done' ? [...load.value].sort((a, b) => b.placedAt.localeCompare(a.placedAt)) : null;
  return (
    <section className="bl-mybets" aria-labelledby="bl-casino-bets-title">
      <h2 id="bl-casino-bets-title" className="bl-section-title">
        My bets on this round{bets ? ` (${bets.length})` : ''}
      </h2>
      {load.state === 'loading' ? <Spinner label="Loading your bets" /> : null}
      {load.state === 'fail' ? <EmptyState>Your bets could not be loaded: {load.message}</EmptyState> : null}
      {bets && bets.length === 0 ? <EmptyState>No bets on this round yet.</EmptyState> : null}
      {bets && bets.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--compact bl-bets" aria-label="My bets on this round">
            <thead>
              <tr>
                <th scope="col">Selection</th>
                <th scope="col" className="num">
                  Odds
                </th>
                <th scope="col" className="num">
                  Stake
                </th>
                <th scope="col" className="num">
                  Result
                </th>
              </tr>
            </thead>
            <tbody>
              {bets.map((bet) => (
                <tr key={bet.betId} className={`bl-bet bl-bet--${bet.side === 'BACK' ? 'back' : 'lay'}${bet.status === 'voided' ? ' bl-bet--void' : ''}`} data-status={bet.status}>
                  <th scope="row">
                    <span className="bl-bet__struck">
                      {bet.side === 'BACK' ? 'Back' : 'Lay'} {bet.selectionName}
                    </span>{' '}
                    <small className="bl-muted">{bet.marketName}</small>
                    <small className="bl-bet__time">{formatCasinoTime(bet.placedAt)}</small>
                  </th>
                  <td className="num bl-bet__struck">{formatOdds(bet.odds)}</td>
                  <td className="num bl-bet__struck">{formatRupees(bet.stake)}</td>
                  <td className="num">{outcome(bet)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
