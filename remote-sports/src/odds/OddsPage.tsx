import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { BuildTag, EmptyState, Page, Spinner, sportsApi, type ApiError, type Market, type MarketType, type MatchDataStatus, type MatchDetail } from '@backlay/shared';
import { formatMatchTime } from '../format';
import { RulesDialog } from '../rules/RulesDialog';
import { FancyList } from './FancyList';
import { MarketLadder } from './MarketLadder';
import { ScorePanel } from './ScorePanel';
import { useMatchState } from './use-match-state';

/** The order of market families on the page. */
const TYPE_ORDER: Record<Market['type'], number> = { match_odds: 0, bookmaker: 1, over_under: 2 };

/** Markets grouped by family (match odds, bookmaker, over/under), keeping the server's order inside each. */
export function orderMarkets(markets: Market[]): Market[] {
  return markets.map((m, i) => ({ m, i })).sort((a, b) => TYPE_ORDER[a.m.type] - TYPE_ORDER[b.m.type] || a.i - b.i).map(({ m }) => m);
}

const CONNECTION_TEXT: Record<MatchDataStatus, string> = {
  connecting: 'Connecting to live prices…',
  live: 'Live',
  resyncing: 'Reconnecting to live prices…',
  unavailable: 'No live prices',
};

type Load = { state: 'loading' } | { state: 'done'; value: MatchDetail } | { state: 'fail'; message: string };

/**
 * odds/{matchId}: the match header and score, then every market of the match live from the data
 * socket — match odds, bookmaker and over/under ladders and the fancy sessions — each with its
 * limits, its Rules pop-up and an overlay while suspended or while a ball is being bowled.
 */
export function OddsPage() {
  const { matchId = '' } = useParams();
  return <MatchOdds key={matchId} matchId={matchId} />;
}

function MatchOdds({ matchId }: { matchId: string }) {
  const [detail, setDetail] = useState<Load>({ state: 'loading' });
  const [rules, setRules] = useState<MarketType | null>(null);
  const data = useMatchState(matchId);

  useEffect(() => {
    let live = true;
    sportsApi.matchById(matchId).then(
      (value) => live && setDetail({ state: 'done', value }),
      (error: ApiError) => live && setDetail({ state: 'fail', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [matchId]);

  if (detail.state === 'loading') return <Spinner label="Loading match" />;
  if (detail.state === 'fail') {
    return (
      <Page title="Match">
        <EmptyState>This match could not be opened: {detail.message}</EmptyState>
        <Link to="/">Back to the matches</Link>
      </Page>
    );
  }

  const match = detail.value;
  const markets = orderMarkets(data.markets);
  const inPlay = data.score?.inPlay ?? match.inPlay;
  return (
    <Page title={match.name} actions={<span className={`bl-live bl-live--${data.status}`} role="status">{CONNECTION_TEXT[data.status]}</span>}>
      <p className="bl-match-head">
        <span className="bl-match__competition">{match.competitionName}</span>
        {inPlay ? <span className="bl-inplay">In-play</span> : <time dateTime={match.openDate}>{formatMatchTime(match.openDate)}</time>}
      </p>
      {data.score ? <ScorePanel score={data.score} /> : null}
      {data.status === 'connecting' ? <Spinner label="Loading prices" /> : null}
      {data.status === 'unavailable' ? <EmptyState>Live prices are not available for this match: {data.error}</EmptyState> : null}
      {data.status !== 'connecting' && data.status !== 'unavailable' && markets.length === 0 && data.fancies.length === 0 ? <EmptyState>No markets are open on this match right now.</EmptyState> : null}
      <div className="bl-markets">
        {markets.map((m) => (
          <MarketLadder key={m.marketId} market={m} onRules={() => setRules(m.type)} />
        ))}
        {data.fancies.length > 0 ? <FancyList fancies={data.fancies} onRules={() => setRules('fancy')} /> : null}
      </div>
      {rules ? <RulesDialog type={rules} onClose={() => setRules(null)} /> : null}
      <BuildTag app="sports" label={__BUILD_LABEL__} />
    </Page>
  );
}
