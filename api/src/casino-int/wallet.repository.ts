/**
 * SQL of the CW-1 wallet (wallet.service.ts, wallet-checks.ts, and the launch in
 * casino-int.service.ts; migration 0028): the launch sessions, the stored answers by requestId,
 * the transactions by (provider, transactionId), the rounds and their partnership shares, and
 * the reads of the player's wallet row and account state the callbacks make. Plain rows in and out; every rule, lock order and refusal stays in the service.
 */
import type { Queryable } from '../db/database';

/** A launch session as the callbacks check it (casino_int_sessions). */
export interface SessionRow {
  id: string;
  userId: string;
  gameCode: string;
  currency: string;
  authenticated: boolean;
  tokenLive: boolean;
  live: boolean;
}

/** A stored transaction of (provider, transactionId) (casino_int_transactions). */
export interface TxRow {
  id: string;
  type: 'debit' | 'credit' | 'rollback' | 'tombstone';
  userId: string;
  roundId: string;
  gameCode: string;
  amountMinor: string;
  payloadHash: string;
  response: string;
}

/** What a round may still pay: the game's maximum against its credits and its debits not rolled back. */
export interface RoundPayoutBound {
  over: boolean;
  maxMultiplier: string;
  debited: string;
  credited: string;
  maxPayout: string;
}

// --- casino_int_requests: the answer stored by requestId ---------------------------------------

export async function findStoredRequest(q: Queryable, providerId: string, requestId: string): Promise<{ requestHash: string; response: string } | null> {
  const { rows } = await q.query<{ requestHash: string; response: string }>(
    'SELECT request_hash AS "requestHash", response FROM casino_int_requests WHERE provider_id = $1 AND request_id = $2',
    [providerId, requestId],
  );
  return rows[0] ?? null;
}

export async function insertStoredRequest(q: Queryable, providerId: string, requestId: string, requestHash: string, response: string): Promise<void> {
  await q.query('INSERT INTO casino_int_requests (provider_id, request_id, request_hash, response) VALUES ($1, $2, $3, $4)', [
    providerId,
    requestId,
    requestHash,
    response,
  ]);
}

// --- casino_int_sessions ------------------------------------------------------------------------

/** The session of a token hash at a provider; `lock` takes its row lock (FOR UPDATE). */
export async function findSessionByToken(q: Queryable, tokenHash: string, providerId: string, lock: boolean): Promise<SessionRow | null> {
  const { rows } = await q.query<SessionRow>(
    `SELECT id, user_id AS "userId", game_code AS "gameCode", currency, authenticated_at IS NOT NULL AS authenticated,
            token_expires_at > now() AS "tokenLive",
            -- Live while its own lifetime runs AND the operator session that launched it is live:
            -- a logout, a newer sign-in, a password change or reset, or a lock ends both.
            (expires_at > now() AND EXISTS (
               SELECT 1 FROM sessions s WHERE s.id = cs.operator_session_id AND s.ended_at IS NULL AND s.expires_at > now())) AS live
     FROM casino_int_sessions cs WHERE token_hash = $1 AND provider_id = $2 ${lock ? 'FOR UPDATE OF cs' : ''}`,
    [tokenHash, providerId],
  );
  return rows[0] ?? null;
}

export async function markSessionAuthenticated(q: Queryable, sessionId: string): Promise<void> {
  await q.query('UPDATE casino_int_sessions SET authenticated_at = now() WHERE id = $1', [sessionId]);
}

/** A launch's session: the token's hash, its lifetimes in ms from now, and the operator session that opened it. */
export async function insertLaunchSession(
  q: Queryable,
  s: { tokenHash: string; userId: string; providerId: string; gameCode: string; currency: string; ip: string; device: string; tokenTtlMs: number; sessionTtlMs: number; operatorSessionId: string },
): Promise<void> {
  await q.query(
    `INSERT INTO casino_int_sessions (token_hash, user_id, provider_id, game_code, currency, ip, device, token_expires_at, expires_at,
                                      operator_session_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8::double precision / 1000),
             now() + make_interval(secs => $9::double precision / 1000), $10)`,
    [s.tokenHash, s.userId, s.providerId, s.gameCode, s.currency, s.ip, s.device, s.tokenTtlMs, s.sessionTtlMs, s.operatorSessionId],
  );
}

// --- the player: account state and wallet row ---------------------------------------------------

