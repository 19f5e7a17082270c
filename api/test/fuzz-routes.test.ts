/**
 * API fuzzing (docs/rules/test-plan.md T14): every route of the OpenAPI document gets FUZZ_RUNS generated
 * requests (300 in CI; nightly 10,000), seeded, authenticated as a caller the route admits; a
 * request generated twice is sent once.
 * Requests are built from the route's own schemas: valid values, known ids of a live fixture
 * (so some requests go deep), and hostile mutations — wrong JSON types, missing and extra
 * fields, `__proto__` keys, numbers past any column, NUL, lone surrogates, RTL and 5,000-character
 * strings, 1,000-deep nesting, repeated query parameters, a JSON body under another Content-Type.
 *
 * The money routes (and the locks) also get live requests, from one builder per route (LIVE):
 * the seeded transaction password (at most MAX_GUESSES wrong ones reach the check per route, so
 * the throttle never locks the caller out), bets at the prices on offer (the fixture's runners and
 * fancy, and three casino rounds opened by stepping the engine), the caller's downline, pending
 * payment requests to decide, and CW-1 callbacks on a live game session signed with the
 * provider's secret exactly as the studio signs them (now and then with a wrong secret, a stale
 * time, no signature or a signature of other bytes: those must get 401). Live bodies are mostly
 * sent as built, some mutated as above; ids and idempotency keys are new for every request.
 *
 * Oracles, per request: no 5xx; no 2xx (for CW-1: no OK) for a body its schema refuses (Ajv with
 * the server's options, no coercion), for a NUL or lone surrogate anywhere, for a query number that
 * is not plain decimal text, or for a CW-1 body without a field its op requires; a JSON answer
 * matches the response schema declared for its status; no stack frame, SQL error text or server
 * path in the body; Object.prototype untouched. After each route's batch the test checks the
 * ledger invariants (L1–L17), so fuzzing can not move money behind the ledger's back, and that
 * GET /api/health still answers 200. The answers are counted per route group and status (printed),
 * and the run fails when a money group (bets, chips, payment decisions, CW-1 debit, CW-1 credit)
 * got nothing accepted: then its oracles never saw money move.
 *
 * The seed is fixed (repeatable CI); SEED=<n> or SEED=random explores further, FUZZ_RUNS=10000
 * is the nightly size (`pnpm fuzz`), FUZZ_ROUTE=<part of a route> narrows it, FUZZ_TIMING=1 prints
 * each route's time.
 */
import type { CasinoGamesResponse, CasinoRoundView } from '@backlay/shared/contracts';
import { CW1_MAX_SKEW_MS, cw1SignedHeaders } from '@backlay/shared/cw1';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { newSecret } from '../src/casino-int/casino-int.service';
import { findBadText } from '../src/plugins/validation';
import { createTestProvider, money, openTestSession, walletCall, type TestProvider } from './casino-int-helper';
import {
  assertLedgerInvariants,
  body,
  buildTestApp,
  createTestFancy,
  createTestMarket,
  TEST_TXN_PASSWORD,
  type TestContext,
  type TestMarket,
  type TestUser,
} from './helper';
import { newUtr, pngImage, saveBank, sendDeposit, sendWithdraw } from './payments-helper';

// A fixed seed keeps CI repeatable; SEED=<n> (or SEED=random) explores further.
const SEED = process.env.SEED === 'random' ? Date.now() % 2 ** 31 : Number(process.env.SEED ?? 20_261_124);
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

type Schema = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface Operation {
  route: string;
  method: Method;
  path: string;
  query: Array<{ name: string; schema: Schema; required: boolean }>;
  params: Array<{ name: string; schema: Schema }>;
  headers: Array<{ name: string; schema: Schema; required: boolean }>;
  /** The JSON body schema, or null (no body, or a multipart form). */
  body: Schema | null;
  /** The declared JSON response schema of each status code. */
  responses: Record<string, Schema>;
}

/** OpenAPI 3.0 back to JSON Schema: `nullable: true` → a type that admits null; boolean exclusive bounds → numeric ones. */
function fromOpenApi(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromOpenApi);
  if (typeof value !== 'object' || value === null) return value;
  const out: Schema = {};
  for (const [key, inner] of Object.entries(value)) if (key !== 'nullable' && key !== 'example') out[key] = fromOpenApi(inner);
  // OpenAPI 3.0's bounds (`minimum: 0, exclusiveMinimum: true`) back to JSON Schema's (`exclusiveMinimum: 0`).
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (out[flag] === true) {
      out[flag] = out[bound];
      delete out[bound];
    } else if (out[flag] === false) delete out[flag];
  }
  if ((value as Schema).nullable === true) {
    const type = out.type;
    out.type = Array.isArray(type) ? [...new Set([...type, 'null'])] : type === undefined ? undefined : [type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

function operationsOf(doc: { paths: Record<string, Record<string, Schema>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as Array<{ in: string; name: string; schema: Schema; required?: boolean }>;
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content;
      const json = content?.['application/json']?.schema;
      const convert = (schema: Schema) => fromOpenApi(schema) as Schema;
      const declared = (op.responses ?? {}) as Record<string, { content?: Record<string, { schema?: Schema }> }>;
      const responses: Record<string, Schema> = {};
      for (const [status, response] of Object.entries(declared)) {
        const schema = response.content?.['application/json']?.schema;
        if (schema !== undefined) responses[status] = convert(schema);
      }
      operations.push({
        route: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Method,
        path,
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: convert(p.schema), required: p.required === true })),
        params: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: convert(p.schema) })),
        headers: parameters.filter((p) => p.in === 'header').map((p) => ({ name: p.name, schema: convert(p.schema), required: p.required === true })),
        body: json === undefined ? null : convert(json),
        responses,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Generators

const deep = JSON.parse(`${'['.repeat(1000)}${']'.repeat(1000)}`) as unknown;
const protoKey = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}') as unknown;

