/**
 * The two servers of the fan-out benchmark, in the parent process (bundled by fanout.mjs):
 *
 * - the product: the real Fastify app and realtime module on a throwaway database, one imported
 *   match with an active match odds market, a signed-in player; a tick publishes the match's
 *   `catalog.matchChanged` domain event and flushes the market-data batch at once, so every
 *   subscriber of `/data` gets one `deltas` frame;
 * - the ceiling: a bare `ws` server that sends the same frame JSON to every client.
 *
 * Each tick's delta carries the send time (performance.timeOrigin + performance.now(), the same
 * clock in every process) in `score.detail[0]`, so clients measure delivery latency.
 */
import { ROLES } from '@backlay/shared/contracts';
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildApp } from '../src/app';
import * as catalog from '../src/catalog/catalog.repository';
import type { MarketRow, ScoreRow } from '../src/catalog/market-view';
import * as markets from '../src/catalog/markets.repository';
import { visibleChange, DeltaBuffer } from '../src/realtime/market-data';
import * as users from '../src/users/users.repository';
import { BENCH_PASSWORD as PASSWORD, openBenchCore } from './bench-core';
import { freePort } from '../test/admin-db';

const MATCH_ID = '499000001';
const MARKET_ID = '1.49900000101';

export interface BenchServers {
  productUrl: string;
  wsUrl: string;
  token: string;
  matchId: string;
  /** Publishes one update on the product (lib 'socketio') or the ceiling ('ws'): its send stamp and the wall time it took (ms). */
  tick(lib: 'socketio' | 'ws'): { stamp: number; ms: number };
  /** Open client connections on each server. */
  connections(): { socketio: number; ws: number };
  close(): Promise<void>;
}


const now = () => performance.timeOrigin + performance.now();


/** The match odds market of the bench match at tick n: prices step around 1.90/2.00. */
function marketAt(n: number): MarketRow {
  const wobble = n % 5;
  const runner = (selectionId: string, name: string, sortOrder: number, back: number) => ({
    selectionId,
    name,
    sortOrder,
    clothNumber: null,
    adjustmentFactor: null,
    status: 'active' as const,
    backPrices: [back, back - 1, back - 2],
    backSizesMinor: [125_000n + BigInt(n % 97) * 100n, 480_000n, 1_250_000n],
    layPrices: [back + 1, back + 2, back + 3],
    laySizesMinor: [98_000n, 310_000n + BigInt(n % 89) * 100n, 2_000_000n],
  });
  return {
    id: MARKET_ID,
    eventId: MATCH_ID,
    name: 'Match Odds',
    marketType: 'match_odds',
    sortOrder: 1,
    feedStatus: 'open',
    inPlay: true,
    numberOfWinners: 1,
    active: true,
    adminSuspended: false,
    result: null,
    settled: null,
    version: BigInt(n),
    minStakeMinor: 10_000n,
    maxStakeMinor: 10_000_000n,
    maxProfitMinor: 50_000_000n,
    betDelaySec: 5,
    runners: [runner('2001', 'India', 1, 188 + wobble), runner('2002', 'Australia', 2, 196 - wobble)],
  };
}

function scoreAt(n: number, stamp: number): ScoreRow {
  return {
    eventId: MATCH_ID,
    sportId: 4,
    home: 'India',
    away: 'Australia',
    summary: `IND ${100 + (n % 60)}/3 (${12 + Math.floor(n / 6) % 8}.${n % 6})`,
    detail: [`t=${stamp.toFixed(3)}`],
    inPlay: true,
    ballRunning: false,
    updatedAt: new Date(Math.floor(stamp)),
  };
}

export async function startBenchServers(): Promise<BenchServers> {
  // Deltas go out when the benchmark says so (flushNow), one per update.
  const core = await openBenchCore({ configure: (loaded) => ({ ...loaded, marketData: { batchMs: 0 } }) });
  const { config, db, services } = core;
  const app = await buildApp({ config, db, jwtSecret: core.jwtSecret, services });
  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });

  // One imported, active match with its match odds market, and a player.
  await catalog.upsertCompetitions(db, [{ competitionId: '101480', sportId: 4, name: 'T20 International Series' }]);
  await catalog.upsertEvents(db, [
    { eventId: MATCH_ID, sportId: 4, competitionId: '101480', name: 'India v Australia', home: 'India', away: 'Australia', openDateMs: Date.now(), status: 'inplay', inPlay: true },
  ]);
  await markets.upsertMarkets(db, [
    { marketId: MARKET_ID, eventId: MATCH_ID, name: 'Match Odds', type: 'match_odds', sortOrder: 1, status: 'open', inPlay: true, runners: [], result: null },
  ]);
  await catalog.markImported(db, MATCH_ID, null);
  await markets.activateAllOf(db, MATCH_ID);
  // A player under a full agent chain (each role is the child of the one above it).
  const shares = [10_000, 9_000, 8_000, 7_000, 6_000, 0];
  const passwordHash = await services.passwords.hash(PASSWORD);
  const txnPasswordHash = await services.passwords.hash('123456');
  let parentId: string | null = null;
  let player: { username: string } | null = null;
  for (const [i, role] of ROLES.entries()) {
    const row: { id: string; username: string } = await users.insertUser(db, {
      username: `bench-${role}-${randomBytes(3).toString('hex')}`,
      role,
      parentId,
      passwordHash,
      txnPasswordHash,
      mustChangePassword: false,
      createdBy: parentId,
      partnershipShareBps: shares[i] ?? 0,
    });
    parentId = row.id;
    player = row;
  }
  if (player === null) throw new Error('no bench player');
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: player.username, password: PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`bench login failed: ${login.body}`);
  const token = (login.json() as { data: { token: string } }).data.token;

  // The ceiling: a bare ws server on its own port.
  const wsHttp: HttpServer = createHttpServer();
  const wss = new WebSocketServer({ server: wsHttp, perMessageDeflate: false });
  const wsClients = new Set<WebSocket>();
  wss.on('connection', (socket) => {
    wsClients.add(socket);
    socket.on('close', () => wsClients.delete(socket));
  });
  const wsPort = await freePort();
  await new Promise<void>((resolve) => wsHttp.listen(wsPort, '127.0.0.1', resolve));

  let n = 0;
  let wsSeq = 0;
  const dataNs = app.services.realtime.io.of('/data');
  return {
    productUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    token,
    matchId: MATCH_ID,
    tick(lib) {
      n += 1;
      const started = now();
      const event = { matchId: MATCH_ID, markets: [marketAt(n)], fancies: [], score: scoreAt(n, started), removedIds: [] };
      if (lib === 'socketio') {
        services.events.publish('catalog.matchChanged', event);
        app.services.realtime.marketData.flushNow();
      } else {
        // The same frame the product sends (the tick's deltas: one), stringified once and written to every client.
        const buffer = new DeltaBuffer();
        buffer.add(visibleChange(event));
        wsSeq += 1;
        const text = JSON.stringify([buffer.take(MATCH_ID, wsSeq)]);
        for (const client of wsClients) client.send(text);
      }
      return { stamp: started, ms: now() - started };
    },
    connections: () => ({ socketio: dataNs.sockets.size, ws: wsClients.size }),
    async close() {
      for (const client of wsClients) client.terminate();
      wss.close();
      await new Promise<void>((resolve) => wsHttp.close(() => resolve()));
      await app.close();
      await core.close();
    },
  };
}
