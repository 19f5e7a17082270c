/**
 * Fixtures of the bet-report suites (lists, books, P&L): matches with open runner markets and
 * fancies written straight into the catalog (like betting-placement.test.ts), an agent chain
 * with chosen shares, and bets placed through the real POST /api/placebet.
 */
import { randomUUID } from 'node:crypto';
import type { PlaceBetResponse, Role } from '@backlay/shared/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { body, idempotent, type TestContext, type TestUser } from './helper';

let counter = 0;

export interface RunnerMarketSpec {
  name?: string;
  type?: 'match_odds' | 'bookmaker' | 'over_under';
  /** selection id → [best back, best lay] in hundredths (bookmaker: rates). */
  runners: Record<string, [number, number]>;
}

export interface TestMatch {
  matchId: string;
  name: string;
  sportId: number;
  /** Market ids in the order of the spec. */
  marketIds: string[];
  fancyIds: string[];
}

/** A match (imported, in play) with open, active runner markets and fancies. */
export async function createMatch(
  t: TestContext,
  spec: { sportId?: number; name?: string; markets: RunnerMarketSpec[]; fancies?: string[] },
): Promise<TestMatch> {
  counter += 1;
  const sportId = spec.sportId ?? 4;
  const matchId = `8${Date.now() % 1_000_000}${counter}`;
  const name = spec.name ?? `Home ${counter} v Away ${counter}`;
  await t.db.query(`INSERT INTO competitions (id, sport_id, name) VALUES ($1, $2, 'Test League') ON CONFLICT DO NOTHING`, [
    `c-test-${sportId}`,
    sportId,
  ]);
  await t.db.query(
    `INSERT INTO events (id, sport_id, competition_id, name, open_date, status, imported, active)
     VALUES ($1, $2, $3, $4, now(), 'inplay', true, true)`,
    [matchId, sportId, `c-test-${sportId}`, name],
  );
  const marketIds: string[] = [];
  for (const [i, market] of spec.markets.entries()) {
    const marketId = `1.${matchId}${i}`;
    marketIds.push(marketId);
    await t.db.query(
      `INSERT INTO markets (id, event_id, name, market_type, sort_order, feed_status, active, min_stake_minor, max_stake_minor,
                            max_profit_minor, bet_delay_sec)
       VALUES ($1, $2, $3, $4, $5, 'open', true, 100, 1000000000, 1000000000, 0)`,
      [marketId, matchId, market.name ?? 'Match Odds', market.type ?? 'match_odds', i + 1],
    );
    let order = 0;
    for (const [selectionId, [back, lay]] of Object.entries(market.runners)) {
      order += 1;
      await t.db.query(
        `INSERT INTO runners (market_id, selection_id, name, sort_order, status, back_prices, back_sizes_minor, lay_prices, lay_sizes_minor)
         VALUES ($1, $2, $3, $4, 'active', ARRAY[$5::int], ARRAY[100000000::bigint], ARRAY[$6::int], ARRAY[100000000::bigint])`,
        [marketId, selectionId, `Runner ${selectionId}`, order, back, lay],
      );
    }
  }
  const fancyIds: string[] = [];
  for (const [i, fancyName] of (spec.fancies ?? []).entries()) {
    const fancyId = `${matchId}-F${String(i + 1).padStart(2, '0')}`;
    fancyIds.push(fancyId);
    await t.db.query(
      `INSERT INTO fancies (id, event_id, name, sort_order, feed_status, active, no_run, no_rate, yes_run, yes_rate,
                            min_stake_minor, max_stake_minor, max_profit_minor, bet_delay_sec)
       VALUES ($1, $2, $3, $4, 'open', true, 45, 100, 46, 100, 100, 1000000000, 1000000000, 0)`,
      [fancyId, matchId, fancyName, i + 1],
    );
  }
  return { matchId, name, sportId, marketIds, fancyIds };
}

export interface Chain {
  /** admin → sadmin → smdl → mdl → dl, by role. */
  agents: Record<Exclude<Role, 'user'>, TestUser>;
  tokens: Record<Exclude<Role, 'user'>, string>;
}

