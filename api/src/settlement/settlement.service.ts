/**
 * Results and settlement (docs/rules/money.md §7.5–§7.9, ADR 0007). The money part of a settlement is ONE call,
 * `settle_market` (migration 0011): set-based over the market's bets, one journal per (market,
 * version). A declaration on a market settled with another result is a correction: rollback +
 * settle in ONE transaction. The feed's results are settled by `settleFeedResults` on the feed
 * leader, only for markets that never had a settlement (after an admin rollback the feed does not
 * settle again). Voids (delete-bets) mark open bets voided and rebuild the positions from the
 * remaining open bets with the shared pure functions.
 */
import {
  BET_IDS_MAX,
  MESSAGES,
  type DeclaredResult,
  type DeleteBetsResponse,
  type ResultMarketRow,
  type ResultsQuery,
  type SettlementSummary,
} from '@backlay/shared/contracts';
import { insertAuditRecords } from '../audit/audit.repository';
import { DEFAULT_SITE_ID } from '../sites/site-rules';
import type { RequestMeta } from '../plugins/request-context';
import type { CatalogService } from '../catalog/catalog.service';
import { DomainError } from '../common/domain-error';
import type { Logger } from '../common/logger';
import type { Database, Tx } from '../db/database';
import { rebuildPosition } from '../betting/positions';
import { formatPaiseGrouped } from '@backlay/shared/domain';
import { paiseToRupees } from '../common/money';
import type { DomainEvents } from '../common/domain-events';
import type { Actor } from '../plugins/request-context';
import { canonicalResult, describeResult, feedFancyResult, feedMarketResult, sameResult, type ResultTarget } from './result-rules';
import * as repo from './settlement.repository';

export interface SettlementServiceDeps {
  db: Database;
  /** The market or fancy a result is declared on. */
  catalog: CatalogService;
  events: DomainEvents;
  log: Logger;
}

/** Settled markets listed by GET results?status=settled. */
export const SETTLED_RESULTS_LIMIT = 200;
/** Void reason when the caller gives none. */
export const DEFAULT_VOID_REASON = 'Deleted by the upline';

const NO_META: RequestMeta = { ip: null, userAgent: null, requestId: null, siteId: DEFAULT_SITE_ID };

interface Target {
  marketId: string;
  name: string;
  target: ResultTarget;
  names: Map<string, string>;
}

export class SettlementService {
  constructor(private readonly deps: SettlementServiceDeps) {}

  /**
   * POST declare-result: settle the market with the result; the same result again changes
   * nothing; another result on a settled market is a correction (rollback + settle, one
   * transaction). `actor` null is the system (benchmarks, scripts). The result is any value:
   * canonicalResult checks it against the market (a DeclareResultRequest's result passes).
   */
  async declare(actor: Actor | null, body: { marketId: string; result: unknown }, meta: RequestMeta = NO_META): Promise<SettlementSummary> {
    const target = await this.target(body.marketId);
    const result = canonicalResult(target.target, body.result);
    if (result === null) throw new DomainError('VALIDATION', `${MESSAGES.resultInvalid}: ${target.name}`);
    const actorId = actor?.userId ?? null;
    const summary = await this.deps.db.transaction(async (tx) => {
      let settled = await repo.settleMarket(tx, target.marketId, result, 'admin', actorId);
      let corrected: repo.RollbackRow | null = null;
      if (settled.outcome === 'DIFFERENT_RESULT') {
        corrected = await this.rollbackIn(tx, target.marketId, actorId);
        settled = await repo.settleMarket(tx, target.marketId, result, 'admin', actorId);
      }
      if (settled.outcome === 'NOT_FOUND') throw new DomainError('NOT_FOUND', MESSAGES.marketNotFound);
      if (settled.outcome !== 'SETTLED' && settled.outcome !== 'ALREADY_SETTLED') {
        throw new Error(`settle_market answered ${settled.outcome} to an admin declaration`);
      }
      if (settled.outcome === 'SETTLED' && actorId !== null) {
        await insertAuditRecords(tx, [
          {
            actorId,
            action: corrected === null ? 'results.declare' : 'results.correct',
            target: `market:${target.marketId}`,
            before: corrected === null ? null : { version: corrected.version, reversalJournalId: corrected.journalId },
            after: { version: settled.version, result, description: describeResult(result, target.names), journalId: settled.journalId },
            ip: meta.ip,
            requestId: meta.requestId,
            journalId: settled.journalId,
          },
        ]);
      }
      if (settled.outcome === 'SETTLED') {
        this.publishAfterCommit(tx, target.marketId, settled.journalId ?? settled.settlementId);
        this.logSettled(tx, 'admin', target.marketId, settled);
      }
      return toSummary(target.marketId, 'settled', result, settled);
    });
    return summary;
  }

