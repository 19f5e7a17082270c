/**
 * The read side of bets (docs/rules/product.md §7 "Bets", docs/rules/money.md §7.1, §7.4, §7.9): a player's positions on a
 * match, the bet lists (unsettled, history, by ids), profit and loss of settled markets, and
 * the agents' books (market analysis, book per direct child). Players see their own bets;
 * agents see their downline (users.ancestors), and a named account goes through the policy.
 * Books are computed set-wise: one query for the positions, one for their markets, then the
 * pure rules of book-rules.ts (the same shared maths as placement and settlement).
 */
import {
  type BetHistoryQuery,
  type BetListByIdsRequest,
  type BetPage,
  type BetRow,
  type BetSortKey,
  type BetStatus,
  type ChildBookRow,
  type ChildUserListQuery,
  type MarketBook,
  type MarketPosition,
  type ProfitLossQuery,
  type ProfitLossResponse,
  type ProfitLossRow,
  type UnsettledBetsQuery,
} from '@backlay/shared/contracts';
import type { ChainAgent } from '@backlay/shared/domain';
import type { Clock } from '../common/clock';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import { paiseToRupees } from '../common/money';
import { containsPattern, sortRequestOf, type SortRequest } from '../common/sorting';
import type { Actor } from '../plugins/request-context';
import { isAgent, type UsersPolicy } from '../users/policy';
import { ownUnlessNamed } from '../users/users.service';
import {
  childBelow,
  combinedBook,
  fancyPnl,
  parseStoredFancyBook,
  runnerOutcomes,
  runnerPnl,
  runZones,
  unionLines,
  type Outcome,
  type PlayerPosition,
  type RunnerVector,
} from './book-rules';
import * as repo from './bet-reports.repository';
import { paging, reportRange, shownOdds } from './report-rules';

export interface BetReportsDeps {
  db: Database;
  policy: UsersPolicy;
  clock: Clock;
}


/** The filter part of a list's search: an escaped ILIKE pattern, or nothing for no search. */
function searchOf(search: string | undefined): { pattern?: string } {
  const pattern = containsPattern(search);
  return pattern === null ? {} : { pattern };
}

function toBetRow(row: repo.BetListRow): BetRow {
  return {
    betId: row.id,
    matchId: row.matchId,
    marketId: row.marketId,
    marketType: row.marketType,
    selectionId: row.selectionId,
    side: row.side,
    odds: shownOdds(row.marketType, row.quotedHundredths),
    run: row.runLine,
    stake: paiseToRupees(row.stakeMinor),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    username: row.username,
    sportId: row.sportId,
    matchName: row.matchName,
    matchOpenDate: row.matchOpenDate.toISOString(),
    marketName: row.marketName,
    selectionName: row.selectionName,
    clothNumber: row.clothNumber,
    pnl: row.pnlMinor === null ? null : paiseToRupees(row.pnlMinor),
    settledAt: row.settledAt === null ? null : row.settledAt.toISOString(),
    voidReason: row.voidReason,
    ...(row.cashOut ? { cashOut: true } : {}),
  };
}

/** The outcomes of a market and each position's P&L on them. */
function marketOutcomes(market: repo.MarketInfo, positions: readonly repo.PositionRow[]): { outcomes: Outcome[]; pnl: number[][] } {
  if (market.marketType === 'fancy') {
    const books = positions.map((p) => parseStoredFancyBook(p.pnl));
    const outcomes = runZones(unionLines(books));
    return { outcomes, pnl: books.map((b) => fancyPnl(b, outcomes)) };
  }
  const vectors = positions.map((p) => p.pnl as RunnerVector);
  const outcomes = runnerOutcomes(market.runners, vectors);
  return { outcomes, pnl: vectors.map((v) => runnerPnl(v, outcomes)) };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list === undefined) out.set(k, [item]);
    else list.push(item);
  }
  return out;
}

/** Runner markets before fancies, each in the catalog's order. */
const byCatalogOrder = (a: repo.MarketInfo, b: repo.MarketInfo) =>
  a.matchId.localeCompare(b.matchId) ||
  Number(a.marketType === 'fancy') - Number(b.marketType === 'fancy') ||
  a.sortOrder - b.sortOrder ||
  a.marketId.localeCompare(b.marketId);

export class BetReportsService {
  constructor(private readonly deps: BetReportsDeps) {}

  /** The markets the positions are on, in catalog order. */
  private async marketsOf(positions: readonly repo.PositionRow[]): Promise<repo.MarketInfo[]> {
    const ids = (fancy: boolean) => [...new Set(positions.filter((p) => (p.marketType === 'fancy') === fancy).map((p) => p.marketId))];
    const markets = await repo.marketsByIds(this.deps.db, ids(false), ids(true));
    return markets.sort(byCatalogOrder);
  }