/** T26 shares: DL 50 %, MDL 70, SMDL 85, Admin 95, SuperAdmin 100. */
export const T26_SHARES: Readonly<Record<Exclude<Role, 'user'>, number>> = {
  admin: 10_000,
  sadmin: 9_500,
  smdl: 8_500,
  mdl: 7_000,
  dl: 5_000,
};

/** A new root with one agent per tier below it, with these shares, all signed in. */
export async function createChain(t: TestContext, shares = T26_SHARES): Promise<Chain> {
  const admin = await t.createUser({ role: 'admin', partnershipShareBps: shares.admin });
  const sadmin = await t.createUser({ role: 'sadmin', parentId: admin.id, partnershipShareBps: shares.sadmin });
  const smdl = await t.createUser({ role: 'smdl', parentId: sadmin.id, partnershipShareBps: shares.smdl });
  const mdl = await t.createUser({ role: 'mdl', parentId: smdl.id, partnershipShareBps: shares.mdl });
  const dl = await t.createUser({ role: 'dl', parentId: mdl.id, partnershipShareBps: shares.dl });
  const agents = { admin, sadmin, smdl, mdl, dl };
  const tokens = {
    admin: (await t.login(admin)).token,
    sadmin: (await t.login(sadmin)).token,
    smdl: (await t.login(smdl)).token,
    mdl: (await t.login(mdl)).token,
    dl: (await t.login(dl)).token,
  };
  return { agents, tokens };
}

export interface Player {
  user: TestUser;
  token: string;
}

/** A funded, signed-in player under `parentId`. */
export async function createPlayer(t: TestContext, parentId: string, rupees = 100_000n): Promise<Player> {
  const user = await t.createUser({ role: 'user', parentId });
  await t.fund(user.id, rupees);
  return { user, token: (await t.login(user)).token };
}

/** POST /api/placebet on a runner market; fails the test unless it is accepted. */
export async function backOrLay(
  t: TestContext,
  player: Player,
  match: Pick<TestMatch, 'matchId'>,
  marketId: string,
  bet: { selectionId: string; side: 'BACK' | 'LAY'; odds: number; stake: number },
): Promise<PlaceBetResponse> {
  return accepted(
    await t.request({
      method: 'POST',
      url: '/api/placebet',
      token: player.token,
      headers: idempotent(randomUUID()),
      payload: { matchId: match.matchId, marketId, ...bet },
    }),
  );
}

/**
 * POST /api/placebet on a fancy: the fancy's live line and rate are set to the bet's first (the
 * placement accepts the same line and rate only); fails the test unless it is accepted.
 */
export async function yesOrNo(
  t: TestContext,
  player: Player,
  match: TestMatch,
  fancyId: string,
  bet: { side: 'YES' | 'NO'; run: number; rate: number; stake: number },
): Promise<PlaceBetResponse> {
  await t.db.query(
    `UPDATE fancies SET no_run = $2, yes_run = $2, no_rate = $3, yes_rate = $3, version = version + 1, updated_at = now() WHERE id = $1`,
    [fancyId, bet.run, bet.rate],
  );
  return accepted(
    await t.request({
      method: 'POST',
      url: '/api/placebet',
      token: player.token,
      headers: idempotent(randomUUID()),
      payload: { matchId: match.matchId, fancyId, ...bet },
    }),
  );
}

function accepted(response: LightMyRequestResponse): PlaceBetResponse {
  if (response.statusCode !== 200) throw new Error(`placebet refused: ${response.statusCode} ${response.body}`);
  return body<{ data: PlaceBetResponse }>(response).data;
}

/** GET with a token; fails the test unless it answers `status`; returns `data`. */
export async function getData<T>(t: TestContext, token: string, url: string, status = 200, headers: Record<string, string> = {}): Promise<T> {
  const response = await t.request({ method: 'GET', url, token, headers });
  if (response.statusCode !== status) throw new Error(`GET ${url}: expected ${status}, got ${response.statusCode} ${response.body}`);
  return body<{ data: T }>(response).data;
}

/** POST with a token; fails the test unless it answers `status`; returns `data`. */
export async function postData<T>(t: TestContext, token: string, url: string, payload: object, status = 200): Promise<T> {
  const response = await t.request({ method: 'POST', url, token, payload });
  if (response.statusCode !== status) throw new Error(`POST ${url}: expected ${status}, got ${response.statusCode} ${response.body}`);
  return body<{ data: T }>(response).data;
}