  /** POST rollback-result: reverse the market's live settlement and re-open its bets. */
  async rollback(actor: Actor | null, body: { marketId: string }, meta: RequestMeta = NO_META): Promise<SettlementSummary> {
    const target = await this.target(body.marketId);
    const actorId = actor?.userId ?? null;
    return this.deps.db.transaction(async (tx) => {
      const rolled = await this.rollbackIn(tx, target.marketId, actorId);
      const record = rolled.settlementId === null ? null : await repo.findSettlement(tx, rolled.settlementId);
      if (record === null) throw new Error(`settlement ${String(rolled.settlementId)} vanished`);
      if (actorId !== null) {
        await insertAuditRecords(tx, [
          {
            actorId,
            action: 'results.rollback',
            target: `market:${target.marketId}`,
            before: { version: record.version, result: record.result, journalId: record.journalId },
            after: { reversalJournalId: rolled.journalId },
            ip: meta.ip,
            requestId: meta.requestId,
            journalId: rolled.journalId,
          },
        ]);
      }
      this.publishAfterCommit(tx, target.marketId, rolled.journalId ?? record.id);
      return {
        marketId: target.marketId,
        version: record.version,
        status: 'rolled_back' as const,
        result: record.result,
        bets: record.bets,
        users: record.users,
        usersPnl: paiseToRupees(record.usersPnlMinor),
        commission: paiseToRupees(record.commissionMinor),
      };
    });
  }

  /**
   * POST accept-feed-result: settle the market on the feed's result (the server reads it, the
   * caller names only the market). A live settlement with another result is rolled back first, in
   * the same transaction (declare's correction); on the feed's result already it changes nothing.
   */
  async acceptFeedResult(actor: Actor | null, body: { marketId: string }, meta: RequestMeta = NO_META): Promise<SettlementSummary> {
    await this.assertNotCasino(body.marketId);
    const feed = await repo.feedResultOf(this.deps.db, body.marketId);
    if (feed === null) throw new DomainError('NOT_FOUND', MESSAGES.marketNotFound);
    const result = feed.kind === 'market' ? feedMarketResult(feed.marketResult, feed.marketPlaced) : feedFancyResult(feed.fancyStatus ?? '', feed.fancyRuns);
    if (result === null) throw new DomainError('CONFLICT', MESSAGES.feedResultMissing);
    return this.declare(actor, { marketId: body.marketId, result }, meta);
  }

  /** Markets and fancies with a feed result and open bets that are not settled yet (the metrics: settlement lag). */
  async awaitingSettlement(): Promise<number> {
    return (await repo.feedResultsToSettle(this.deps.db)).length;
  }

  /**
   * Settles every market and fancy that has a feed result, open bets and no settlement row at
   * all, each in its own transaction. Returns how many it settled. Runs on the feed leader.
   */
  async settleFeedResults(): Promise<number> {
    const pending = await repo.feedResultsToSettle(this.deps.db);
    let settled = 0;
    for (const row of pending) {
      const result = row.kind === 'market' ? feedMarketResult(row.marketResult, row.marketPlaced) : feedFancyResult(row.fancyStatus ?? '', row.fancyRuns);
      if (result === null) continue;
      try {
        const done = await this.deps.db.transaction(async (tx) => {
          const out = await repo.settleMarket(tx, row.marketId, result, 'feed', null);
          if (out.outcome === 'SETTLED') {
            this.publishAfterCommit(tx, row.marketId, out.journalId ?? out.settlementId);
            this.logSettled(tx, 'feed', row.marketId, out);
          }
          return out.outcome === 'SETTLED';
        });
        if (done) settled += 1;
      } catch (error) {
        this.deps.log.error({ err: error, marketId: row.marketId, result }, 'feed settlement failed');
      }
    }
    return settled;
  }

