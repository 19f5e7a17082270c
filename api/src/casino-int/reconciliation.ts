/**
 * Reconciliation with the providers (docs/rules/casino-wallet.md rule 9): the daily report of our side of a
 * provider's transactions, and a comparison with the provider's GET /v1/reports/transactions for
 * the same UTC date: transactions missing on our side, missing on theirs, or with another amount.
 * A leader-only job (one instance, LeaderLoop) reconciles yesterday for every seamless provider
 * once, and forgets expired nonces; admins can also run it for any date.
 */
import {
  type CasinoIntMismatch,
  type CasinoIntReconciliationReport,
  type CasinoIntReconciliationRun,
  type CasinoIntTxType,
  CASINO_INT_MESSAGES,
} from '@backlay/shared/contracts';
import { parseMinorUnits } from '@backlay/shared/cw1';
import { DomainError } from '../common/domain-error';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import { formatRupees } from '../common/money';
import type { Database } from '../db/database';
import { LeaderLoop } from '../db/leader-loop';
import type { NonceStore } from './nonce-store';
import type { ProviderClient } from './provider-client';
import * as runs from './reconciliation.repository';
import * as repo from './registry.repository';

/** The advisory lock of the reconciliation job (one per job kind, see feed-ingest and casino-engine). */
export const RECONCILIATION_LOCK_ID = 72_810_019;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkDate(date: string): void {
  if (!DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    throw new DomainError('VALIDATION', 'date must be a calendar date YYYY-MM-DD');
  }
}

export class ReconciliationService {
  constructor(
    private readonly db: Database,
    private readonly client: ProviderClient,
  ) {}

  /** Our money transactions of a provider on a UTC date (tombstones move nothing and are left out). */
  private async ours(providerId: string, date: string): Promise<runs.OurTx[]> {
    return runs.transactionsOfDay(this.db, providerId, date);
  }

  private async provider(providerId: string): Promise<repo.WalletProvider> {
    const provider = await repo.findProvider(this.db, providerId);
    if (provider === null || !provider.seamless) throw new DomainError('NOT_FOUND', CASINO_INT_MESSAGES.providerNotFound);
    return provider;
  }

  /** The admin's daily report: our transactions, totals, the clearing balance and the last run. */
  async report(providerId: string, date: string): Promise<CasinoIntReconciliationReport> {
    checkDate(date);
    await this.provider(providerId);
    const ours = await this.ours(providerId, date);
    const sum = (type: CasinoIntTxType) => ours.filter((t) => t.type === type).reduce((s, t) => s + BigInt(t.amountMinor), 0n);
    const [debits, credits, rollbacks] = [sum('debit'), sum('credit'), sum('rollback')];
    const clearing = (await repo.clearingBalances(this.db)).get(providerId) ?? 0n;
    const lastRun = await runs.findRun(this.db, providerId, date);
    return {
      providerId,
      date,
      totals: {
        debits: formatRupees(debits),
        credits: formatRupees(credits),
        rollbacks: formatRupees(rollbacks),
        net: formatRupees(debits - credits - rollbacks),
      },
      transactions: ours.map((t) => ({
        transactionId: t.transactionId,
        refTransactionId: t.refTransactionId,
        type: t.type,
        roundId: t.roundId,
        username: t.username,
        gameCode: t.gameCode,
        amount: formatRupees(BigInt(t.amountMinor)),
        createdAt: t.createdAt,
      })),
      clearingBalance: formatRupees(clearing),
      run: lastRun,
    };
  }

  /** Fetches the provider's report for the date, compares, records the run and answers it. */
  async run(providerId: string, date: string): Promise<CasinoIntReconciliationRun> {
    checkDate(date);
    const provider = await this.provider(providerId);
    let run: Omit<CasinoIntReconciliationRun, 'ranAt'>;
    try {
      const secrets = (await repo.activeSecrets(this.db, providerId)).map((s) => s.secret);
      const theirs = await this.client.transactionsReport(provider, secrets, date);
      if (theirs.status !== 'OK' || !Array.isArray(theirs.transactions)) throw new Error(`the provider answered ${theirs.status}`);
      const mismatches = compareTransactions(await this.ours(providerId, date), theirs.transactions);
      run = { status: mismatches.length === 0 ? 'matched' : 'mismatched', error: null, theirCount: theirs.transactions.length, mismatches };
    } catch (error) {
      run = { status: 'failed', error: (error as Error).message.slice(0, 500), theirCount: 0, mismatches: [] };
    }
    return { ...run, ranAt: await runs.saveRun(this.db, providerId, date, run) };
  }

  /** The seamless providers whose `date` has no successful run yet. */
  async pending(date: string): Promise<string[]> {
    return runs.providersWithoutRun(this.db, date);
  }
}

