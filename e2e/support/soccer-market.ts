/**
 * An open, never settled soccer market to bet on through the API, and a back bet on it (the
 * agents' betting journey and the report cards' journey): the players' journeys bet on cricket,
 * and a settled market is gone for them. Each run takes a market that has not been settled yet,
 * importing another soccer match of the feed when it must.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiGet, apiPost } from './helpers';

const SOCCER = 1;

interface PriceSize {
  price: number;
  size: number;
}
export interface Runner {
  selectionId: string;
  name: string;
  back: PriceSize[];
  lay: PriceSize[];
  status: string;
}
export interface Market {
  marketId: string;
  matchId: string;
  name: string;
  type: string;
  status: string;
  runners: Runner[];
}
export interface MatchSummary {
  _id: string;
  name: string;
  openDate: string;
  inPlay: boolean;
}
interface ResultRow {
  marketId: string;
}
export interface Chosen {
  match: MatchSummary;
  market: Market;
}

interface SeriesItem {
  competitionId: string;
}
interface FeedMatch {
  eventId: string;
  competitionId: string;
  openDate: string;
  inPlay: boolean;
  imported: boolean;
}

/**
 * Simulated soccer plays a minute in 3.5–4.5 s (api/src/feed/simulator/types.ts, soccerMinuteMs):
 * full time comes 315 s after the kick-off at the earliest, and the feed settles the match odds
 * then. A match in play for longer than this could be settled in the middle of a journey (its open
 * bets gone from Unsettled bets, as a CI run saw), so it is not chosen; one before its kick-off is.
 */
const IN_PLAY_AT_MOST_MS = 150_000;
const fresh = (match: { openDate: string; inPlay: boolean }): boolean => !match.inPlay || Date.now() - Date.parse(match.openDate) <= IN_PLAY_AT_MOST_MS;

/**
 * An open market of the match whose runners all have a back price and that was never settled;
 * match odds first: they settle at full time, while an in-play goal line (Under 1.5) can be
 * settled by the feed in the middle of the journey, and an open bet is what it deletes.
 */
async function openMarketOf(request: APIRequestContext, playerToken: string, matchId: string, settled: ReadonlySet<string>): Promise<Market | undefined> {
  const markets = await apiGet<Market[]>(request, playerToken, '/api/get-market-list', { matchId });
  const usable = markets.filter(
    (m) => m.type !== 'bookmaker' && m.status === 'open' && !settled.has(m.marketId) && m.runners.length >= 2 && m.runners.every((r) => r.status === 'active' && r.back.length > 0),
  );
  return usable.find((m) => m.type === 'match_odds') ?? usable[0];
}

/**
 * A soccer market to bet on: open, every runner priced, never settled. The demo keeps one soccer
 * match imported; when none of its markets will do (each run settles one), demo-admin imports
 * another soccer match of the feed, as the sports administration does (save-match, syncData).
 */
export async function chooseMarket(request: APIRequestContext, playerToken: string, adminToken: string): Promise<Chosen> {
  const settled = new Set((await apiGet<ResultRow[]>(request, adminToken, '/api/results', { status: 'settled' })).map((r) => r.marketId));
  const deadline = Date.now() + 90_000;
  let imports = 0;
  let seen: string[] = [];
  for (;;) {
    const matches = await apiGet<MatchSummary[]>(request, playerToken, '/api/get-match-list', { sportId: SOCCER, status: 'all' });
    seen = matches.map((m) => `${m.name}${m.inPlay ? ` (in play since ${m.openDate})` : ''}`);
    for (const match of matches.filter(fresh)) {
      const market = await openMarketOf(request, playerToken, match._id, settled);
      if (market) return { match, market };
    }
    if (imports < 3 && (await importSoccerMatch(request, adminToken, new Set(matches.map((m) => m._id))))) {
      imports += 1;
      continue;
    }
    if (Date.now() > deadline) throw new Error(`no open, unsettled soccer market to bet on, in play for at most ${IN_PLAY_AT_MOST_MS} ms (matches: ${seen.join(', ')})`);
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** Import a soccer match of the feed that is not imported yet and not near its full time, in play first; false when there is none. */
async function importSoccerMatch(request: APIRequestContext, adminToken: string, known: ReadonlySet<string>): Promise<boolean> {
  const candidates: FeedMatch[] = [];
  for (const series of await apiGet<SeriesItem[]>(request, adminToken, '/api/get-series', { EventTypeID: SOCCER })) {
    const feed = await apiGet<FeedMatch[]>(request, adminToken, '/api/get-matches', { EventTypeID: SOCCER, CompetitionID: series.competitionId });
    candidates.push(...feed.filter((m) => !m.imported && !known.has(m.eventId) && fresh(m)));
  }
  const next = candidates.find((m) => m.inPlay) ?? candidates[0];
  if (!next) return false;
  await apiPost(request, adminToken, '/api/save-match', { data: { eventId: next.eventId, sportId: SOCCER, competitionId: next.competitionId }, syncData: true });
  return true;
}

/** Back the first runner at its live best back price, again with a fresh price while the market moves. */
export async function placeBack(request: APIRequestContext, playerToken: string, chosen: Chosen, stake: number): Promise<string> {
  const { match, market } = chosen;
  let last = '';
  for (let attempt = 0; attempt < 15; attempt += 1) {
    const live = (await apiGet<Market[]>(request, playerToken, '/api/get-market-list', { matchId: match._id })).find((m) => m.marketId === market.marketId);
    const runner = live?.runners.find((r) => r.selectionId === market.runners[0].selectionId);
    if (live?.status === 'open' && runner?.back[0]) {
      const res = await request.post('/api/placebet', {
        headers: { Authorization: `Bearer ${playerToken}`, 'Idempotency-Key': randomUUID() },
        data: { matchId: match._id, marketId: market.marketId, selectionId: runner.selectionId, side: 'BACK', odds: runner.back[0].price, stake },
      });
      const body = (await res.json()) as { data: { bet: { betId: string } }; message: string };
      if (res.ok()) return body.data.bet.betId;
      last = body.message;
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error(`the bet was not placed: ${last}`);
}