/** Values that are wrong, or at an edge, almost anywhere. */
const hostile: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  true,
  false,
  null,
  0,
  -1,
  1.005,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 1,
  '',
  ' ',
  '0x10',
  '1e3',
  'Infinity',
  'NaN',
  '-0',
  '9'.repeat(25),
  'a\u0000b',
  '\u0000',
  'lone \ud800',
  '\udfff',
  '😀🏏',
  '\u202Eevil',
  "' OR 1=1 --",
  '{"$gt": ""}',
  '../../etc/passwd',
  'x'.repeat(5000),
  [5],
  [],
  {},
  protoKey,
  deep,
);

/** Known ids of the fixture, so that some requests reach past "not found". */
type Known = Record<string, readonly unknown[]>;

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = Math.max(minLength, Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 30, 30));
  return fc.string({ minLength, maxLength, unit: fc.constantFrom('a', 'B', '7', '.', '-', '_', '@', ' ', 'é', '€') });
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : null;
  const min = typeof schema.minimum === 'number' ? schema.minimum : exclusiveMin !== null ? exclusiveMin + (integer ? 1 : 0.01) : -1e6;
  const max = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 0.01 : 1e6;
  const lo = Math.ceil(Math.max(min, -1e9) * (integer ? 1 : 100));
  const hi = Math.floor(Math.min(max, 1e9) * (integer ? 1 : 100));
  const edge = fc.constantFrom(min, max, Math.min(Math.max(0, min), max), Math.min(Math.max(1, min), max));
  const inner = fc.integer({ min: lo, max: Math.max(lo, hi) }).map((n) => (integer ? n : n / 100));
  return fc.oneof(inner, edge, fc.integer({ min: Math.max(lo, 0), max: Math.max(lo, Math.min(hi, 1_000 * (integer ? 1 : 100))) }).map((n) => (integer ? n : n / 100)));
}

/** A value its schema admits (mostly; `pattern` is not honoured), preferring known ids by field name. */
function valid(schema: Schema, known: Known, name = ''): fc.Arbitrary<unknown> {
  const knownValues = known[name];
  const own = validOwn(schema, known);
  return knownValues !== undefined && knownValues.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...knownValues) }, { weight: 1, arbitrary: own }) : own;
}

function validOwn(schema: Schema, known: Known): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : ['object'];
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return stringArbitrary(schema);
        case 'integer':
          return numberArbitrary(schema, true);
        case 'number':
          return numberArbitrary(schema, false);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array': {
          const items = (schema.items ?? {}) as Schema;
          const maxItems = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, 4);
          const minItems = Math.min(typeof schema.minItems === 'number' ? schema.minItems : 0, maxItems);
          return fc.array(valid(items, known), { minLength: minItems, maxLength: maxItems });
        }
        default:
          return objectArbitrary(schema, known);
      }
    }),
  );
}

function objectArbitrary(schema: Schema, known: Known): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const branches = ((schema.anyOf ?? schema.oneOf ?? [{}]) as Schema[]).map((branch) => [
    ...((schema.required as string[] | undefined) ?? []),
    ...((branch.required as string[] | undefined) ?? []),
  ]);
  return fc.constantFrom(...branches).chain((required) => {
    const entries = Object.keys(properties).map((key) => [key, valid(properties[key] ?? {}, known, key)] as const);
    return fc.record(Object.fromEntries(entries), { requiredKeys: required.filter((key) => key in properties) }) as fc.Arbitrary<Record<string, unknown>>;
  });
}

/** A valid object, then at most one mutation: a field replaced, removed or added, or the whole value replaced. */
function mutated(schema: Schema, known: Known): fc.Arbitrary<unknown> {
  return mutate(valid(schema, known), Object.keys((schema.properties ?? {}) as Schema));
}