  /**
   * Settles every market of a casino round as one settlement, in the engine's transaction (source
   * 'casino'; a voided round's runners are all VOID). Idempotent: a round already settled with the
   * same result is left as it is. The round's players get their balance after commit.
   */
  async settleCasinoRound(tx: Tx, roundKey: string, result: repo.CasinoRoundResult): Promise<repo.SettleRow> {
    const out = await repo.settleMarket(tx, roundKey, result, 'casino', null);
    if (out.outcome === 'DIFFERENT_RESULT') throw new Error(`casino round ${roundKey} is settled with another result`);
    if (out.outcome === 'NOT_FOUND') throw new Error(`casino round ${roundKey} has no such markets`);
    const { settlementId } = out;
    if (out.outcome === 'SETTLED' && settlementId !== null) {
      tx.afterCommit(() => {
        void repo
          .usersOfSettlement(this.deps.db, settlementId)
          .then((userIds) => this.publishWallets(userIds, out.journalId ?? settlementId))
          .catch((error: unknown) => this.deps.log.error({ err: error, roundKey }, 'settlement balance events failed'));
      });
      this.logSettled(tx, 'casino', roundKey, out);
    }
    return out;
  }

  /** GET results: markets waiting for a result (pending) or live settlements (settled), admin and sadmin. */
  async results(query: ResultsQuery): Promise<ResultMarketRow[]> {
    const sportId = query.sportId ?? null;
    const rows =
      query.status === 'settled'
        ? await repo.settledResults(this.deps.db, sportId, SETTLED_RESULTS_LIMIT)
        : query.status === 'differs'
          ? await repo.mismatchedResults(this.deps.db, sportId)
          : await repo.pendingResults(this.deps.db, sportId);
    return rows.map((row) => {
      const feedResult = row.marketType === 'fancy' ? feedFancyResult(row.fancyStatus ?? '', row.fancyRuns) : feedMarketResult(row.marketResult, row.marketPlaced);
      return {
      marketId: row.marketId,
      marketType: row.marketType,
      matchId: row.matchId,
      matchName: row.matchName,
      sportId: row.sportId,
      marketName: row.marketName,
      numberOfWinners: row.numberOfWinners,
      runners: row.runners,
      openBets: row.openBets,
      feedResult,
      settled:
        row.settlement === null
          ? null
          : { version: row.settlement.version, result: row.settlement.result, settledAt: row.settlement.settledAt.toISOString(), source: row.settlement.source },
      feedDiffers: row.settlement !== null && feedResult !== null && !sameResult(row.settlement.result, feedResult),
      };
    });
  }

