/**
 * The studio's HTTP surface, three audiences on one origin:
 *
 * - the operator, CW-1 signed both ways: POST /v1/sessions, GET /v1/rounds/:roundId,
 *   GET /v1/reports/transactions?date= ;
 * - the player's browser, inside the operator's frame: GET /play/:gameCode?t= (the game page,
 *   frame-able only by the operator's origins), its static files under /assets/, and the play
 *   API under /play-api/ authorised by the page's play token (Authorization: Bearer);
 * - anyone: GET /verify (recompute a round from its seeds) and POST /verify-api/outcome.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import {
  CW1_NONCE_TTL_MS,
  cw1SignedHeaders,
  parseMinorUnits,
  partnerIdOf,
  verifyCw1,
  type Cw1RoundResponse,
  type Cw1SessionRequest,
  type Cw1TransactionsReport,
} from '@backlay/shared/cw1';
import { serverSeedHash } from '@backlay/shared/casino';
import { CRASH_GROWTH_PER_MS, CRASH_RTP } from './games/crash';
import { isClientSeed } from './games/fairness';
import { MINES_RTP, assertMines, minesMultiplierCents } from './games/mines';
import { GAME_CODES, isGameCode, outcomeOf, type GameParams } from './games/outcome';
import { PLINKO_RISKS, PLINKO_ROWS, PLINKO_RTP_BP, isPlinkoRisk, isPlinkoRows, plinkoTable } from './games/plinko';
import { PlayError, type Studio } from './studio';
import type { PlayRecord, RoundRecord } from './store';

/** The page's static files, read once: the folder next to src/ or dist/. */
const PUBLIC_DIR = join(__dirname, '..', 'public');
const ASSETS: Record<string, { type: string; body: string }> = {
  'game.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(join(PUBLIC_DIR, 'game.js'), 'utf8') },
  'verify.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(join(PUBLIC_DIR, 'verify.js'), 'utf8') },
  'studio.css': { type: 'text/css; charset=utf-8', body: readFileSync(join(PUBLIC_DIR, 'studio.css'), 'utf8') },
};

const TITLES: Record<string, string> = { crash: 'Crash', mines: 'Mines', plinko: 'Plinko' };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The games' disclosed rules, the same numbers the RTP tests check. */
function rules() {
  return {
    crash: { rtp: CRASH_RTP, growthPerMs: CRASH_GROWTH_PER_MS },
    mines: { rtp: MINES_RTP, tiles: 25, multipliers: Object.fromEntries(Array.from({ length: 24 }, (_, i) => [i + 1, Array.from({ length: 25 - (i + 1) }, (_, k) => minesMultiplierCents(i + 1, k + 1))])) },
    plinko: {
      rows: PLINKO_ROWS,
      risks: PLINKO_RISKS,
      tables: Object.fromEntries(PLINKO_ROWS.map((r) => [r, Object.fromEntries(PLINKO_RISKS.map((k) => [k, { cents: plinkoTable(r, k), rtpBp: PLINKO_RTP_BP[r][k] }]))])),
    },
  };
}