/**
 * Our transactions against theirs, by transaction id: what is missing on either side or differs.
 *
 * One pair is compared as a pair: a debit whose answer the provider never got (it timed out) is
 * not in its report (it lists what the operator answered OK), and the provider rolled it back
 * (CW-1 rule 7). Our books hold either that debit and a rollback of its amount (it reached us), or
 * a tombstone and a rollback of 0 (it never did); both net to zero. So a debit of ours that their
 * report lacks is matched when their report holds a rollback of it and so do we, and our rollback
 * of 0 matches theirs (which names the stake it asked back) when that debit never reached us.
 */
export function compareTransactions(
  ours: ReadonlyArray<{ transactionId: string; type: CasinoIntTxType; amountMinor: string; refTransactionId?: string | null }>,
  theirs: ReadonlyArray<{ transactionId: unknown; type: unknown; amount: unknown; refTransactionId?: unknown }>,
): CasinoIntMismatch[] {
  const mismatches: CasinoIntMismatch[] = [];
  const theirById = new Map<string, { type: CasinoIntTxType; amount: bigint | null; ref: string | null }>();
  for (const t of theirs) {
    if (typeof t.transactionId !== 'string') continue;
    const type = t.type === 'credit' || t.type === 'rollback' ? t.type : 'debit';
    const minor = parseMinorUnits(t.amount);
    theirById.set(t.transactionId, { type, amount: minor === null ? null : BigInt(minor), ref: typeof t.refTransactionId === 'string' ? t.refTransactionId : null });
  }
  // The debits their rollbacks return that their report does not hold (never answered to them).
  const unconfirmed = new Set<string>();
  for (const their of theirById.values()) if (their.type === 'rollback' && their.ref !== null && !theirById.has(their.ref)) unconfirmed.add(their.ref);
  const ourDebits = new Set(ours.filter((o) => o.type === 'debit').map((o) => o.transactionId));
  const ourRolledBack = new Set(ours.filter((o) => o.type === 'rollback' && theirById.has(o.transactionId)).map((o) => o.refTransactionId ?? ''));
  const ourIds = new Set<string>();
  for (const o of ours) {
    ourIds.add(o.transactionId);
    const their = theirById.get(o.transactionId);
    const amount = BigInt(o.amountMinor);
    if (o.type === 'debit' && their === undefined && unconfirmed.has(o.transactionId) && ourRolledBack.has(o.transactionId)) continue;
    const ref = o.refTransactionId ?? '';
    if (o.type === 'rollback' && their?.type === 'rollback' && amount === 0n && unconfirmed.has(ref) && !ourDebits.has(ref)) continue;
    if (their === undefined) {
      mismatches.push({ kind: 'missing_theirs', transactionId: o.transactionId, type: o.type, ours: formatRupees(amount), theirs: null });
    } else if (their.amount !== amount) {
      mismatches.push({
        kind: 'amount_differs',
        transactionId: o.transactionId,
        type: o.type,
        ours: formatRupees(amount),
        theirs: their.amount === null ? null : formatRupees(their.amount),
      });
    }
  }
  for (const [id, their] of theirById) {
    if (!ourIds.has(id)) {
      mismatches.push({ kind: 'missing_ours', transactionId: id, type: their.type, ours: null, theirs: their.amount === null ? null : formatRupees(their.amount) });
    }
  }
  return mismatches;
}

/** The day before `nowMs`, UTC, as YYYY-MM-DD. */
export function previousUtcDate(nowMs: number): string {
  return new Date(nowMs - 86_400_000).toISOString().slice(0, 10);
}

/** The leader-only job: reconcile yesterday once per provider, and purge expired nonces. */
export function reconciliationJob(deps: {
  db: Database;
  log: Logger;
  clock: Clock;
  reconciliation: ReconciliationService;
  nonces: NonceStore;
  tickMs: number;
}): LeaderLoop<number> {
  return new LeaderLoop<number>({
    db: deps.db,
    log: deps.log,
    lockId: RECONCILIATION_LOCK_ID,
    name: 'casino-int-reconciliation',
    tickMs: deps.tickMs,
    lockRetryMs: 60_000,
    tick: async () => {
      await deps.nonces.purge();
      const date = previousUtcDate(deps.clock.nowMs());
      let done = 0;
      for (const providerId of await deps.reconciliation.pending(date)) {
        const run = await deps.reconciliation.run(providerId, date);
        if (run.status !== 'matched') deps.log.warn({ providerId, date, status: run.status, error: run.error, mismatches: run.mismatches.length }, 'casino-int reconciliation found differences');
        done += 1;
      }
      return done;
    },
  });
}