/** `base`'s value with at most one mutation of one of `keys` (or of the whole value). */
function mutate(base: fc.Arbitrary<unknown>, keys: readonly string[]): fc.Arbitrary<unknown> {
  return fc.tuple(base, fc.nat({ max: 5 }), fc.nat(), hostile).map(([value, kind, pick, bad]) => {
    if (kind === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return kind === 5 ? bad : value;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    // A body without a schema (a CW-1 callback, a withdraw request): its own fields.
    const names = keys.length > 0 ? keys : Object.keys(copy);
    const key = names.length > 0 ? (names[pick % names.length] as string) : 'x';
    if (kind === 1 || kind === 2) copy[key] = bad;
    else if (kind === 3) delete copy[key];
    else if (kind === 4) copy[`extra${pick % 3}`] = bad;
    else return bad;
    return copy;
  });
}

// ---------------------------------------------------------------------------------------------
// Live requests: a body each money route accepts with this run's fixture (one home per route)

/** Stands for a new UUID in a live body; replaced as the request is sent, so every one is unique. */
const FRESH = '<fresh-id>';
/** Wrong transaction passwords reaching the check, per route batch: the throttle locks the account at 5. */
const MAX_GUESSES = 3;

/** A price on offer now: a runner of the fixture's market or of an open casino round, or the fancy's line. */
type Offer =
  | { kind: 'runner'; matchId: string; marketId: string; selectionId: string; side: 'BACK' | 'LAY'; odds: number; minStake: number; maxStake: number }
  | { kind: 'fancy'; matchId: string; fancyId: string; side: 'YES' | 'NO'; run: number; rate: number };

/** A CW-1 debit of the fixture, for credits, rollbacks and round closes to refer to. */
interface Debit {
  roundId: string;
  transactionId: string;
  amount: number;
}

/** One route batch's world: a chain with funds, a market and a fancy, and what its route's live requests need. */
interface Fixture {
  player: TestUser;
  dl: TestUser;
  admin: TestUser;
  sadmin: TestUser;
  /** Tokens in the order tokenFor tries them: player, dl, admin, sadmin. */
  tokens: string[];
  known: Known;
  market: TestMarket;
  fancyId: string;
  /** Prices on offer (bets). */
  offers: Offer[];
  /** Pending deposit and withdraw requests of the player (payment decisions). */
  pendingPayments: string[];
  /** The CW-1 provider and the player's game session (wallet routes). */
  provider: TestProvider | null;
  sessionToken: string;
  debits: Debit[];
}

interface LiveRoute {
  /** Makes what the route's live requests name: an open casino round, pending requests, a game session, debits. */
  setup?: (fx: Fixture) => Promise<void>;
  /** Bodies the route accepts now (mostly: some are refused by the state, e.g. a request already decided). */
  body: (fx: Fixture) => fc.Arbitrary<Record<string, unknown>>;
}

/** The fixture market's runners: [best back, best lay] in hundredths. */
const RUNNER_PRICES: Record<string, [number, number]> = { A: [200, 202], B: [300, 310] };
const FANCY_LINE = { noRun: 45, noRate: 100, yesRun: 46, yesRate: 100 };

/** The right transaction password, now and then a wrong one (the run sends at most MAX_GUESSES of those per route). */
const transactionPassword = fc.oneof({ weight: 9, arbitrary: fc.constant(TEST_TXN_PASSWORD) }, { weight: 1, arbitrary: fc.constantFrom('000000', '1234567', 'wrong') });

/** The caller's downline (the player under the DL), now and then an account outside it. */
const downline = (fx: Fixture): fc.Arbitrary<string> =>
  fc.oneof({ weight: 5, arbitrary: fc.constant(fx.player.username) }, { weight: 1, arbitrary: fc.constantFrom(fx.dl.username, fx.sadmin.username) });

/** A bet at the price on offer, or a tick either side of it. */
function betBody(offer: Offer): fc.Arbitrary<Record<string, unknown>> {
  if (offer.kind === 'fancy') {
    return fc.constantFrom(1, 10, 100).map((stake) => ({ matchId: offer.matchId, fancyId: offer.fancyId, side: offer.side, run: offer.run, rate: offer.rate, stake }));
  }
  const tick = offer.odds < 2 ? 0.01 : offer.odds < 3 ? 0.02 : offer.odds < 4 ? 0.05 : 0.1;
  const near = [offer.odds - tick, offer.odds + tick].map((odds) => Math.round(odds * 100) / 100).filter((odds) => odds > 1);
  const odds = fc.oneof({ weight: 4, arbitrary: fc.constant(offer.odds) }, { weight: 1, arbitrary: fc.constantFrom(...near, offer.odds) });
  const stake = fc.constantFrom(...new Set([offer.minStake, 10, 100].map((st) => Math.min(offer.maxStake, Math.max(offer.minStake, st)))));
  return fc.tuple(odds, stake).map(([o, st]) => ({ matchId: offer.matchId, marketId: offer.marketId, selectionId: offer.selectionId, side: offer.side, odds: o, stake: st }));
}

/** The common body of a CW-1 callback of the player's game session. */
function cw1Body(fx: Fixture, roundId: string): Record<string, unknown> {
  return { requestId: FRESH, sessionToken: fx.sessionToken, playerId: fx.player.id, gameCode: fx.provider?.gameCode ?? '', roundId };
}

/** The fields a CW-1 op requires: a request without one of them, or with it of another type, is never OK. */
const CW1_REQUIRED: Record<string, Record<string, 'string' | 'array' | 'boolean'>> = (() => {
  const common = { requestId: 'string', sessionToken: 'string', playerId: 'string', gameCode: 'string', roundId: 'string' } as const;
  const money = { ...common, currency: 'string', transactionId: 'string' } as const;
  return {
    authenticate: common,
    balance: common,
    roundClose: common,
    debit: { ...money, amount: 'string', bets: 'array' },
    credit: { ...money, refTransactionId: 'string', amount: 'string', roundClosed: 'boolean' },
    rollback: { ...money, refTransactionId: 'string', reason: 'string' },
  };
})();

const chipTransfer: LiveRoute = {
  body: (fx) =>
    fc.record({
      username: downline(fx),
      amount: fc.constantFrom(1, 250, 1_000, 0.5, 99.99),
      remark: fc.constantFrom('', 'fuzz', 'x'.repeat(40)),
      transactionPassword,
    }),
};

const lockBody = (fx: Fixture, withMarket: boolean): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(
    { username: downline(fx), lock: fc.boolean(), transactionPassword, ...(withMarket ? { marketId: fc.constant(fx.market.marketId) } : {}) },
    { requiredKeys: ['username', 'lock', 'transactionPassword'] },
  );

/** A debit of the session on a new round or on one of the fixture's, staking `amount` paise on one line. */
function debitBody(fx: Fixture): fc.Arbitrary<Record<string, unknown>> {
  const roundIds = [FRESH, ...fx.debits.map((debit) => debit.roundId)];
  return fc.tuple(fc.constantFrom(...roundIds), fc.constantFrom(1, 2_500, 50_000)).map(([roundId, amount]) => ({
    ...cw1Body(fx, roundId),
    currency: 'INR',
    transactionId: FRESH,
    amount: String(amount),
    bets: [{ market: 'main', selection: 'cashout', odds: '', stake: String(amount) }],
  }));
}

/**
 * The live requests of the money routes (and of the locks): each route's valid body in one place,
 * so a route that starts to take another field (a transaction password, a limit) changes here.
 */
const LIVE: Record<string, LiveRoute> = {
  'POST /api/placebet': {
    setup: async (fx) => {
      fx.offers.push(...(await casinoOffers(fx.tokens[0] as string)));
    },
    // As often on the sports runners, the fancy and the casino rounds (these have the most prices).
    body: (fx) => {
      const kinds = [
        fx.offers.filter((offer) => offer.kind === 'runner' && offer.matchId === fx.market.matchId),
        fx.offers.filter((offer) => offer.kind === 'fancy'),
        fx.offers.filter((offer) => offer.kind === 'runner' && offer.matchId !== fx.market.matchId),
      ].filter((offers) => offers.length > 0);
      return fc.oneof(...kinds.map((offers) => fc.oneof(...offers.map(betBody))));
    },
  },
  'POST /api/deposit-chips': chipTransfer,
  'POST /api/withdraw-chips': chipTransfer,
  'POST /api/update-deposit-withdraw-status': {
    setup: async (fx) => {
      fx.pendingPayments = await pendingPayments(fx);
    },
    body: (fx) =>
      fc.record(
        {
          id: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...fx.pendingPayments) }, { weight: 1, arbitrary: fc.uuid() }),
          status: fc.constantFrom('approved', 'rejected'),
          remark: fc.constantFrom('', 'ok', 'paid by UPI'),
          transactionPassword,
        },
        { requiredKeys: ['id', 'status', 'transactionPassword'] },
      ),
  },
  // A withdraw request holds its amount at once (the JSON form; a deposit is multipart).
  'POST /api/add-deposit-withdraw': {
    setup: async (fx) => {
      fx.known.bankDetail = [await saveBank(t, fx.tokens[0] as string)];
    },
    body: (fx) =>
      fc.record({
        type: fc.constant('withdraw'),
        amount: fc.constantFrom(1, 100, 2_500),
        accountType: fc.oneof({ weight: 4, arbitrary: fc.constant('bank') }, { weight: 1, arbitrary: fc.constant('upi') }),
        bankDetail: fc.constantFrom(...(fx.known.bankDetail as string[])),
        remark: fc.constantFrom('', 'rent'),
      }),
  },
  'POST /api/users-lock': { body: (fx) => lockBody(fx, false) },
  'POST /api/bet-lock': { body: (fx) => lockBody(fx, true) },
  'POST /api/wallet/authenticate': { setup: (fx) => openGameSession(fx, 0), body: (fx) => fc.constant(cw1Body(fx, FRESH)) },
  'POST /api/wallet/balance': { setup: (fx) => openGameSession(fx, 0), body: (fx) => fc.constant(cw1Body(fx, FRESH)) },
  'POST /api/wallet/debit': { setup: (fx) => openGameSession(fx, 2), body: debitBody },
  'POST /api/wallet/credit': {
    setup: (fx) => openGameSession(fx, 8),
    // Up to twice the stake back (a win), nothing (a loss), the round closed or not.
    body: (fx) =>
      fc.tuple(fc.constantFrom(...fx.debits), fc.constantFrom(0, 50, 100, 200), fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) })).map(([debit, percent, roundClosed]) => ({
        ...cw1Body(fx, debit.roundId),
        currency: 'INR',
        transactionId: FRESH,
        refTransactionId: debit.transactionId,
        amount: String(Math.floor((debit.amount * percent) / 100)),
        roundClosed,
      })),
  },
  'POST /api/wallet/rollback': {
    setup: (fx) => openGameSession(fx, 8),
    body: (fx) =>
      fc.tuple(fc.constantFrom(...fx.debits), fc.constantFrom('timeout', 'game error')).map(([debit, reason]) => ({
        ...cw1Body(fx, debit.roundId),
        currency: 'INR',
        transactionId: FRESH,
        refTransactionId: debit.transactionId,
        reason,
      })),
  },
  'POST /api/wallet/roundClose': { setup: (fx) => openGameSession(fx, 4), body: (fx) => fc.constantFrom(...fx.debits).map((debit) => cw1Body(fx, debit.roundId)) },
};