export function buildStudioApp(studio: Studio, options: { logger?: boolean | { level: string } } = {}) {
  const { config } = studio;
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 16 * 1024 });
  const nonces = new Map<string, number>();

  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    req.rawBody = body as string;
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = new Error('The body is not JSON') as Error & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, _req, reply) => {
    if (error instanceof PlayError) return reply.code(error.statusCode).send({ message: error.message });
    const code = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (code === 500) app.log.error(error);
    return reply.code(code).send({ message: code === 500 ? 'Something went wrong at the studio' : error.message });
  });

  // ---- CW-1: operator → studio -----------------------------------------------------------

  async function signed(reply: FastifyReply, code: number, body: object) {
    const raw = JSON.stringify(body);
    const headers = await cw1SignedHeaders(config.partnerId, config.secrets[0], raw);
    return reply.code(code).headers(headers).type('application/json').send(raw);
  }

  /** Verifies a CW-1 request (partner, signature, skew, nonce not seen in 10 min); answers 401 itself when it fails. */
  async function verified(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const raw = req.method === 'GET' ? '' : (req.rawBody ?? '');
    const now = Date.now();
    const result = partnerIdOf(req.headers) === config.partnerId ? await verifyCw1(req.headers, raw, config.secrets, now) : ({ ok: false, reason: 'unknown-partner' } as const);
    if (result.ok) {
      for (const [nonce, expiry] of nonces) if (expiry < now) nonces.delete(nonce);
      if (!nonces.has(result.nonce)) {
        nonces.set(result.nonce, now + CW1_NONCE_TTL_MS);
        return true;
      }
    }
    await signed(reply, 401, { status: 'INVALID_SIGNATURE', message: result.ok ? 'nonce already used' : `signature refused: ${result.reason}` });
    return false;
  }

  /** A required text field: non-empty, bounded, no control characters (NUL included), well-formed UTF-16. */
  const text = (v: unknown, max = 256): v is string =>
    typeof v === 'string' && v.length > 0 && v.length <= max && !/[\uD800-\uDFFF]/.test(v.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, "")) && ![...v].some((c) => c.charCodeAt(0) < 0x20);

  app.post('/v1/sessions', async (req, reply) => {
    if (!(await verified(req, reply))) return reply;
    const b = (req.body ?? {}) as Partial<Cw1SessionRequest>;
    if (!text(b.operatorId) || !text(b.playerId) || !text(b.sessionToken, 1024) || !text(b.currency, 3) || !text(b.lobbyUrl, 2048)) {
      return signed(reply, 200, { status: 'INVALID_REQUEST', message: 'operatorId, playerId, sessionToken, currency and lobbyUrl are required' });
    }
    if (!isGameCode(b.gameCode)) return signed(reply, 200, { status: 'INVALID_GAME', message: `Backlay Studio has no game '${String(b.gameCode)}' (${GAME_CODES.join(', ')})` });
    if (b.mode !== 'real') return signed(reply, 200, { status: 'INVALID_REQUEST', message: 'only real-money mode is offered' });
    return signed(reply, 200, studio.createSession(b as Cw1SessionRequest & { gameCode: (typeof GAME_CODES)[number] }));
  });

  app.get<{ Params: { roundId: string } }>('/v1/rounds/:roundId', async (req, reply) => {
    if (!(await verified(req, reply))) return reply;
    const round = studio.store.rounds.get(req.params.roundId);
    if (!round) return signed(reply, 200, { status: 'TRANSACTION_NOT_FOUND', message: 'No such round' } satisfies Cw1RoundResponse);
    const transactions = [...studio.store.txs.values()].filter((tx) => tx.roundId === round.roundId && tx.state === 'ok').map((tx) => studio.store.reportOf(tx));
    const state = round.state === 'rolled_back' ? 'rolled_back' : round.state === 'closed' || round.state === 'refused' ? 'closed' : 'open';
    const serverSeed = studio.revealedSeedOf(round);
    const body: Cw1RoundResponse = {
      status: 'OK',
      roundId: round.roundId,
      gameCode: round.gameCode,
      playerId: round.playerId,
      state,
      transactions,
      detail: {
        stake: String(round.stake),
        params: round.params,
        ...(state === 'open' ? {} : { outcome: round.outcome, resultCents: round.resultCents, payout: String(round.payout ?? 0), picks: round.picks, cashOutAt: round.cashOutAt }),
        startedAt: round.startedAt,
        fairness: { scheme: 'PF-1', serverSeedHash: round.serverSeedHash, clientSeed: round.clientSeed, nonce: round.nonce, serverSeed },
      },
    };
    return signed(reply, 200, body);
  });

  app.get<{ Querystring: { date?: string } }>('/v1/reports/transactions', async (req, reply) => {
    if (!(await verified(req, reply))) return reply;
    const date = req.query.date;
    if (typeof date !== 'string' || !DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
      return signed(reply, 200, { status: 'INVALID_REQUEST', message: 'date is YYYY-MM-DD' } satisfies Cw1TransactionsReport);
    }
    const transactions = [...studio.store.txs.values()]
      .filter((tx) => tx.state === 'ok' && new Date(tx.sentAt).toISOString().slice(0, 10) === date)
      .sort((a, b) => a.sentAt - b.sentAt)
      .map((tx) => studio.store.reportOf(tx));
    return signed(reply, 200, { status: 'OK', partnerId: config.partnerId, date, transactions } satisfies Cw1TransactionsReport);
  });

  // ---- the game page -----------------------------------------------------------------------

  const pageCsp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${config.frameAncestors.join(' ')}`,
  ].join('; ');

  function page(reply: FastifyReply, code: number, title: string, body: string, script: string | null) {
    return reply
      .code(code)
      .headers({ 'content-security-policy': pageCsp, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' })
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
          `<title>${escapeHtml(title)} · Backlay Studio</title><link rel="stylesheet" href="/assets/studio.css"></head>` +
          `<body>${body}${script ? `<script src="/assets/${script}"></script>` : ''}</body></html>`,
      );
  }

  app.get<{ Params: { gameCode: string }; Querystring: { t?: string } }>('/play/:gameCode', async (req, reply) => {
    const { gameCode } = req.params;
    try {
      if (!isGameCode(gameCode)) throw new PlayError(404, 'No such game');
      const play = await studio.openPage(gameCode, typeof req.query.t === 'string' ? req.query.t : '');
      const boot = { game: gameCode, playToken: play.playToken, rules: rules() };
      return page(
        reply,
        200,
        TITLES[gameCode],
        `<main id="app" data-boot="${escapeHtml(JSON.stringify(boot))}"><p>Loading ${escapeHtml(TITLES[gameCode])}…</p></main>`,
        'game.js',
      );
    } catch (error) {
      if (!(error instanceof PlayError)) throw error;
      return page(reply, error.statusCode, 'Game', `<main class="notice" role="alert"><h1>Backlay Studio</h1><p>${escapeHtml(error.message)}</p></main>`, null);
    }
  });

  app.get('/verify', async (_req, reply) =>
    page(reply, 200, 'Verify a round', `<main id="verify" data-rules="${escapeHtml(JSON.stringify(rules()))}"><p>Loading…</p></main>`, 'verify.js'),
  );

  app.get<{ Params: { file: string } }>('/assets/:file', async (req, reply) => {
    const asset = ASSETS[req.params.file];
    if (!asset) return reply.code(404).send({ message: 'Not found' });
    return reply.type(asset.type).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(asset.body);
  });

  app.get('/health', async () => ({ status: 'ok' }));
  // Browsers ask for it on every page; an empty answer keeps the console clean.
  app.get('/favicon.ico', async (_req, reply) => reply.code(204).send());

  // ---- the play API (the page's own calls) ---------------------------------------------------

  function playOf(req: FastifyRequest): PlayRecord {
    const header = req.headers.authorization;
    return studio.playOf(typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined);
  }

  async function view(round: RoundRecord | undefined) {
    if (!round) return null;
    const open = round.state === 'open' || round.state === 'debiting';
    return {
      roundId: round.roundId,
      gameCode: round.gameCode,
      state: round.state,
      stake: String(round.stake),
      params: round.params,
      serverSeedHash: round.serverSeedHash,
      clientSeed: round.clientSeed,
      nonce: round.nonce,
      ...(round.gameCode === 'crash' ? { startedAt: round.startedAt, autoCents: round.autoCents ?? null, cashOutAt: round.cashOutAt } : {}),
      picks: round.picks,
      outcome: open ? null : round.outcome,
      resultCents: round.resultCents ?? null,
      payout: round.payout === undefined ? null : String(round.payout),
      note: round.note,
    };
  }

  async function stateOf(play: PlayRecord) {
    const seeds = await studio.seedsOf(play.playerId);
    const history = [...studio.store.rounds.values()]
      .filter((r) => r.playerId === play.playerId && r.gameCode === play.gameCode && r.state !== 'refused')
      .slice(-10)
      .reverse();
    return {
      serverNow: Date.now(),
      player: { nickname: play.nickname, currency: play.currency, balance: String(play.balance) },
      seeds: { serverSeedHash: seeds.serverSeedHash, clientSeed: seeds.clientSeed, nonce: seeds.nonce },
      open: await view(studio.openRound(play)),
      history: await Promise.all(history.map(view)),
    };
  }

  app.get('/play-api/state', async (req) => stateOf(playOf(req)));

  app.post('/play-api/seeds', async (req) => {
    const play = playOf(req);
    const { revealedServerSeed, revealedHash } = await studio.rotateSeeds(play, (req.body as { clientSeed?: unknown } | undefined)?.clientSeed);
    return { revealed: { serverSeed: revealedServerSeed, serverSeedHash: revealedHash }, state: await stateOf(play) };
  });

  app.post('/play-api/bet', async (req) => {
    const play = playOf(req);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const stake = parseMinorUnits(b.stake);
    if (stake === null || stake < 100) throw new PlayError(400, 'The stake is a whole number of paise, at least 100 (₹1.00)');
    if (stake > 10_000_000) throw new PlayError(400, 'The stake is at most ₹1,00,000.00');
    let params: GameParams;
    let autoCents: number | null = null;
    if (play.gameCode === 'crash') {
      params = { game: 'crash' };
      if (b.autoCashOut !== undefined && b.autoCashOut !== null) {
        if (!Number.isInteger(b.autoCashOut) || (b.autoCashOut as number) < 101 || (b.autoCashOut as number) > 1_000_000) {
          throw new PlayError(400, 'Auto cash-out is in hundredths of a multiplier, from 101 (1.01×) to 1000000');
        }
        autoCents = b.autoCashOut as number;
      }
    } else if (play.gameCode === 'mines') {
      try {
        assertMines(b.mines);
      } catch {
        throw new PlayError(400, 'mines is a whole number from 1 to 24');
      }
      params = { game: 'mines', mines: b.mines as number };
    } else {
      if (!isPlinkoRows(b.rows) || !isPlinkoRisk(b.risk)) throw new PlayError(400, 'rows is 8, 12 or 16 and risk low, medium or high');
      params = { game: 'plinko', rows: b.rows, risk: b.risk };
    }
    const round = await studio.bet(play, stake, params, autoCents);
    return { round: await view(round), state: await stateOf(play) };
  });

  app.post('/play-api/crash/cashout', async (req) => {
    const play = playOf(req);
    const round = await studio.crashCashOut(play, (req.body as { roundId?: unknown } | undefined)?.roundId);
    return { round: await view(round), state: await stateOf(play) };
  });

  app.get<{ Params: { roundId: string } }>('/play-api/rounds/:roundId', async (req) => {
    const play = playOf(req);
    const round = studio.store.rounds.get(req.params.roundId);
    if (!round || round.playerId !== play.playerId) throw new PlayError(404, 'No such round');
    return { round: await view(round), state: await stateOf(play) };
  });

  app.post('/play-api/mines/reveal', async (req) => {
    const play = playOf(req);
    const b = (req.body ?? {}) as { roundId?: unknown; tile?: unknown };
    const round = await studio.minesReveal(play, b.roundId, b.tile);
    return { round: await view(round), state: await stateOf(play) };
  });

  app.post('/play-api/mines/cashout', async (req) => {
    const play = playOf(req);
    const round = await studio.minesCashOut(play, (req.body as { roundId?: unknown } | undefined)?.roundId);
    return { round: await view(round), state: await stateOf(play) };
  });

  // ---- verify ------------------------------------------------------------------------------

  /** Recomputes a round from seeds (anyone may call it; the page's script does the same sums server-side). */
  app.post('/verify-api/outcome', async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (typeof b.serverSeed !== 'string' || !/^[0-9a-f]{64}$/.test(b.serverSeed)) throw new PlayError(400, 'The server seed is 64 lowercase hex characters');
    if (!isClientSeed(b.clientSeed)) throw new PlayError(400, 'The client seed is 1 to 64 letters, digits or symbols, without spaces');
    if (!Number.isSafeInteger(b.nonce) || (b.nonce as number) < 0) throw new PlayError(400, 'The nonce is a whole number, 0 or more');
    let params: GameParams;
    if (b.game === 'crash') params = { game: 'crash' };
    else if (b.game === 'mines' && Number.isInteger(b.mines) && (b.mines as number) >= 1 && (b.mines as number) <= 24) params = { game: 'mines', mines: b.mines as number };
    else if (b.game === 'plinko' && isPlinkoRows(b.rows) && isPlinkoRisk(b.risk)) params = { game: 'plinko', rows: b.rows, risk: b.risk };
    else throw new PlayError(400, 'game is crash, mines (with mines 1–24) or plinko (with rows 8/12/16 and risk low/medium/high)');
    return {
      serverSeedHash: await serverSeedHash(b.serverSeed),
      outcome: await outcomeOf(params, b.serverSeed, b.clientSeed, b.nonce as number),
    };
  });

  return app;
}
