import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  Pnl, BuildTag, Button, EmptyState, Page, Spinner, isRacingSport, raceMarketTitle, useApis, type Fancy, type Market, type MarketPosition, type MarketType, useMatchState, formatDateTimeMinutes, formatRunnerPrice, useLoad, priceConnectionText, earlyAnswerOr,
} from '@backlay/shared';
// By subpath, not through the @backlay/shared singleton: a phone's slip loads with its page,
// not on every first page (ADR 0025's budget).
import { SlipSheet } from '@backlay/shared/slip-sheet';
import { matchPhaseText, matchPhase, splitFancies } from '../format';
import { useT } from '../i18n';
import { RaceHeader } from '../racing/RaceHeader';
import { RulesDialog } from '../rules/RulesDialog';
import { matchDetailCall } from '../first-calls';
import { BetSlip } from './BetSlip';
import { CashOutOffers, CashOutPanel } from './CashOut';
import { FancyList } from './FancyList';
import { MarketLadder } from './MarketLadder';
import { MyBets } from './MyBets';
import { RunBookDialog } from './RunBookDialog';
import { ScorePanel } from './ScorePanel';
import { fancySettledText } from './settled';
import { OneClickBar, useOneClick } from './OneClick';
import { oneClickRequest, placedNotice, selectionLabel, selectionMarketId, type SlipSelection } from './slip';
import { usePlayerBook } from './use-player-book';

/** The order of market families on the page. */
const TYPE_ORDER: Record<Market['type'], number> = { match_odds: 0, bookmaker: 1, over_under: 2 };

/**
 * Markets grouped by family (match odds, bookmaker, over/under), keeping the server's order inside
 * each; a race's WIN market (one winner) before its PLACE market.
 */
export function orderMarkets(markets: Market[]): Market[] {
  return markets
    .map((m, i) => ({ m, i }))
    .sort((a, b) => TYPE_ORDER[a.m.type] - TYPE_ORDER[b.m.type] || a.m.numberOfWinners - b.m.numberOfWinners || a.i - b.i)
    .map(({ m }) => m);
}

/**
 * The fancy sessions that closed, folded away under the open ones: each line's name and, once
 * settled, the result its bets were settled on (never the feed's own word, which can differ
 * from a declared result); a line where the player still has exposure (not settled yet) shows it
 * with its Book button. Bets on them stay under My Bets.
 */