  /** GET match-positions: the player's open book on each market of the match. */
  async matchPositions(userId: string, matchId: string): Promise<MarketPosition[]> {
    const positions = await repo.openPositionsOfUser(this.deps.db, userId, matchId);
    const byMarket = new Map(positions.map((p) => [p.marketId, p]));
    return (await this.marketsOf(positions)).flatMap((market) => {
      const position = byMarket.get(market.marketId);
      if (position === undefined) return [];
      const { outcomes, pnl } = marketOutcomes(market, [position]);
      return [
        {
          marketId: market.marketId,
          marketType: market.marketType,
          profitlist: outcomes.map((o, i) => ({
            selectionId: o.selectionId,
            profit: paiseToRupees(BigInt(pnl[0]?.[i] ?? 0)),
            ...(o.fromRuns !== undefined ? { fromRuns: o.fromRuns } : {}),
          })),
          exposure: paiseToRupees(position.exposureMinor),
        },
      ];
    });
  }

  /** Whose bets a list shows: the player's own, or the agent's downline. */
  private ownScope(actor: Actor): repo.Scope {
    return isAgent(actor.role) ? { ancestorId: actor.userId } : { userId: actor.userId };
  }

  private async page(
    filter: repo.BetListFilter,
    page: number | undefined,
    pageSize: number | undefined,
    sort: SortRequest<BetSortKey> | null = null,
  ): Promise<BetPage<BetRow>> {
    const p = paging(page, pageSize);
    const { rows, total } = await repo.listBets(this.deps.db, filter, { ...p, sort });
    return { rows: rows.map(toBetRow), page: p.page, pageSize: p.pageSize, total };
  }

  /**
   * GET unsettled-bets: open bets ('matched') or voided ones ('deleted'), newest first or in the
   * order asked for (ADR 0068); `search` narrows them, never beyond the caller's own.
   */
  unsettledBets(actor: Actor, query: UnsettledBetsQuery): Promise<BetPage<BetRow>> {
    const statuses: BetStatus[] = query.type === 'deleted' ? ['voided'] : ['open'];
    return this.page(
      {
        scope: this.ownScope(actor),
        statuses,
        ...(query.sportId !== undefined ? { sportId: query.sportId } : {}),
        ...(query.matchId !== undefined && query.matchId !== '' ? { matchId: query.matchId } : {}),
        ...searchOf(query.search),
      },
      query.page,
      query.pageSize,
      sortRequestOf(query),
    );
  }

  /**
   * GET bet-history: settled and voided bets in a range of settlement dates, in the order placed
   * (newest first) or the order asked for (ADR 0068); `search` narrows them.
   */
  async betHistory(actor: Actor, query: BetHistoryQuery): Promise<BetPage<BetRow>> {
    const range = reportRange(query.from, query.to, this.deps.clock.nowMs());
    if (!range.ok) throw new DomainError('VALIDATION', range.message);
    const named = ownUnlessNamed(query.username);
    let scope = this.ownScope(actor);
    if (named !== undefined) {
      const target = await this.deps.policy.authorize(actor, 'viewBets', named);
      scope = target.role === 'user' ? { userId: target.id } : { ancestorId: target.id };
    }
    const status = query.status ?? 'all';
    return this.page(
      {
        scope,
        statuses: status === 'all' ? ['settled', 'voided'] : [status],
        settled: { from: range.from, toExclusive: range.toExclusive },
        ...(query.sportId !== undefined ? { sportId: query.sportId } : {}),
        ...searchOf(query.search),
      },
      query.page,
      query.pageSize,
      sortRequestOf(query),
    );
  }

  /** POST get-bet-list-by-ids: those of the ids the caller may see; others are left out. */
  betListByIds(actor: Actor, body: BetListByIdsRequest): Promise<BetPage<BetRow>> {
    return this.page(
      { scope: this.ownScope(actor), statuses: ['open', 'settled', 'voided'], betIds: [...new Set(body.betIds)] },
      body.page,
      undefined,
    );
  }

