import {
  BetTableRow, MyBetsSection, compareCodeUnits, formatRupees, raceMarketTitle, runnerLabel, type Fancy, type Load, type Market, type PlacedBet, formatBetPrice, formatDateTimeSeconds, sideClass, betStatusLabel, sideLabel,
} from '@backlay/shared';
import { t as translate, useT } from '../i18n';

/**
 * The runner's (or fancy's) name and the market's name of a bet, from the live match; on a race
 * the runner with its race-card number and the market as Win or "To be placed · k places".
 */
export function betNames(bet: PlacedBet, markets: readonly Market[], fancies: readonly Fancy[], racing = false): { selection: string; market: string } {
  if (bet.marketType === 'fancy') {
    return { selection: fancies.find((f) => f.fancyId === bet.marketId)?.name ?? bet.selectionId, market: translate('market.fancy') };
  }
  const market = markets.find((m) => m.marketId === bet.marketId);
  const runner = market?.runners.find((r) => r.selectionId === bet.selectionId);
  if (racing) {
    return { selection: runner ? runnerLabel(runner.name, runner.clothNumber) : bet.selectionId, market: market ? raceMarketTitle(market.numberOfWinners) : bet.marketId };
  }
  return { selection: runner?.name ?? bet.selectionId, market: market?.name ?? bet.marketId };
}

/** Newest first (the API's order may differ), by placement time. */
export function newestFirst(bets: readonly PlacedBet[]): PlacedBet[] {
  return [...bets].sort((a, b) => compareCodeUnits(b.createdAt, a.createdAt));
}

/**
 * My Bets on the odds page: the player's bets on this match, newest first, blue for back / YES
 * and pink for lay / NO, with odds (or line / rate) and stake; a voided bet is struck through
 * and labelled Void.
 */
export function MyBets({ load, markets, fancies, racing = false }: { load: Load<PlacedBet[]>; markets: readonly Market[]; fancies: readonly Fancy[]; racing?: boolean }) {
  const t = useT();
  return (
    <MyBetsSection
      id="bl-mybets-title"
      title={t('myBets.title')}
      load={load}
      newestFirst={newestFirst}
      empty={t(racing ? 'myBets.emptyRace' : 'myBets.emptyMatch')}
      label={t(racing ? 'myBets.labelRace' : 'myBets.labelMatch')}
      columns={
        <>
          <th scope="col">{t('bets.selection')}</th>
          <th scope="col">{t('bets.side')}</th>
          <th scope="col" className="num">
            {t('bets.odds')}
          </th>
          <th scope="col" className="num">
            {t('bets.stake')}
          </th>
        </>
      }
      row={(bet) => {
        const names = betNames(bet, markets, fancies, racing);
        return (
          <BetTableRow key={bet.betId} kind={sideClass(bet.side)} status={bet.status}>
            <th scope="row">
              <span className="bl-bet__struck">{names.selection}</span> <small className="bl-muted">{names.market}</small>
              {bet.status === 'voided' ? <span className="bl-badge bl-badge--void">{betStatusLabel('voided')}</span> : null}
              {bet.cashOut === true ? <span className="bl-badge bl-badge--cashout">{t('cashOut.badge')}</span> : null}
              <small className="bl-bet__time">{formatDateTimeSeconds(bet.createdAt)}</small>
            </th>
            <td className="bl-bet__struck">{sideLabel(bet.side)}</td>
            <td className="num bl-bet__struck">{formatBetPrice(bet)}</td>
            <td className="num bl-bet__struck">{formatRupees(bet.stake)}</td>
          </BetTableRow>
        );
      }}
    />
  );
}
