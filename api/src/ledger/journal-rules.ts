/**
 * Pure rules of the ledger: what a well-formed journal is, its canonical request hash (for
 * idempotency), and how legs move a set of locked accounts. No I/O.
 */
import { createHash } from 'node:crypto';

/** Codes of the journals that exist today; later steps add theirs. */
export type JournalCode =
  | 'DEMO_MINT'
  | 'CHIP_DEPOSIT'
  | 'CHIP_WITHDRAW'
  | 'REVERSAL'
  | 'TEST_TRANSFER'
  // Step 5 (payments): agent → player on a deposit approval; player → system:withdraw_hold on a
  // withdraw request; the hold → the approving agent (approval) or back to the player (rejection).
  | 'DEPOSIT_CREDIT'
  | 'WITHDRAW_HOLD'
  | 'WITHDRAW_PAYOUT'
  | 'WITHDRAW_RELEASE'
  // Step 4 (settlement, ADR 0007): one journal per (market, settlement version), posted by
  // settle_market (migration 0011): each player's wallet gets net = W − commission, each agent's
  // system:agent_pnl:<id> account its partnership share; its rollback posts the mirror.
  | 'MARKET_SETTLE'
  | 'MARKET_SETTLE_REVERSAL'
  // Issue 19 (international casino, ADR 0020): CW-1 wallet callbacks between a player's wallet and
  // the provider's clearing account system:cw1_clearing:<provider> (debit: stake, credit: win,
  // rollback: the stake back); a closed round's net from the clearing account to the agents' P&L.
  | 'CASINO_INT_DEBIT'
  | 'CASINO_INT_CREDIT'
  | 'CASINO_INT_ROLLBACK'
  | 'CASINO_INT_ROUND';

/** One leg: a signed amount on one account (positive raises its balance). */
export interface JournalLeg {
  accountId: string;
  amountMinor: bigint;
}

export interface JournalRequest {
  code: JournalCode;
  /** Business event (L8): at most one journal per (eventType, eventRef). */
  eventType: string;
  eventRef: string;
  /** Client-supplied key; with actorId at most one effect. */
  idempotencyKey: string | null;
  /** The user who caused it; null for the system (demo seed, jobs). */
  actorId: string | null;
  remark: string;
  legs: JournalLeg[];
  reversesJournalId: string | null;
}

/** A broken ledger rule in code (not a user error): surfaces as a 500 and is logged. */
export class LedgerInvariantError extends Error {
  override readonly name = 'LedgerInvariantError';
}

/** Checks L1/L9 before anything is written: ≥ 2 legs, no zero legs, distinct accounts, sum 0. */
export function validateJournal(request: JournalRequest): void {
  if (!/^[A-Z][A-Z0-9_]*$/.test(request.code)) throw new LedgerInvariantError(`bad journal code ${request.code}`);
  if (request.eventType.length === 0 || request.eventRef.length === 0) {
    throw new LedgerInvariantError('a journal needs an event type and reference');
  }
  if (request.idempotencyKey !== null && (request.idempotencyKey.length < 1 || request.idempotencyKey.length > 255)) {
    throw new LedgerInvariantError('idempotency key must be 1 to 255 characters');
  }
  if (request.legs.length < 2) throw new LedgerInvariantError(`journal has ${request.legs.length} legs, needs at least 2`);
  const accounts = new Set<string>();
  let sum = 0n;
  for (const leg of request.legs) {
    if (typeof leg.amountMinor !== 'bigint') throw new LedgerInvariantError('leg amounts must be bigint paise');
    if (leg.amountMinor === 0n) throw new LedgerInvariantError(`zero leg on account ${leg.accountId}`);
    if (accounts.has(leg.accountId)) throw new LedgerInvariantError(`account ${leg.accountId} appears twice`);
    accounts.add(leg.accountId);
    sum += leg.amountMinor;
  }
  if (sum !== 0n) throw new LedgerInvariantError(`journal legs sum to ${sum}, not 0`);
}

/**
 * SHA-256 of the request's business content, independent of leg order. Two requests with the
 * same idempotency key must have the same hash, or the second is a different request (409).
 */
export function journalRequestHash(request: JournalRequest): string {
  const legs = [...request.legs]
    .sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0))
    .map((leg) => [leg.accountId, leg.amountMinor.toString()]);
  const canonical = JSON.stringify([
    request.code,
    request.eventType,
    request.eventRef,
    request.remark,
    request.reversesJournalId,
    legs,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** A locked account as read inside the transaction. */
export interface AccountState {
  id: string;
  balanceMinor: bigint;
  exposureMinor: bigint;
  version: bigint;
  allowNegative: boolean;
}

/** The entry a leg produces on its account. */
export interface PostedEntry {
  accountId: string;
  amountMinor: bigint;
  version: bigint;
  prevBalanceMinor: bigint;
  currBalanceMinor: bigint;
}

export type ApplyResult =
  | { ok: true; entries: PostedEntry[] }
  | { ok: false; accountId: string; availableMinor: bigint; amountMinor: bigint };

/**
 * Applies legs to the locked accounts: each entry gets the account's next version and its
 * running balance (L4). Fails on the first account whose available balance (balance −
 * exposure) would go below zero, unless that account may go negative (L5).
 */
export function applyLegs(accounts: readonly AccountState[], legs: readonly JournalLeg[]): ApplyResult {
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const entries: PostedEntry[] = [];
  for (const leg of legs) {
    const account = byId.get(leg.accountId);
    if (account === undefined) throw new LedgerInvariantError(`account ${leg.accountId} was not locked`);
    const curr = account.balanceMinor + leg.amountMinor;
    if (!account.allowNegative && leg.amountMinor < 0n && curr - account.exposureMinor < 0n) {
      return {
        ok: false,
        accountId: account.id,
        availableMinor: account.balanceMinor - account.exposureMinor,
        amountMinor: leg.amountMinor,
      };
    }
    entries.push({
      accountId: account.id,
      amountMinor: leg.amountMinor,
      version: account.version + 1n,
      prevBalanceMinor: account.balanceMinor,
      currBalanceMinor: curr,
    });
  }
  return { ok: true, entries };
}

/** The legs that undo a journal: the same accounts with every amount negated (L7). */
export function mirrorLegs(entries: readonly JournalLeg[]): JournalLeg[] {
  return entries.map((entry) => ({ accountId: entry.accountId, amountMinor: -entry.amountMinor }));
}
