/**
 * Helpers of the international casino tests: a provider in the registry (with its secret), a game
 * session as a launch leaves it, and wallet callbacks signed with @backlay/shared/cw1 exactly as a
 * provider signs them.
 */
import { cw1SignedHeaders, verifyCw1, type Cw1WalletOp } from '@backlay/shared/cw1';
import { randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import * as repo from '../src/casino-int/registry.repository';
import { newSecret } from '../src/casino-int/casino-int.service';
import { tokenHash } from '../src/casino-int/wallet.service';
import type { TestContext } from './helper';

export interface TestProvider {
  id: string;
  partnerId: string;
  secret: string;
  gameCode: string;
}

/** A seamless provider with one game and one active secret. */
export async function createTestProvider(t: TestContext, launchUrl = 'http://127.0.0.1:9/', id = `prov-${randomBytes(3).toString('hex')}`): Promise<TestProvider> {
  const secret = newSecret();
  await t.db.transaction(async (tx) => {
    await repo.insertProvider(tx, { id, name: `Provider ${id}`, partnerId: `${id}-partner`, launchUrl, currencies: ['INR'], seamless: true });
    await repo.insertSecret(tx, id, secret);
    // A maximum payout of 100× the round's stakes.
    await repo.insertGame(tx, { providerId: id, code: 'crash', name: 'Crash', image: '/api/casino-int/images/crash.svg', category: 'originals', subCategory: 'crash', maxMultiplier: '100' });
  });
  return { id, partnerId: `${id}-partner`, secret, gameCode: 'crash' };
}

/** The user's live operator session (a signed-in player), opened here when there is none. */
async function liveOperatorSession(t: TestContext, userId: string): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    `WITH live AS (SELECT id FROM sessions WHERE user_id = $1 AND ended_at IS NULL),
          opened AS (INSERT INTO sessions (user_id, area, expires_at) SELECT $1, 'player', now() + interval '1 day'
                     WHERE NOT EXISTS (SELECT 1 FROM live) RETURNING id)
     SELECT id FROM live UNION ALL SELECT id FROM opened`,
    [userId],
  );
  return rows[0]?.id ?? '';
}

/**
 * A session as a launch leaves it (authenticated unless told otherwise), launched from the
 * user's live operator session; answers its token.
 */
export async function openTestSession(
  t: TestContext,
  provider: TestProvider,
  userId: string,
  options: { authenticated?: boolean; expired?: boolean; tokenExpired?: boolean } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.db.query(
    `INSERT INTO casino_int_sessions (token_hash, user_id, provider_id, game_code, currency, ip, device, token_expires_at, authenticated_at, expires_at,
                                      operator_session_id)
     VALUES ($1, $2, $3, $4, 'INR', '127.0.0.1', 'desktop', now() + $5::interval, $6, now() + $7::interval, $8)`,
    [
      tokenHash(token),
      userId,
      provider.id,
      provider.gameCode,
      options.tokenExpired === true ? '-1 minute' : '2 minutes',
      options.authenticated === false ? null : new Date(),
      options.expired === true ? '-1 minute' : '4 hours',
      await liveOperatorSession(t, userId),
    ],
  );
  return token;
}

export interface WalletCallOptions {
  secret?: string;
  partnerId?: string;
  now?: number;
  nonce?: string;
  /** Sends these headers as they are (a replay). */
  headers?: Record<string, string>;
}

export interface WalletAnswer {
  response: LightMyRequestResponse;
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** POST /api/wallet/{op} with `payload` (an object, or raw text sent as is), signed as the provider signs. */
export async function walletCall(t: TestContext, provider: TestProvider, op: Cw1WalletOp, payload: object | string, options: WalletCallOptions = {}): Promise<WalletAnswer> {
  const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers =
    options.headers ??
    (await cw1SignedHeaders(options.partnerId ?? provider.partnerId, options.secret ?? provider.secret, raw, options.now ?? Date.now(), options.nonce ?? randomUUID()));
  const response = await t.app.inject({ method: 'POST', url: `/api/wallet/${op}`, headers: { ...headers, 'content-type': 'application/json' }, payload: raw });
  return { response, status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown>, headers };
}

/** True when the answer carries a valid CW-1 signature of the provider's partner id under `secret`. */
export async function answerSigned(answer: WalletAnswer, provider: TestProvider, secret = provider.secret): Promise<boolean> {
  const verified = await verifyCw1(answer.response.headers as Record<string, string>, answer.response.rawPayload, [secret]);
  return verified.ok && verified.partnerId === provider.partnerId;
}

/** The common body of a callback. */
export function common(provider: TestProvider, userId: string, token: string, roundId: string): Record<string, unknown> {
  return { requestId: randomUUID(), sessionToken: token, playerId: userId, gameCode: provider.gameCode, roundId };
}

/** The common body of a money callback (debit, credit, rollback): the common fields and the currency of its amounts. */
export function money(provider: TestProvider, userId: string, token: string, roundId: string, currency = 'INR'): Record<string, unknown> {
  return { ...common(provider, userId, token, roundId), currency };
}

/** The available balance of a user's wallet, paise. */
export async function availableOf(t: TestContext, userId: string): Promise<bigint> {
  const wallet = await t.services.ledger.walletOf(userId);
  return wallet.balanceMinor - wallet.exposureMinor;
}

/** The balance of a provider's clearing account, paise. */
export async function clearingOf(t: TestContext, providerId: string): Promise<bigint> {
  return (await repo.clearingBalances(t.db)).get(providerId) ?? 0n;
}