  /** GET profit-loss: settled markets of the range (player: own; agent: downline and own share). */
  async profitLoss(actor: Actor, query: ProfitLossQuery): Promise<ProfitLossResponse> {
    const range = reportRange(query.from, query.to, this.deps.clock.nowMs());
    if (!range.ok) throw new DomainError('VALIDATION', range.message);
    const filter = { from: range.from, toExclusive: range.toExclusive, ...(query.sportId !== undefined ? { sportId: query.sportId } : {}) };
    const agent = isAgent(actor.role);
    let rows: repo.PnlRow[];
    if (!agent) rows = await repo.playerPnlByMarket(this.deps.db, actor.userId, filter);
    else if (query.groupBy === 'child') rows = await repo.agentPnlByChild(this.deps.db, actor.userId, filter);
    else rows = await repo.agentPnlByMarket(this.deps.db, actor.userId, filter);
    const sum = (pick: (r: repo.PnlRow) => bigint | null) => rows.reduce((total, r) => total + (pick(r) ?? 0n), 0n);
    return {
      rows: rows.map(
        (r): ProfitLossRow => ({
          key: r.key,
          sportId: r.sportId,
          sportName: r.sportName,
          matchId: r.matchId,
          matchName: r.matchName,
          matchOpenDate: r.matchOpenDate === null ? null : r.matchOpenDate.toISOString(),
          marketName: r.marketName,
          role: r.role,
          pnl: paiseToRupees(r.grossMinor),
          commission: paiseToRupees(r.commissionMinor),
          net: paiseToRupees(r.netMinor),
          ownShare: agent ? paiseToRupees(r.ownShareMinor ?? 0n) : null,
          settledAt: r.settledAt === null ? null : r.settledAt.toISOString(),
        }),
      ),
      total: {
        pnl: paiseToRupees(sum((r) => r.grossMinor)),
        commission: paiseToRupees(sum((r) => r.commissionMinor)),
        net: paiseToRupees(sum((r) => r.netMinor)),
        ownShare: agent ? paiseToRupees(sum((r) => r.ownShareMinor)) : null,
      },
    };
  }

  /**
   * GET get-market-analysis: every market with open positions below the agent (optionally of one
   * match), with the players' combined P&L per outcome and the agent's own share of it.
   */
  async marketAnalysis(actor: Actor, matchId: string | undefined): Promise<MarketBook[]> {
    this.deps.policy.authorizeOwn(actor, 'viewMarketAnalysis');
    const { db } = this.deps;
    const positions = await repo.openPositionsBelow(db, actor.userId, { ...(matchId !== undefined ? { matchId } : {}), withChain: true });
    const markets = await this.marketsOf(positions);
    const counts = await repo.openBetCountsBelow(db, actor.userId, markets.map((m) => m.marketId));
    const byMarket = groupBy(positions, (p) => p.marketId);
    return markets.map((market) => {
      const held = byMarket.get(market.marketId) ?? [];
      const { outcomes, pnl } = marketOutcomes(market, held);
      const players: PlayerPosition[] = held.map((p, i) => ({ userId: p.userId, pnlMinor: pnl[i] ?? [], chain: p.chain ?? ([] as ChainAgent[]) }));
      return {
        matchId: market.matchId,
        matchName: market.matchName,
        matchOpenDate: market.matchOpenDate.toISOString(),
        sportId: market.sportId,
        marketId: market.marketId,
        marketName: market.name,
        marketType: market.marketType,
        betCount: counts.get(market.marketId) ?? 0,
        lines: combinedBook(actor.userId, outcomes, players).map((line) => ({
          selectionId: line.selectionId,
          name: line.name,
          usersPnl: paiseToRupees(BigInt(line.usersPnlMinor)),
          ownPnl: paiseToRupees(BigInt(line.ownPnlMinor)),
          ...(line.fromRuns !== undefined ? { fromRuns: line.fromRuns } : {}),
          ...(line.clothNumber !== undefined ? { clothNumber: line.clothNumber } : {}),
        })),
      };
    });
  }

  /**
   * GET get-child-user-list: per direct child of `username` (default the caller), the combined
   * book of the players in the child's subtree on each market of the match.
   */
  async childUserList(actor: Actor, query: ChildUserListQuery): Promise<ChildBookRow[]> {
    const target = await this.deps.policy.authorize(actor, 'viewBooks', ownUnlessNamed(query.username));
    const { db } = this.deps;
    const [children, positions] = await Promise.all([
      repo.childrenOf(db, target.id),
      repo.openPositionsBelow(db, target.id, { matchId: query.matchId, withChain: false }),
    ]);
    const markets = await this.marketsOf(positions);
    const byChild = groupBy(positions, (p) => childBelow(target.id, { id: p.userId, ancestors: p.ancestors }) ?? '');
    return children.map((child) => {
      const held = groupBy(byChild.get(child.id) ?? [], (p) => p.marketId);
      return {
        username: child.username,
        role: child.role,
        markets: markets.flatMap((market) => {
          const below = held.get(market.marketId);
          if (below === undefined) return [];
          const { outcomes, pnl } = marketOutcomes(market, below);
          return [
            {
              marketId: market.marketId,
              marketName: market.name,
              marketType: market.marketType,
              lines: outcomes.map((o, i) => ({
                selectionId: o.selectionId,
                name: o.name,
                ...(o.clothNumber !== undefined ? { clothNumber: o.clothNumber } : {}),
                usersPnl: paiseToRupees(BigInt(pnl.reduce((total, row) => total + (row[i] ?? 0), 0))),
              })),
            },
          ];
        }),
      };
    });
  }
}