  /**
   * DELETE delete-current-bet/{id} and POST delete-bets: void open bets of the caller's downline
   * (nothing is deleted). One transaction: the markets, then the wallets in id order are locked;
   * the bets become 'voided' with P&L 0; each affected position is rebuilt from its remaining
   * open bets and the wallet exposure follows. A void that would raise a wallet's exposure above
   * its balance (it removed a hedge) is refused.
   */
  async voidBets(actor: Actor, betIds: readonly string[], reason: string | undefined, meta: RequestMeta): Promise<DeleteBetsResponse> {
    const ids = [...new Set(betIds)];
    if (ids.length === 0 || ids.length > BET_IDS_MAX) throw new DomainError('VALIDATION', `Give 1 to ${BET_IDS_MAX} bet ids`);
    const voidReason = (reason ?? '').trim() === '' ? DEFAULT_VOID_REASON : (reason ?? '').trim().slice(0, 200);
    const { db } = this.deps;
    const visible = (bet: repo.VoidCandidate) => bet.ancestors.includes(actor.userId);
    const found = await repo.betsForVoid(db, ids);
    if (found.length !== ids.length || !found.every(visible)) throw new DomainError('NOT_FOUND', MESSAGES.betNotFound);
    if (found.some((bet) => bet.casino)) throw new DomainError('CONFLICT', MESSAGES.casinoBetNotVoidable);

    const touchedUsers = await db.transaction(async (tx) => {
      await repo.lockMarkets(tx, found.map((b) => b.marketId));
      const wallets = await repo.lockWallets(tx, found.map((b) => b.userId));
      const bets = await repo.betsForVoid(tx, ids, true);
      if (bets.length !== ids.length || !bets.every(visible)) throw new DomainError('NOT_FOUND', MESSAGES.betNotFound);
      if (bets.some((b) => b.status !== 'open')) throw new DomainError('CONFLICT', MESSAGES.betNotOpen);
      await repo.markVoided(tx, ids, voidReason, actor.userId);

      const delta = new Map<string, bigint>();
      const pairs = new Map(bets.map((b) => [`${b.userId}|${b.marketId}`, b]));
      for (const bet of pairs.values()) {
        const position = await repo.positionWithOpenBets(tx, bet.userId, bet.marketId);
        if (position === null) throw new Error(`bet ${bet.id} has no position`);
        const runnerIds = position.marketType === 'fancy' ? [] : Object.keys(position.pnl);
        const rebuilt = rebuildPosition(position.marketType, position.bets, runnerIds, position.numberOfWinners);
        const exposureMinor = BigInt(rebuilt.exposureMinor);
        await repo.updatePosition(tx, bet.userId, bet.marketId, rebuilt.pnl, exposureMinor);
        delta.set(bet.userId, (delta.get(bet.userId) ?? 0n) + exposureMinor - position.exposureMinor);
      }
      const short: string[] = [];
      for (const wallet of wallets) {
        const exposure = wallet.exposureMinor + (delta.get(wallet.userId) ?? 0n);
        // A void may not raise the exposure of a wallet short of it; one a removal left short (ADR 0046) may lower it.
        if (exposure > wallet.exposureMinor && wallet.balanceMinor - exposure < 0n) {
          short.push(`${wallet.username} (balance ${formatPaiseGrouped(wallet.balanceMinor)}, exposure ${formatPaiseGrouped(exposure)})`);
          continue;
        }
        if (exposure !== wallet.exposureMinor) await repo.setWalletExposure(tx, wallet.accountId, exposure);
      }
      if (short.length > 0) {
        throw new DomainError('INSUFFICIENT_FUNDS', `${MESSAGES.insufficientFunds}: voiding these bets would leave ${short.join(', ')}`);
      }
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: 'bets.void',
          target: ids.length === 1 ? `bet:${ids[0] ?? ''}` : 'bets',
          before: { betIds: ids, status: 'open' },
          after: { status: 'voided', reason: voidReason, users: [...new Set(bets.map((b) => b.userId))] },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
      return wallets.map((w) => w.userId);
    });
    void this.publishWallets(touchedUsers, `void:${ids[0] ?? ''}`);
    return { voided: ids };
  }

  /** A rollback inside `tx`, mapped to errors (409 without a live settlement or when a wallet would go short). */
  private async rollbackIn(tx: Tx, marketId: string, actorId: string | null): Promise<repo.RollbackRow> {
    const rolled = await repo.rollbackSettlement(tx, marketId, actorId);
    switch (rolled.outcome) {
      case 'NOT_FOUND':
        throw new DomainError('NOT_FOUND', MESSAGES.marketNotFound);
      case 'NOT_SETTLED':
        throw new DomainError('CONFLICT', MESSAGES.resultNotSettled);
      case 'UNDERFUNDED':
        throw new DomainError('INSUFFICIENT_FUNDS', `${MESSAGES.rollbackUnderfunded}: ${(rolled.underfunded ?? []).join(', ')}`, {
          users: rolled.underfunded ?? [],
        });
      case 'ROLLED_BACK':
        return rolled;
    }
  }

  /**
   * A live-casino round settles only through the engine with its committed deal, or is voided
   * whole by the table switch (ADR 0014, 0016, 0032): no result route touches its markets (409).
   */
  private async assertNotCasino(marketId: string): Promise<void> {
    if (await repo.isCasinoMarket(this.deps.db, marketId)) throw new DomainError('CONFLICT', MESSAGES.casinoResultNotDeclarable);
  }