/** Whether the player and every ancestor are active; null for no such user. */
export async function isAccountActive(q: Queryable, userId: string): Promise<boolean | null> {
  const { rows } = await q.query<{ active: boolean }>(
    `SELECT (u.status = 'active' AND NOT EXISTS (
               SELECT 1 FROM users anc WHERE anc.id = ANY (u.ancestors) AND anc.status <> 'active')) AS active
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0]?.active ?? null;
}

/** The player's username and whether it and every ancestor are active; null for no such user. */
export async function findPlayerStatus(q: Queryable, userId: string): Promise<{ username: string; active: boolean } | null> {
  const { rows } = await q.query<{ username: string; active: boolean }>(
    `SELECT u.username, (u.status = 'active' AND NOT EXISTS (
              SELECT 1 FROM users anc WHERE anc.id = ANY (u.ancestors) AND anc.status <> 'active')) AS active
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** Whether the player or an ancestor is not active; null for no such user. */
export async function isAccountBlocked(q: Queryable, userId: string): Promise<boolean | null> {
  const { rows } = await q.query<{ blocked: boolean }>(
    `SELECT (u.status <> 'active' OR EXISTS (
               SELECT 1 FROM users anc WHERE anc.id = ANY (u.ancestors) AND anc.status <> 'active')) AS blocked
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0]?.blocked ?? null;
}

/** The two figures of a player's wallet (paise, text): its balance and the exposure of its open bets. */
export interface WalletFigures {
  balance: string;
  exposure: string;
}

/** Locks the player's wallet row (FOR UPDATE): its account id and figures; null for none. */
export async function lockWalletRow(q: Queryable, userId: string): Promise<({ id: string } & WalletFigures) | null> {
  const { rows } = await q.query<{ id: string } & WalletFigures>(
    'SELECT id, balance_minor::text AS balance, exposure_minor::text AS exposure FROM ledger_accounts WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  return rows[0] ?? null;
}

/** The player's wallet figures (the service answers their available balance, `availableMinor`); null for no wallet. */
export async function walletFigures(q: Queryable, userId: string): Promise<WalletFigures | null> {
  const { rows } = await q.query<WalletFigures>('SELECT balance_minor::text AS balance, exposure_minor::text AS exposure FROM ledger_accounts WHERE user_id = $1', [userId]);
  return rows[0] ?? null;
}

/** The agents above the player, nearest first, with their partnership shares. */
export async function partnershipChain(q: Queryable, userId: string): Promise<Array<{ id: string; shareBps: number }>> {
  const { rows } = await q.query<{ id: string; shareBps: number }>(
    `SELECT a.id, a.partnership_share_bps AS "shareBps"
     FROM users u CROSS JOIN LATERAL unnest(u.ancestors) WITH ORDINALITY AS x (agent_id, pos)
     JOIN users a ON a.id = x.agent_id WHERE u.id = $1 ORDER BY x.pos DESC`,
    [userId],
  );
  return rows;
}

/** The system ledger account `code` (negative allowed), created when it does not exist. */
export async function ensureSystemAccount(q: Queryable, code: string): Promise<void> {
  await q.query("INSERT INTO ledger_accounts (kind, code, allow_negative) VALUES ('system', $1, true) ON CONFLICT (code) DO NOTHING", [code]);
}

// --- casino_int_games ---------------------------------------------------------------------------

/** True while the provider and the game are both enabled. */
export async function isGameOpen(q: Queryable, providerId: string, gameCode: string): Promise<boolean> {
  const { rows } = await q.query<{ open: boolean }>(
    `SELECT (p.enabled AND g.enabled) AS open FROM casino_int_games g JOIN casino_int_providers p ON p.id = g.provider_id
     WHERE g.provider_id = $1 AND g.code = $2`,
    [providerId, gameCode],
  );
  return rows[0]?.open === true;
}

// --- casino_int_transactions --------------------------------------------------------------------

/** The stored row of (provider, transactionId), if any. */
export async function findTransaction(q: Queryable, providerId: string, transactionId: string): Promise<TxRow | null> {
  const { rows } = await q.query<TxRow>(
    `SELECT id::text, type, user_id AS "userId", round_id AS "roundId", game_code AS "gameCode", amount_minor::text AS "amountMinor",
            payload_hash AS "payloadHash", response
     FROM casino_int_transactions WHERE provider_id = $1 AND transaction_id = $2`,
    [providerId, transactionId],
  );
  return rows[0] ?? null;
}

/** The type of the first transaction that refers to `refTransactionId` (a credit or a rollback), if any. */
export async function firstReferringType(q: Queryable, providerId: string, refTransactionId: string): Promise<string | null> {
  const { rows } = await q.query<{ type: string }>(
    'SELECT type FROM casino_int_transactions WHERE provider_id = $1 AND ref_transaction_id = $2 ORDER BY id LIMIT 1',
    [providerId, refTransactionId],
  );
  return rows[0]?.type ?? null;
}

/** The next operator transaction id, taken from the table's sequence. */
export async function nextOperatorTxId(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ id: string }>("SELECT nextval(pg_get_serial_sequence('casino_int_transactions', 'id'))::text AS id", []);
  return rows[0]?.id ?? '';
}

/** A transaction row; `id` null takes the next id of the sequence. */
export async function insertTransaction(
  q: Queryable,
  row: {
    id: string | null;
    providerId: string;
    transactionId: string;
    type: TxRow['type'];
    refTransactionId: string | null;
    userId: string;
    roundId: string;
    gameCode: string;
    amount: bigint;
    payloadHash: string;
    response: string;
    journalId: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO casino_int_transactions (id, provider_id, transaction_id, type, ref_transaction_id, user_id, round_id, game_code,
                                          amount_minor, payload_hash, response, journal_id)
     VALUES (coalesce($1::bigint, nextval(pg_get_serial_sequence('casino_int_transactions', 'id'))), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      row.id,
      row.providerId,
      row.transactionId,
      row.type,
      row.refTransactionId,
      row.userId,
      row.roundId,
      row.gameCode,
      row.amount.toString(),
      row.payloadHash,
      row.response,
      row.journalId,
    ],
  );
}

// --- casino_int_rounds and casino_int_round_shares ----------------------------------------------

export async function roundStatus(q: Queryable, providerId: string, roundId: string, userId: string): Promise<'open' | 'closed' | null> {
  const { rows } = await q.query<{ status: 'open' | 'closed' }>(
    'SELECT status FROM casino_int_rounds WHERE provider_id = $1 AND round_id = $2 AND user_id = $3',
    [providerId, roundId, userId],
  );
  return rows[0]?.status ?? null;
}

/**
 * Opens the player's round (no-op when it exists), numbered after the player's last round of the
 * game (round_no, migration 0043). The caller holds the player's wallet row lock, so two rounds
 * of one player never take the same number.
 */
export async function insertRound(q: Queryable, providerId: string, roundId: string, userId: string, gameCode: string): Promise<void> {
  await q.query(
    `INSERT INTO casino_int_rounds (provider_id, round_id, user_id, game_code, round_no)
     SELECT $1, $2, $3, $4, coalesce(max(round_no), 0) + 1
     FROM casino_int_rounds WHERE user_id = $3 AND provider_id = $1 AND game_code = $4
     ON CONFLICT (provider_id, round_id, user_id) DO NOTHING`,
    [providerId, roundId, userId, gameCode],
  );
}

/**
 * The round's credits with `amount` more against its debits not rolled back times the game's
 * max_multiplier; null when the game is not in the registry.
 */
export async function roundPayoutBound(
  q: Queryable,
  r: { providerId: string; roundId: string; userId: string; gameCode: string; amount: bigint },
): Promise<RoundPayoutBound | null> {
  const { rows } = await q.query<RoundPayoutBound>(
    `SELECT (r.credited + $5::bigint > r.debited * g.max_multiplier) AS over, g.max_multiplier::text AS "maxMultiplier",
            r.debited::text AS debited, r.credited::text AS credited, floor(r.debited * g.max_multiplier)::text AS "maxPayout"
     FROM casino_int_games g,
          LATERAL (SELECT coalesce(sum(t.amount_minor) FILTER (WHERE t.type = 'credit'), 0) AS credited,
                          coalesce(sum(t.amount_minor) FILTER (WHERE t.type = 'debit' AND NOT EXISTS (
                            SELECT 1 FROM casino_int_transactions rb
                            WHERE rb.provider_id = t.provider_id AND rb.ref_transaction_id = t.transaction_id AND rb.type = 'rollback')), 0) AS debited
                   FROM casino_int_transactions t WHERE t.provider_id = $1 AND t.round_id = $2 AND t.user_id = $3) r
     WHERE g.provider_id = $1 AND g.code = $4`,
    [r.providerId, r.roundId, r.userId, r.gameCode, r.amount.toString()],
  );
  return rows[0] ?? null;
}

/** Closes an open round with its P&L from its transactions (paise, text); null when it was not open. */
export async function closeOpenRound(q: Queryable, providerId: string, roundId: string, userId: string): Promise<string | null> {
  const { rows } = await q.query<{ pnl: string }>(
    `UPDATE casino_int_rounds r SET status = 'closed', closed_at = now(),
            pnl_minor = (SELECT coalesce(sum(CASE t.type WHEN 'debit' THEN -t.amount_minor WHEN 'tombstone' THEN 0 ELSE t.amount_minor END), 0)
                         FROM casino_int_transactions t WHERE t.provider_id = r.provider_id AND t.round_id = r.round_id AND t.user_id = r.user_id)
     WHERE provider_id = $1 AND round_id = $2 AND user_id = $3 AND status = 'open'
     RETURNING pnl_minor::text AS pnl`,
    [providerId, roundId, userId],
  );
  const row = rows[0];
  return row === undefined ? null : row.pnl;
}

export async function insertRoundShare(
  q: Queryable,
  s: { providerId: string; roundId: string; userId: string; agentId: string; ownShareBps: number; amountMinor: number },
): Promise<void> {
  await q.query(
    `INSERT INTO casino_int_round_shares (provider_id, round_id, user_id, agent_id, own_share_bps, amount_minor) VALUES ($1, $2, $3, $4, $5, $6)`,
    [s.providerId, s.roundId, s.userId, s.agentId, s.ownShareBps, s.amountMinor],
  );
}

export async function setRoundCloseJournal(q: Queryable, providerId: string, roundId: string, userId: string, journalId: string): Promise<void> {
  await q.query('UPDATE casino_int_rounds SET close_journal_id = $4 WHERE provider_id = $1 AND round_id = $2 AND user_id = $3', [
    providerId,
    roundId,
    userId,
    journalId,
  ]);
}
