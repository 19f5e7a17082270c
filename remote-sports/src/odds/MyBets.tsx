import { EmptyState, Spinner, formatRupees, type Fancy, type Load, type Market, type PlacedBet } from '@backlay/shared';
import { formatBetOdds, formatBetTime, sideClass, sideLabel } from '../bets/bet-format';

/** The runner's (or fancy's) name and the market's name of a bet, from the live match. */
export function betNames(bet: PlacedBet, markets: readonly Market[], fancies: readonly Fancy[]): { selection: string; market: string } {
  if (bet.marketType === 'fancy') {
    return { selection: fancies.find((f) => f.fancyId === bet.marketId)?.name ?? bet.selectionId, market: 'Fancy' };
  }
  const market = markets.find((m) => m.marketId === bet.marketId);
  return { selection: market?.runners.find((r) => r.selectionId === bet.selectionId)?.name ?? bet.selectionId, market: market?.name ?? bet.marketId };
}

/** Newest first (the API's order may differ), by placement time. */
export function newestFirst(bets: readonly PlacedBet[]): PlacedBet[] {
  return [...bets].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * My Bets on the odds page: the player's bets on this match, newest first, blue for back / YES
 * and pink for lay / NO, with odds (or line / rate) and stake; a voided bet is struck through
 * and labelled Void.
 */
export function MyBets({ load, markets, fancies }: { load: Load<PlacedBet[]>; markets: readonly Market[]; fancies: readonly Fancy[] }) {
  const bets = load.state === 'done' ? newestFirst(load.value) : null;
  return (
    <section className="bl-mybets" aria-labelledby="bl-mybets-title">
      <h2 id="bl-mybets-title" className="bl-section-title">
        My Bets{bets ? ` (${bets.length})` : ''}
      </h2>
      {load.state === 'loading' ? <Spinner label="Loading your bets" /> : null}
      {load.state === 'fail' ? <EmptyState>Your bets could not be loaded: {load.message}</EmptyState> : null}
      {bets && bets.length === 0 ? <EmptyState>No bets on this match yet.</EmptyState> : null}
      {bets && bets.length > 0 ? (
        <div className="bl-table-wrap">
          <table className="bl-table bl-table--compact bl-bets" aria-label="My bets on this match">
            <thead>
              <tr>
                <th scope="col">Selection</th>
                <th scope="col">Side</th>
                <th scope="col" className="num">
                  Odds
                </th>
                <th scope="col" className="num">
                  Stake
                </th>
              </tr>
            </thead>
            <tbody>
              {bets.map((bet) => {
                const names = betNames(bet, markets, fancies);
                const voided = bet.status === 'voided';
                return (
                  <tr key={bet.betId} className={`bl-bet bl-bet--${sideClass(bet.side)}${voided ? ' bl-bet--void' : ''}`} data-status={bet.status}>
                    <th scope="row">
                      <span className="bl-bet__struck">{names.selection}</span> <small className="bl-muted">{names.market}</small>
                      {voided ? <span className="bl-badge bl-badge--void">Void</span> : null}
                      <small className="bl-bet__time">{formatBetTime(bet.createdAt)}</small>
                    </th>
                    <td className="bl-bet__struck">{sideLabel(bet.side)}</td>
                    <td className="num bl-bet__struck">{formatBetOdds(bet)}</td>
                    <td className="num bl-bet__struck">{formatRupees(bet.stake)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