  /** The market or fancy a result is declared on (404 when neither exists; 409 for a casino market). */
  private async target(marketId: string): Promise<Target> {
    await this.assertNotCasino(marketId);
    const market = await this.deps.catalog.findMarket(marketId);
    if (market !== null) {
      const runners = market.runners.filter((r) => r.status !== 'removed');
      return {
        marketId,
        name: market.name,
        target: { kind: 'market', selectionIds: runners.map((r) => r.selectionId), numberOfWinners: await repo.numberOfWinners(this.deps.db, marketId) },
        names: new Map(runners.map((r) => [r.selectionId, r.name])),
      };
    }
    const fancy = await this.deps.catalog.findFancy(marketId);
    if (fancy !== null) return { marketId, name: fancy.name, target: { kind: 'fancy' }, names: new Map() };
    throw new DomainError('NOT_FOUND', MESSAGES.marketNotFound);
  }

  /**
   * After commit: the market (or fancy) as it now stands to the data socket (settled with its
   * result, or open again after a rollback), and a live `balance` event to every player with a
   * position on it.
   */
  /**
   * The business event of a settlement (issue 34), logged once it committed: the market, who
   * settled it (`admin`, `feed`, `casino`), the bets and players it settled and their P&L in paise.
   * A casino round settles every few seconds on every table: its line is at debug.
   */
  private logSettled(tx: Tx, source: 'admin' | 'feed' | 'casino', marketId: string, out: repo.SettleRow): void {
    tx.afterCommit(() => {
      const line = {
        event: 'market_settled',
        source,
        marketId,
        settlementId: out.settlementId,
        bets: out.bets,
        users: out.users,
        usersPnlMinor: Number(out.usersPnlMinor),
        commissionMinor: Number(out.commissionMinor),
      };
      if (source === 'casino') this.deps.log.debug(line, 'market settled');
      else this.deps.log.info(line, 'market settled');
      if (out.settlementId !== null) this.deps.events.publish('settlement.marketSettled', { settlementId: out.settlementId, source, marketId });
    });
  }

  private publishAfterCommit(tx: Tx, marketId: string, ref: string | null): void {
    tx.afterCommit(() => void this.publishMarket(marketId));
    this.publishWalletsAfterCommit(tx, marketId, ref);
  }

  /** After commit: a live `balance` event to every player with a position on the market. */
  private publishWalletsAfterCommit(tx: Tx, marketId: string, ref: string | null): void {
    tx.afterCommit(() => {
      void repo
        .usersWithPositions(this.deps.db, marketId)
        .then((userIds) => this.publishWallets(userIds, ref ?? marketId))
        .catch((error: unknown) => this.deps.log.error({ err: error, marketId }, 'settlement balance events failed'));
    });
  }

  private async publishMarket(marketId: string): Promise<void> {
    try {
      const market = await this.deps.catalog.findMarket(marketId);
      const fancy = market === null ? await this.deps.catalog.findFancy(marketId) : null;
      const matchId = market?.eventId ?? fancy?.eventId;
      if (matchId === undefined) return;
      this.deps.events.publish('catalog.matchChanged', {
        matchId,
        markets: market === null ? [] : [market],
        fancies: fancy === null ? [] : [fancy],
        score: null,
        removedIds: [],
      });
    } catch (error) {
      this.deps.log.error({ err: error, marketId }, 'settlement market event failed');
    }
  }

  private async publishWallets(userIds: readonly string[], ref: string): Promise<void> {
    try {
      const wallets = await repo.walletsOf(this.deps.db, userIds);
      if (wallets.length > 0) this.deps.events.publish('ledger.balancesChanged', { journalId: ref, wallets });
    } catch (error) {
      this.deps.log.error({ err: error, ref }, 'balance events failed');
    }
  }
}

function toSummary(marketId: string, status: 'settled', result: DeclaredResult, row: repo.SettleRow): SettlementSummary {
  return {
    marketId,
    version: row.version ?? 0,
    status,
    result,
    bets: row.bets,
    users: row.users,
    usersPnl: paiseToRupees(row.usersPnlMinor),
    commission: paiseToRupees(row.commissionMinor),
  };
}