export function ClosedSessions({ fancies, exposures, onBook }: { fancies: Fancy[]; exposures?: ReadonlyMap<string, number>; onBook?: (fancy: Fancy) => void }) {
  const t = useT();
  if (fancies.length === 0) return null;
  return (
    <details className="bl-closed-sessions">
      <summary>{t('odds.closedSessionsCount', { count: fancies.length })}</summary>
      <ul aria-label={t('odds.closedSessions')}>
        {fancies.map((f) => {
          const exposure = exposures?.get(f.fancyId);
          return (
            <li key={f.fancyId} aria-label={f.name}>
              <span>{f.name}</span>
              {exposure !== undefined ? (
                <span className="bl-fancy__book">
                  <span className="bl-muted">{t('odds.exposure')}</span> <Pnl rupees={-exposure} />
                  {onBook ? (
                    <Button variant="secondary" className="bl-btn--small" aria-label={t('odds.bookOf', { name: f.name })} onClick={() => onBook(f)}>
                      {t('odds.book')}
                    </Button>
                  ) : null}
                </span>
              ) : null}
              {f.settled !== null ? (
                <span className="bl-settled" role="status">
                  {fancySettledText(f)}
                </span>
              ) : (
                <span className="bl-muted">{t('odds.awaitingResult')}</span>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}

/** The runner P&L of a runner market's position, by selection id (rupees). */
function pnlOf(position: MarketPosition | undefined): ReadonlyMap<string, number> | undefined {
  return position ? new Map(position.profitlist.map((row) => [row.selectionId, row.profit])) : undefined;
}

/**
 * odds/{matchId}: the match header and score, then every market of the match live from the data
 * socket — match odds, bookmaker and over/under ladders and the fancy sessions — each with its
 * limits, its Rules pop-up and an overlay while suspended or while a ball is being bowled. A
 * price opens the bet slip under its market (or fancy line), on a phone as a bottom sheet
 * (SlipSheet), or with one-click betting on places the bet at once (the one-click bar, ADR
 * 0055); each runner shows the player's P&L
 * and each fancy with bets its exposure and run book; My Bets lists the bets on the match.
 */
export function OddsPage() {
  const { matchId = '' } = useParams();
  return <MatchOdds key={matchId} matchId={matchId} />;
}

/**
 * How long the markets wait, once their first prices are here, for the player's positions: a slow
 * positions answer does not hold the prices longer than this.
 */
export const POSITIONS_WAIT_MS = 1_000;

/**
 * Whether the markets are drawn: with their first prices and the player's first positions, which
 * put a cash-out panel under each market the player has a position on. Drawn before the positions,
 * each panel that came would move the markets below it down (a layout shift, ADR 0082). The
 * positions are asked with the page's route module (ADR 0085), so they are normally here first;
 * a slower answer is waited for at most POSITIONS_WAIT_MS after the prices.
 */
function useMarketsShown(pricesHere: boolean, positionsKnown: boolean): boolean {
  const [waitedOut, setWaitedOut] = useState(false);
  const waiting = pricesHere && !positionsKnown && !waitedOut;
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => setWaitedOut(true), POSITIONS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return pricesHere && (positionsKnown || waitedOut);
}

function MatchOdds({ matchId }: { matchId: string }) {
  const t = useT();
  const { sports: sportsApi } = useApis();
  const { load: detail } = useLoad(() => earlyAnswerOr(matchDetailCall(sportsApi, matchId)), matchId);
  const [rules, setRules] = useState<MarketType | null>(null);
  const [slip, setSlip] = useState<SlipSelection | null>(null);
  const [book, setBook] = useState<Fancy | null>(null);
  const data = useMatchState(matchId);
  const player = usePlayerBook(matchId);
  const marketsShown = useMarketsShown(data.status !== 'connecting', player.positionsKnown || data.status === 'unavailable');
  const oneClick = useOneClick(player.place, (reply, sent) => placedNotice(reply, sent, 'marketId' in sent ? data.markets.find((m) => m.marketId === sent.marketId) : undefined));

  if (detail.state === 'loading') return <Spinner label={t('odds.loading')} />;
  if (detail.state === 'fail') {
    return (
      <Page title={t('odds.match')}>
        <EmptyState>{t('odds.failed', { message: detail.message })}</EmptyState>
        <Link to="/">{t('odds.backToMatches')}</Link>
      </Page>
    );
  }

  const match = detail.value;
  const racing = isRacingSport(match.sportId);
  const markets = orderMarkets(data.markets);
  // A finished (closed) match is never In-play, whatever the last score says; a match that ends
  // while the page is open turns Finished with the delta that says so.
  const phase = matchPhase({ ...match, status: data.matchStatus ?? match.status }, data.score?.inPlay);
  const fancies = splitFancies(data.fancies);
  const slipMarketId = slip ? selectionMarketId(slip) : null;
  const betSlip = (marketId: string, live: { market?: Market; fancy?: Fancy }) =>
    slip && slipMarketId === marketId ? (
      <BetSlip
        key={JSON.stringify(slip)}
        matchId={matchId}
        selection={slip}
        market={live.market}
        fancy={live.fancy}
        racing={racing}
        position={player.positions.get(marketId)}
        stakeButtons={player.stakeButtons}
        place={player.place}
        oddsAcceptance={player.preferences.oddsAcceptance}
        onOddsAcceptance={(oddsAcceptance) => void player.savePreferences({ oddsAcceptance })}
        onPlaced={() => setSlip(null)}
        onCancel={() => setSlip(null)}
      />
    ) : null;
  const marketTitle = (m: Market) => (racing ? raceMarketTitle(m.numberOfWinners) : m.name);

  // The slip under its market, on a phone as a bottom sheet; a new selection is a new sheet.
  const slipFor = (marketId: string, live: { market?: Market; fancy?: Fancy }) =>
    slip && slipMarketId === marketId ? (
      <SlipSheet key={JSON.stringify(slip)} label={selectionLabel(slip, live, racing)} onClose={() => setSlip(null)}>
        {betSlip(marketId, live)}
      </SlipSheet>
    ) : null;

  /**
   * A price click: the slip, or with one-click betting on (ADR 0055) the bet at once at the
   * one-click stake, with the player's odds acceptance; its countdown shows in the one-click bar.
   */
  const choose = (selection: SlipSelection, live: { market?: Market; fancy?: Fancy }) => {
    const prefs = player.preferences;
    if (!prefs.oneClick) {
      setSlip(selection);
      return;
    }
    const body = oneClickRequest(matchId, selection, live.market, prefs.oneClickStake, prefs.oddsAcceptance);
    if (!body) return;
    const label =
      selection.kind === 'runner'
        ? t(selection.side === 'BACK' ? 'oneClick.betBack' : 'oneClick.betLay', {
            runner: live.market?.runners.find((r) => r.selectionId === selection.selectionId)?.name ?? selection.selectionId,
            price: formatRunnerPrice(selection.price, live.market?.type),
          })
        : t(selection.side === 'YES' ? 'oneClick.betYes' : 'oneClick.betNo', { name: live.fancy?.name ?? selection.fancyId, run: selection.run });
    setSlip(null);
    void oneClick.placeNow(body, label, (live.market ?? live.fancy)?.betDelaySec ?? 0);
  };
  const exposures = new Map([...player.positions.values()].filter((p) => p.marketType === 'fancy').map((p) => [p.marketId, p.exposure]));
  return (
    <Page
      title={match.name}
      actions={
        phase === 'finished' ? (
          <span className="bl-live bl-live--finished" role="status">
            {matchPhaseText('finished')}
          </span>
        ) : (
          <span className={`bl-live bl-live--${data.status}`} role="status">
            {priceConnectionText(data.status)}
          </span>
        )
      }
    >
      {racing ? (
        <RaceHeader race={match} inPlay={phase === 'inplay'} />
      ) : (
        <p className="bl-match-head">
          <span className="bl-match__competition">{match.competitionName}</span>
          {phase === 'inplay' ? <span className="bl-inplay">{matchPhaseText('inplay')}</span> : <time dateTime={match.openDate}>{formatDateTimeMinutes(match.openDate)}</time>}
        </p>
      )}
      {data.score ? <ScorePanel score={data.score} racing={racing} /> : null}
      {!marketsShown ? <Spinner label={t('odds.loadingPrices')} /> : null}
      {data.status === 'unavailable' ? <EmptyState>{t('odds.unavailable', { error: data.error ?? '' })}</EmptyState> : null}
      {marketsShown && data.status !== 'unavailable' && markets.length === 0 && fancies.open.length === 0 ? <EmptyState>{t(racing ? 'odds.noMarketsRace' : 'odds.noMarketsMatch')}</EmptyState> : null}
      {/* The bar and the markets come with the first prices, where the loading spinner was: nothing
          drawn before them is moved down when the score panel arrives (layout shift, ADR 0082);
          and with the player's positions, whose cash-out panels sit between the markets. */}
      {!marketsShown ? null : (
        <>
        <OneClickBar preferences={player.preferences} onSave={player.savePreferences} pending={oneClick.pending} />
        <div className="bl-odds">
          <div className="bl-markets">
            {markets.map((m) => (
              <div key={m.marketId} className="bl-market-wrap">
                <MarketLadder
                  market={m}
                  racing={racing}
                  onRules={() => setRules(m.type)}
                  pnl={pnlOf(player.positions.get(m.marketId))}
                  onPrice={(selectionId, side, price) => choose({ kind: 'runner', marketId: m.marketId, selectionId, side, price }, { market: m })}
                />
                <CashOutPanel market={m} position={player.positions.get(m.marketId)} cashOut={player.cashOut} title={marketTitle(m)} />
                {slipFor(m.marketId, { market: m })}
              </div>
            ))}
            {fancies.open.length > 0 ? (
              <FancyList
                fancies={fancies.open}
                onRules={() => setRules('fancy')}
                exposures={exposures}
                onPrice={(f, side) =>
                  choose(side === 'YES' ? { kind: 'fancy', fancyId: f.fancyId, side, run: f.yesRun, rate: f.yesRate } : { kind: 'fancy', fancyId: f.fancyId, side, run: f.noRun, rate: f.noRate }, { fancy: f })
                }
                onBook={setBook}
                renderSlip={(f) => slipFor(f.fancyId, { fancy: f })}
              />
            ) : null}
            <ClosedSessions fancies={fancies.closed} exposures={exposures} onBook={setBook} />
          </div>
          <div className="bl-mybets-col">
            <CashOutOffers markets={markets} positions={player.positions} titleOf={marketTitle} />
            <MyBets load={player.bets} markets={data.markets} fancies={data.fancies} racing={racing} />
          </div>
        </div>
        </>
      )}
      {rules ? <RulesDialog type={rules} onClose={() => setRules(null)} /> : null}
      {book ? <RunBookDialog name={book.name} position={player.positions.get(book.fancyId)} onClose={() => setBook(null)} /> : null}
      <BuildTag app="sports" label={__BUILD_LABEL__} />
    </Page>
  );
}