// ---------------------------------------------------------------------------------------------
// Requests and oracles

type Signing = 'none' | 'valid' | 'wrong secret' | 'stale' | 'unsigned' | 'tampered';

interface Generated {
  url: string;
  headers: Record<string, string>;
  payload: unknown;
  /** The Content-Type the body is sent with: JSON, or now and then a mismatched one. */
  contentType: string;
  /** How a CW-1 callback is signed ('none': not a CW-1 route). */
  signing: Signing;
  /** Why a 2xx (for CW-1: an OK) would be wrong, or null when the request is acceptable as far as the edge can tell. */
  mustRefuse: string | null;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const JSON_TYPE = 'application/json';
/** A JSON body under another media type (T14 mismatched Content-Type): never a 2xx. */
const MISMATCHED_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=fuzz', 'application/jsonp'];
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encodeURIComponent, with a lone surrogate sent as its (invalid) three UTF-8-style bytes. */
function encodePathText(text: string): string {
  return text.replace(/[\uD800-\uDFFF]/g, (unit) => `\u0001${unit.charCodeAt(0).toString(16)}\u0001`).split('\u0001').map((part, i) => {
    if (i % 2 === 0) return encodeURIComponent(part);
    const code = parseInt(part, 16);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  }).join('');
}
const ajv = new Ajv({ coerceTypes: false, useDefaults: true, removeAdditional: true, allErrors: false, strict: false });
addFormats(ajv);
const bodyValidators = new Map<string, ValidateFunction>();

/** Checks answers against the route's declared response schema (no defaults, no removal: as sent). */
const responseAjv = new Ajv({ coerceTypes: false, allErrors: false, strict: false });
addFormats(responseAjv);
const responseValidators = new Map<string, ValidateFunction>();

/** Why a JSON answer does not match the schema declared for its status, or null (none declared: not judged). */
function responseMismatch(op: Operation, status: number, text: string): string | null {
  const schema = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`];
  if (schema === undefined) return null;
  const key = `${op.route} ${status}`;
  let validate = responseValidators.get(key);
  if (validate === undefined) {
    validate = responseAjv.compile(schema);
    responseValidators.set(key, validate);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  return validate(value) ? null : responseAjv.errorsText(validate.errors);
}

function queryText(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => (Array.isArray(item) ? ['[nested]'] : [String(item)]));
  if (typeof value === 'object' && value !== null) return ['[object Object]'];
  return [String(value)];
}

/** The CW-1 op of a wallet route, or null. */
const cw1OpOf = (op: Operation): string | null => (op.path.startsWith('/api/wallet/') ? op.path.slice('/api/wallet/'.length) : null);

/** Why a CW-1 body must not be answered OK: not an object, bad text, or a required field missing or of another type. */
function cw1Refusals(cw1Op: string, body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['the body is not an object'];
  const reasons = findBadText(body) !== null ? ['body has bad text'] : [];
  for (const [name, type] of Object.entries(CW1_REQUIRED[cw1Op] ?? {})) {
    const value = (body as Record<string, unknown>)[name];
    const ok = type === 'array' ? Array.isArray(value) : typeof value === type;
    if (!ok) reasons.push(`${name} is ${JSON.stringify(value)?.slice(0, 40) ?? 'missing'}`);
  }
  return reasons;
}

function generator(op: Operation, fx: Fixture): fc.Arbitrary<Generated> {
  const known = fx.known;
  const cw1Op = cw1OpOf(op);
  const queryArb = fc.tuple(
    ...op.query.map((q) => fc.oneof({ weight: 4, arbitrary: valid(q.schema, known, q.name) }, { weight: 1, arbitrary: hostile }, { weight: 1, arbitrary: fc.constant(undefined) })),
  );
  const paramsArb = fc.tuple(...op.params.map((p) => fc.oneof({ weight: 3, arbitrary: valid(p.schema, known, p.name) }, { weight: 1, arbitrary: hostile })));
  const live = LIVE[op.route]?.body(fx);
  const keys = op.body !== null ? Object.keys((op.body.properties ?? {}) as Schema) : [];
  // A route with live requests: mostly those, some schema-valid ones, and hostile mutations of live ones.
  const bodyArb: fc.Arbitrary<unknown> =
    live !== undefined
      ? fc.oneof(
          { weight: 6, arbitrary: live },
          ...(op.body !== null ? [{ weight: 1, arbitrary: valid(op.body, known) }] : []),
          { weight: 3, arbitrary: mutate(live, keys) },
        )
      : op.body === null
        ? fc.constant(undefined)
        : fc.oneof({ weight: 2, arbitrary: valid(op.body, known) }, { weight: 3, arbitrary: mutated(op.body, known) });
  // Mostly a new key each time (FRESH), now and then one used before (a replay) or a hostile one.
  const keyArb = fc.oneof({ weight: 8, arbitrary: fc.constant(FRESH) }, { weight: 1, arbitrary: fc.constant('fuzz-replayed-key') }, { weight: 1, arbitrary: fc.constantFrom('', 'x'.repeat(300), 'ünïcode') });
  const contentTypeArb = fc.oneof({ weight: 12, arbitrary: fc.constant(JSON_TYPE) }, { weight: 1, arbitrary: fc.constantFrom(...MISMATCHED_TYPES) });
  const signingArb: fc.Arbitrary<Signing> =
    cw1Op === null ? fc.constant('none') : fc.oneof({ weight: 12, arbitrary: fc.constant<Signing>('valid') }, { weight: 1, arbitrary: fc.constantFrom<Signing>('wrong secret', 'stale', 'unsigned', 'tampered') });
  return fc.tuple(queryArb, paramsArb, bodyArb, keyArb, contentTypeArb, signingArb).map(([queryValues, paramValues, body, key, contentType, signing]) => {
    const reasons: string[] = [];
    // The CW-1 routes take the raw bytes whatever their type (the signature covers them).
    if (body !== undefined && contentType !== JSON_TYPE && cw1Op === null) reasons.push(`JSON sent as ${contentType}`);
    if (cw1Op !== null) {
      if (signing !== 'valid') reasons.push(`signature ${signing}`);
      reasons.push(...cw1Refusals(cw1Op, body));
    }
    let path = op.path;
    op.params.forEach((p, i) => {
      const text = queryText(paramValues[i]).join(',');
      if (findBadText(text) !== null) reasons.push(`path ${p.name} has bad text`);
      path = path.replace(`{${p.name}}`, encodePathText(text));
    });
    const search = new URLSearchParams();
    op.query.forEach((q, i) => {
      const value = queryValues[i];
      if (value === undefined) return;
      // URLSearchParams sends a lone surrogate as U+FFFD: judge the text the server receives.
      const texts = queryText(value).map((text) => text.replace(LONE_SURROGATE, '\uFFFD'));
      for (const text of texts) search.append(q.name, text);
      if (texts.some((text) => findBadText(text) !== null)) reasons.push(`query ${q.name} has bad text`);
      const type = q.schema.type;
      const numeric = type === 'integer' || type === 'number' || (Array.isArray(type) && (type.includes('integer') || type.includes('number')));
      if (numeric && texts.some((text) => !DECIMAL.test(text))) reasons.push(`query ${q.name}=${texts.join('&')} is not decimal text`);
    });
    if (body !== undefined && cw1Op === null && findBadText(body) !== null) reasons.push('body has bad text');
    if (body !== undefined && op.body !== null) {
      let validate = bodyValidators.get(op.route);
      if (validate === undefined) {
        validate = ajv.compile(op.body);
        bodyValidators.set(op.route, validate);
      }
      if (!validate(structuredClone(body))) reasons.push(`body refused by its schema: ${ajv.errorsText(validate.errors)}`);
    }
    const headers: Record<string, string> = {};
    for (const h of op.headers) if (h.name.toLowerCase() === 'idempotency-key') headers[h.name] = key;
    const query = search.toString();
    return { url: query.length > 0 ? `${path}?${query}` : path, headers, payload: body, contentType, signing, mustRefuse: reasons.length > 0 ? reasons.join('; ') : null };
  });
}

/** A wrong transaction password that reaches the check (the body is otherwise acceptable): it counts towards the throttle. */
function isGuess(sample: Generated): boolean {
  const payload = sample.payload as Record<string, unknown> | undefined;
  const password = typeof payload === 'object' && payload !== null ? payload.transactionPassword : undefined;
  return sample.mustRefuse === null && typeof password === 'string' && password !== TEST_TXN_PASSWORD;
}

/** The JSON text of a payload, each FRESH placeholder a new UUID. */
const freshText = (text: string): string => text.replaceAll(`"${FRESH}"`, () => JSON.stringify(randomUUID()));

// ---------------------------------------------------------------------------------------------
// Route groups: the answers are counted per group and status; a money group must get accepted requests

interface Group {
  name: string;
  /** A money group: the run fails unless some request of it was accepted (its oracles saw money move). */
  money: boolean;
  test: (route: string) => boolean;
}

/** The first group whose test takes the route is its group. */
const GROUPS: readonly Group[] = [
  { name: 'bets', money: true, test: (route) => route === 'POST /api/placebet' },
  { name: 'chips', money: true, test: (route) => /^POST \/api\/(deposit|withdraw)-chips$/.test(route) },
  { name: 'payment decisions', money: true, test: (route) => route === 'POST /api/update-deposit-withdraw-status' },
  { name: 'CW-1 debit', money: true, test: (route) => route === 'POST /api/wallet/debit' },
  { name: 'CW-1 credit', money: true, test: (route) => route === 'POST /api/wallet/credit' },
  { name: 'CW-1 other', money: false, test: (route) => route.startsWith('POST /api/wallet/') },
  { name: 'locks', money: false, test: (route) => /\/api\/(users-lock|bet-lock)$/.test(route) },
  { name: 'results', money: false, test: (route) => /\/api\/(declare-result|rollback-result|accept-feed-result|delete-current-bet|delete-bets|results)\b/.test(route) },
  { name: 'payments', money: false, test: (route) => /deposit|withdraw|bank|upi|payment/.test(route) },
  { name: 'casino', money: false, test: (route) => /casino|html-cards|game-reports/.test(route) },
  { name: 'auth', money: false, test: (route) => /login|logout|refresh|password|two-factor|user-info/.test(route) },
  { name: 'users', money: false, test: (route) => /user|downline|clients|register|otp|sms/.test(route) },
  { name: 'other', money: false, test: () => true },
];

const groupOf = (route: string): Group => GROUPS.find((group) => group.test(route)) as Group;

/** Answers per group: how many were accepted, and a count per status ("403", or for CW-1 "200 OK", "200 INVALID_REQUEST"). */
const tally = new Map<string, { accepted: number; statuses: Map<string, number> }>();

function count(route: string, status: string, accepted: boolean): void {
  const name = groupOf(route).name;
  const entry = tally.get(name) ?? { accepted: 0, statuses: new Map<string, number>() };
  if (accepted) entry.accepted += 1;
  entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  tally.set(name, entry);
}

function tallyText(): string {
  return GROUPS.filter((group) => tally.has(group.name))
    .map((group) => {
      const entry = tally.get(group.name) as { accepted: number; statuses: Map<string, number> };
      const statuses = [...entry.statuses].sort(([a], [b]) => a.localeCompare(b)).map(([status, n]) => `${status}×${n}`).join(' ');
      return `  ${`${group.name}${group.money ? ' (money)' : ''}`.padEnd(26)} accepted ${String(entry.accepted).padStart(5)} | ${statuses}`;
    })
    .join('\n');
}

const LEAK = /\bat [\w.<>]+ \(|\/work\/|node_modules|syntax error|violates|relation "|pg_catalog|\.ts:\d+/;

// ---------------------------------------------------------------------------------------------

let t: TestContext;
let operations: Operation[];
/** A screenshot for the fixture's deposit requests. */
let png: Buffer;

beforeAll(async () => {
  // Casino rounds stay open for betting through a route's batch (the engine is stepped by hand).
  t = await buildTestApp({ env: { CASINO_BETTING_SECONDS: '300', CASINO_CHAIN_LENGTH: '40' } });
  operations = operationsOf(t.app.swagger() as unknown as { paths: Record<string, Record<string, Schema>> });
  png = await pngImage();
  console.info(`fuzz-routes: SEED=${SEED} FUZZ_RUNS=${RUNS}`);
});
afterAll(() => t.close());

/** A fresh chain with funds, a market and a fancy per route that writes, so one route's damage (a logout, a lock) stays there. */
async function fixture(): Promise<Fixture> {
  // Two branches: admin → sadmin, and a DL (with its own chain up to another admin) → player.
  const [[admin, sadmin], [dl, player]] = await Promise.all([
    t.createUser({ role: 'admin' }).then(async (a) => [a, await t.createUser({ role: 'sadmin', parentId: a.id })]),
    t.createUser({ role: 'dl' }).then(async (d) => [d, await t.createUser({ role: 'user', parentId: d.id })]),
  ]);
  if (admin === undefined || sadmin === undefined || dl === undefined || player === undefined) throw new Error('fixture users');
  const [market, tokens] = await Promise.all([
    createTestMarket(t, RUNNER_PRICES),
    Promise.all([player, dl, admin, sadmin].map(async (user) => (await t.login(user)).token)),
    t.fund(player.id, 100_000n),
    t.fund(dl.id, 10_000n),
  ]);
  const fancy = await createTestFancy(t, market.matchId, FANCY_LINE);
  const known: Known = {
    username: [player.username, dl.username, sadmin.username],
    matchId: [market.matchId],
    eventId: [market.matchId],
    marketId: [market.marketId, fancy.fancyId],
    fancyId: [fancy.fancyId],
    selectionId: Object.keys(RUNNER_PRICES),
    sportId: [4],
    id: [randomUUID()],
    side: ['BACK', 'LAY', 'YES', 'NO'],
    transactionPassword: [TEST_TXN_PASSWORD],
  };
  const offers: Offer[] = [
    ...Object.entries(RUNNER_PRICES).flatMap(([selectionId, [back, lay]]) =>
      (['BACK', 'LAY'] as const).map((side): Offer => ({ kind: 'runner', matchId: market.matchId, marketId: market.marketId, selectionId, side, odds: (side === 'BACK' ? back : lay) / 100, minStake: 1, maxStake: 10_000 })),
    ),
    { kind: 'fancy', matchId: market.matchId, fancyId: fancy.fancyId, side: 'YES', run: FANCY_LINE.yesRun, rate: FANCY_LINE.yesRate },
    { kind: 'fancy', matchId: market.matchId, fancyId: fancy.fancyId, side: 'NO', run: FANCY_LINE.noRun, rate: FANCY_LINE.noRate },
  ];
  return { player, dl, admin, sadmin, tokens, known, market, fancyId: fancy.fancyId, offers, pendingPayments: [], provider: null, sessionToken: '', debits: [] };
}

/** The fixture the GET routes share (they only read), made again before its access tokens expire (10 minutes). */
let readFixture: { fx: Fixture; madeAt: number } | null = null;

/** A fresh fixture, or for a GET route the shared one (a fixture takes as long as a batch of 300 rejected requests). */
async function fixtureFor(op: Operation): Promise<Fixture> {
  if (op.method !== 'GET' || LIVE[op.route] !== undefined) return fixture();
  if (readFixture === null || performance.now() - readFixture.madeAt > 5 * 60_000) readFixture = { fx: await fixture(), madeAt: performance.now() };
  return readFixture.fx;
}

/** Opens the casino rounds (the engine stepped once) and reads the prices of three tables' open rounds, as the player sees them. */
async function casinoOffers(token: string): Promise<Offer[]> {
  const engine = t.services.casinoEngine;
  if (!(await engine.acquire())) throw new Error('the casino engine lock is taken');
  await engine.tick();
  const games = body<{ data: CasinoGamesResponse }>(await t.request({ method: 'GET', url: '/api/get-casino-games', token })).data.data;
  const offers: Offer[] = [];
  for (const game of games.filter((g) => g.match_id !== -1).slice(0, 3)) {
    const view = body<{ data: CasinoRoundView | null }>(await t.request({ method: 'GET', url: `/api/casino-market/${game.matchId}`, token })).data;
    if (view === null || view.status !== 'OPEN') continue;
    for (const market of view.markets.filter((m) => !m.suspended)) {
      for (const runner of market.runners) {
        for (const side of ['BACK', 'LAY'] as const) {
          const odds = side === 'BACK' ? runner.back : runner.lay;
          if (odds !== null) offers.push({ kind: 'runner', matchId: view.matchId, marketId: market.marketId, selectionId: runner.selectionId, side, odds, minStake: market.minStake, maxStake: market.maxStake });
        }
      }
    }
  }
  if (offers.length === 0) throw new Error('no casino round is open for betting');
  return offers;
}

/** Pending requests of the player for its DL to decide: four withdrawals and two deposits. */
async function pendingPayments(fx: Fixture): Promise<string[]> {
  const player = fx.tokens[0] as string;
  const bankId = await saveBank(t, player);
  const created = [
    ...(await Promise.all([10, 20, 30, 40].map((amount) => sendWithdraw(t, player, { amount, accountType: 'bank', bankDetail: bankId })))),
    ...(await Promise.all(['100', '200'].map((amount) => sendDeposit(t, player, { amount, utrno: newUtr() }, { data: png })))),
  ];
  const failed = created.find((request) => request.status !== 200);
  if (failed !== undefined) throw new Error(`payment request: ${failed.status} ${failed.raw}`);
  return created.map((request) => request.data._id);
}

/** A CW-1 provider and the player's game session (opened after the player's sign-in), then `debits` debits on their own rounds. */
async function openGameSession(fx: Fixture, debits: number): Promise<void> {
  const provider = await createTestProvider(t);
  fx.provider = provider;
  fx.sessionToken = await openTestSession(t, provider, fx.player.id);
  for (let i = 0; i < debits; i += 1) {
    const debit = { roundId: randomUUID(), transactionId: randomUUID(), amount: 1_000 * (i + 1) };
    const answer = await walletCall(t, provider, 'debit', {
      ...money(provider, fx.player.id, fx.sessionToken, debit.roundId),
      transactionId: debit.transactionId,
      amount: String(debit.amount),
      bets: [{ market: 'main', selection: 'cashout', odds: '', stake: String(debit.amount) }],
    });
    if (answer.body.status !== 'OK') throw new Error(`fixture debit: ${JSON.stringify(answer.body)}`);
    fx.debits.push(debit);
  }
}

/** Sends a CW-1 callback signed as `signing` says (the provider's way, or a wrong one). */
async function sendCw1(fx: Fixture, url: string, raw: string, signing: Signing, contentType: string) {
  const provider = fx.provider as TestProvider;
  const sign = (secret: string, bytes: string, now = Date.now()) => cw1SignedHeaders(provider.partnerId, secret, bytes, now, randomUUID());
  const headers: Record<string, string> =
    signing === 'valid'
      ? await sign(provider.secret, raw)
      : signing === 'wrong secret'
        ? await sign(newSecret(), raw)
        : signing === 'stale'
          ? await sign(provider.secret, raw, Date.now() - 2 * CW1_MAX_SKEW_MS)
          : signing === 'tampered'
            ? await sign(provider.secret, `${raw} `)
            : {};
  return t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType }, payload: raw });
}

/** The first token the route admits (not 401/403 on an empty request), or none for a public route. */
async function tokenFor(op: Operation, tokens: readonly string[]): Promise<string | undefined> {
  const url = op.path.replace(/\{[^}]+\}/g, randomUUID());
  for (const token of tokens) {
    const response = await t.request({ method: op.method, url, token, ...(op.body !== null ? { payload: {} } : {}) });
    if (response.statusCode !== 401 && response.statusCode !== 403) return token;
  }
  return undefined;
}

/** The CW-1 status of a wallet answer ("OK", "INVALID_REQUEST", …), or null. */
function cw1Status(text: string): string | null {
  try {
    const status = (JSON.parse(text) as { status?: unknown }).status;
    return typeof status === 'string' ? status : null;
  } catch {
    return null;
  }
}

describe('fuzzing every route of the OpenAPI document', () => {
  it('reads the routes', () => {
    expect(operations.length).toBeGreaterThan(60);
  });

  const only = process.env.FUZZ_ROUTE;
  // Routes are read in beforeAll, so they are one test; the invariants are checked after each route's batch.
  const names = (): string[] => operations.map((op) => op.route).filter((route) => only === undefined || route.includes(only));

  it('every route: no 5xx, no wrong 2xx, no leak', async () => {
    const failures: string[] = [];
    const counts = { requests: 0, repeats: 0, ok: 0, refused: 0, guessesNotSent: 0 };
    for (const route of names()) {
      const op = operations.find((o) => o.route === route) as Operation;
      const started = performance.now();
      const fx = await fixtureFor(op);
      const fixtureMs = performance.now() - started;
      const token = await tokenFor(op, fx.tokens);
      await LIVE[route]?.setup?.(fx);
      const samples = fc.sample(generator(op, fx), { numRuns: RUNS, seed: SEED + route.length });
      // Each distinct request is sent once: a route with no input generates one request 300
      // times, and enums and known ids repeat (about 43 % of all samples were repeats).
      const sent = new Set<string>();
      let guesses = 0;
      for (const sample of samples) {
        const key = JSON.stringify([sample.url, sample.headers, sample.payload, sample.payload === undefined ? null : sample.contentType, sample.signing]);
        if (sent.has(key)) {
          counts.repeats += 1;
          continue;
        }
        sent.add(key);
        // A few wrong transaction passwords per batch; more would lock the caller out for the rest of it.
        if (isGuess(sample) && (guesses += 1) > MAX_GUESSES) {
          counts.guessesNotSent += 1;
          continue;
        }
        counts.requests += 1;
        const headers = Object.fromEntries(Object.entries(sample.headers).map(([name, value]) => [name, value === FRESH ? randomUUID() : value]));
        const text = sample.payload === undefined ? undefined : freshText(JSON.stringify(sample.payload));
        const response =
          sample.signing !== 'none'
            ? await sendCw1(fx, sample.url, text ?? '', sample.signing, sample.contentType)
            : await t.request({
                method: op.method,
                url: sample.url,
                headers,
                ...(token !== undefined ? { token } : {}),
                ...(text !== undefined ? { payload: text, headers: { ...headers, 'content-type': sample.contentType } } : {}),
              });
        const where = `${route} ${sample.url.slice(0, 160)} ${sample.signing === 'none' ? '' : `(signature ${sample.signing}) `}${text?.slice(0, 200)}`;
        const status = sample.signing !== 'none' && response.statusCode === 200 ? cw1Status(response.body) : null;
        // A CW-1 callback is accepted when it is answered OK; any other route by a 2xx.
        const accepted = sample.signing !== 'none' ? status === 'OK' : response.statusCode < 300;
        count(route, status === null ? String(response.statusCode) : `${response.statusCode} ${status}`, accepted);
        if (response.statusCode >= 500) failures.push(`${response.statusCode} ${where}: ${response.body.slice(0, 200)}`);
        if (accepted) counts.ok += 1;
        else counts.refused += 1;
        if (accepted && sample.mustRefuse !== null) failures.push(`wrong ${response.statusCode} ${status ?? ''} (${sample.mustRefuse}) ${where}`);
        if (sample.signing !== 'none' && sample.signing !== 'valid' && response.statusCode !== 401) failures.push(`${response.statusCode} for a CW-1 callback with a bad signature ${where}`);
        if (LEAK.test(response.body)) failures.push(`leak ${where}: ${response.body.slice(0, 200)}`);
        const mismatch = response.headers['content-type']?.toString().includes('application/json') === true ? responseMismatch(op, response.statusCode, response.body) : null;
        if (mismatch !== null) failures.push(`${response.statusCode} does not match its declared schema (${mismatch}) ${where}: ${response.body.slice(0, 200)}`);
        if (({} as Record<string, unknown>).polluted !== undefined) failures.push(`Object.prototype polluted by ${where}`);
        if (failures.length >= 20) break;
      }
      const sentMs = performance.now() - started;
      await assertLedgerInvariants(t.db);
      if (process.env.FUZZ_TIMING !== undefined) console.info(`TIMING ${route} fixture ${fixtureMs.toFixed(0)} sent ${sentMs.toFixed(0)} invariants ${(performance.now() - started - sentMs).toFixed(0)} ms, ${sent.size} sent`);
      // The server stays healthy after every batch (database reachable, answering in time).
      const health = await t.request({ method: 'GET', url: '/api/health' });
      if (health.statusCode !== 200) failures.push(`unhealthy after ${route}: ${health.statusCode} ${health.body.slice(0, 200)}`);
      // A route that switched maintenance on must not close the next route's player area.
      await t.db.query("UPDATE settings SET value = 'false' WHERE key = 'maintenance'");
      t.services.settings.invalidate();
      if (failures.length >= 20) break;
    }
    console.info(
      `fuzz-routes: ${counts.requests} distinct requests (${counts.repeats} repeated samples and ${counts.guessesNotSent} wrong transaction passwords past ${MAX_GUESSES} a route not sent), ` +
        `${counts.ok} accepted, ${counts.refused} refused\nper route group (accepted: a 2xx, for CW-1 an OK):\n${tallyText()}`,
    );
    expect(failures).toEqual([]);
  }, Math.max(15 * 60_000, RUNS * 1_000));

  it('every money group got accepted requests: its oracles saw money move', () => {
    const fuzzed = GROUPS.filter((group) => group.money && operations.some((op) => group.test(op.route) && names().includes(op.route)));
    expect(fuzzed.filter((group) => (tally.get(group.name)?.accepted ?? 0) === 0).map((group) => group.name)).toEqual([]);
  });
});
