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
import { csvFileName, inBatches, type CsvColumn } from '../common/csv';
import { filterDay, istDay } from '../common/ist-day';
import { DomainError } from '../common/domain-error';
import type { Database, Queryable } from '../db/database';
import { paiseToRupees } from '../common/money';
import { containsPattern, sortRequestOf, type SortRequest } from '../common/sorting';
import type { CsvExport } from '../plugins/csv-reply';
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

/** A bet's side as the screens write it ("Back", "Lay", "Yes", "No"). */
const sideWord = (side: repo.BetListRow['side']) => side.charAt(0) + side.slice(1).toLowerCase();
const paiseOrNone = (minor: bigint | null) => (minor === null ? null : { paise: minor });

/** The columns of an exported bet list (ADR 0067): what the bet tables show, and the settlement. */
const BET_CSV_COLUMNS: readonly CsvColumn<repo.BetListRow>[] = [
  { header: 'Placed at', value: (b) => ({ at: b.createdAt }) },
  { header: 'User', value: (b) => b.username },
  { header: 'Match', value: (b) => b.matchName },
  { header: 'Market', value: (b) => b.marketName },
  { header: 'Selection', value: (b) => (b.clothNumber === null ? b.selectionName : `${b.clothNumber}. ${b.selectionName}`) },
  { header: 'Side', value: (b) => sideWord(b.side) },
  { header: 'Odds', value: (b) => shownOdds(b.marketType, b.quotedHundredths) },
  { header: 'Run', value: (b) => b.runLine },
  { header: 'Stake', value: (b) => ({ paise: b.stakeMinor }) },
  { header: 'Status', value: (b) => b.status },
  { header: 'P&L', value: (b) => paiseOrNone(b.pnlMinor) },
  { header: 'Settled at', value: (b) => (b.settledAt === null ? null : { at: b.settledAt }) },
  { header: 'Reason', value: (b) => b.voidReason },
  { header: 'Bet ID', value: (b) => b.id },
];

/** The columns of the exported profit and loss: the screens' (the agent's own share with an agent's). */
function pnlCsvColumns(agent: boolean, byChild: boolean): CsvColumn<repo.PnlRow>[] {
  return [
    { header: 'Settled', value: (r) => (r.settledAt === null ? null : { at: r.settledAt }) },
    ...(byChild
      ? [
          { header: 'User', value: (r: repo.PnlRow) => r.key },
          { header: 'Role', value: (r: repo.PnlRow) => r.role },
        ]
      : [
          { header: 'Sport', value: (r: repo.PnlRow) => r.sportName },
          { header: 'Match', value: (r: repo.PnlRow) => r.matchName },
          { header: 'Market', value: (r: repo.PnlRow) => r.marketName ?? r.key },
        ]),
    { header: 'P&L', value: (r) => ({ paise: r.grossMinor }) },
    { header: 'Commission', value: (r) => ({ paise: r.commissionMinor }) },
    { header: 'Net', value: (r) => ({ paise: r.netMinor }) },
    ...(agent ? [{ header: 'Own share', value: (r: repo.PnlRow) => paiseOrNone(r.ownShareMinor) }] : []),
  ];
}

/**
 * The first and last day of a report's file name: the days its filter showed (a date-time, the
 * browser's day bound, by its IST day: filterDay), or the range's own days where none was given.
 */
const rangeDays = (query: { from?: string | undefined; to?: string | undefined }, range: { from: Date; toExclusive: Date }): [string, string] => {
  const given = (text: string | undefined): text is string => text !== undefined && text.trim() !== '';
  return [
    given(query.from) ? filterDay(query.from.trim()) : range.from.toISOString().slice(0, 10),
    given(query.to) ? filterDay(query.to.trim()) : new Date(range.toExclusive.getTime() - 86_400_000).toISOString().slice(0, 10),
  ];
};

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

  /** The bets of GET unsettled-bets: open bets ('matched') or voided ones ('deleted'), its search too. */
  private unsettledFilter(actor: Actor, query: Omit<UnsettledBetsQuery, 'page' | 'pageSize'>): repo.BetListFilter {
    const statuses: BetStatus[] = query.type === 'deleted' ? ['voided'] : ['open'];
    return {
      scope: this.ownScope(actor),
      statuses,
      ...(query.sportId !== undefined ? { sportId: query.sportId } : {}),
      ...(query.matchId !== undefined && query.matchId !== '' ? { matchId: query.matchId } : {}),
      ...searchOf(query.search),
    };
  }

  /**
   * GET unsettled-bets: open bets ('matched') or voided ones ('deleted'), newest first or in the
   * order asked for (ADR 0068); `search` narrows them, never beyond the caller's own.
   */
  unsettledBets(actor: Actor, query: UnsettledBetsQuery): Promise<BetPage<BetRow>> {
    return this.page(this.unsettledFilter(actor, query), query.page, query.pageSize, sortRequestOf(query));
  }

  /** GET unsettled-bets/export: every bet of the same list, in its order (ADR 0067). */
  async unsettledBetsCsv(actor: Actor, query: Omit<UnsettledBetsQuery, 'page' | 'pageSize'>): Promise<CsvExport<repo.BetListRow>> {
    const filter = this.unsettledFilter(actor, query);
    const name = query.type === 'deleted' ? 'deleted-bets' : 'unsettled-bets';
    return this.betsCsv(csvFileName([name, await this.ownName(actor), istDay(this.deps.clock.nowMs())]), filter, sortRequestOf(query));
  }

  /** The caller's username (a file's name says whose report it is). */
  private async ownName(actor: Actor): Promise<string> {
    return (await this.deps.policy.authorize(actor, 'viewBets', undefined)).username;
  }

  private betsCsv(fileName: string, filter: repo.BetListFilter, sort: SortRequest<BetSortKey> | null): CsvExport<repo.BetListRow> {
    return {
      fileName,
      columns: BET_CSV_COLUMNS,
      batches: this.deps.db.readSnapshot((q) => inBatches((page) => repo.listBetRows(q, filter, { ...page, sort }))),
    };
  }

  /** The bets of GET bet-history (its search too) and whose they are (the caller, or the named account after the policy). */
  private async historyFilter(actor: Actor, query: Omit<BetHistoryQuery, 'page' | 'pageSize'>) {
    const range = reportRange(query.from, query.to, this.deps.clock.nowMs());
    if (!range.ok) throw new DomainError('VALIDATION', range.message);
    const named = ownUnlessNamed(query.username);
    let scope = this.ownScope(actor);
    let whose: string | null = null;
    if (named !== undefined) {
      const target = await this.deps.policy.authorize(actor, 'viewBets', named);
      scope = target.role === 'user' ? { userId: target.id } : { ancestorId: target.id };
      whose = target.username;
    }
    const status = query.status ?? 'all';
    const filter: repo.BetListFilter = {
      scope,
      statuses: status === 'all' ? ['settled', 'voided'] : [status],
      settled: { from: range.from, toExclusive: range.toExclusive },
      ...(query.sportId !== undefined ? { sportId: query.sportId } : {}),
      ...searchOf(query.search),
    };
    return { filter, whose, range };
  }

  /**
   * GET bet-history: settled and voided bets in a range of settlement dates, in the order placed
   * (newest first) or the order asked for (ADR 0068); `search` narrows them.
   */
  async betHistory(actor: Actor, query: BetHistoryQuery): Promise<BetPage<BetRow>> {
    const { filter } = await this.historyFilter(actor, query);
    return this.page(filter, query.page, query.pageSize, sortRequestOf(query));
  }

  /** GET bet-history/export: every bet of the same history, in its order (ADR 0067); authorized before anything streams. */
  async betHistoryCsv(actor: Actor, query: Omit<BetHistoryQuery, 'page' | 'pageSize'>): Promise<CsvExport<repo.BetListRow>> {
    const { filter, whose, range } = await this.historyFilter(actor, query);
    return this.betsCsv(csvFileName(['bet-history', whose ?? (await this.ownName(actor)), ...rangeDays(query, range)]), filter, sortRequestOf(query));
  }

  /** POST get-bet-list-by-ids: those of the ids the caller may see; others are left out. */
  betListByIds(actor: Actor, body: BetListByIdsRequest): Promise<BetPage<BetRow>> {
    return this.page(
      { scope: this.ownScope(actor), statuses: ['open', 'settled', 'voided'], betIds: [...new Set(body.betIds)] },
      body.page,
      undefined,
    );
  }

  /** The rows of GET profit-loss: settled markets of the range (player: own; agent: downline and own share). */
  private async pnlRows(q: Queryable, actor: Actor, query: ProfitLossQuery) {
    const range = reportRange(query.from, query.to, this.deps.clock.nowMs());
    if (!range.ok) throw new DomainError('VALIDATION', range.message);
    const filter = { from: range.from, toExclusive: range.toExclusive, ...(query.sportId !== undefined ? { sportId: query.sportId } : {}) };
    const agent = isAgent(actor.role);
    let rows: repo.PnlRow[];
    if (!agent) rows = await repo.playerPnlByMarket(q, actor.userId, filter);
    else if (query.groupBy === 'child') rows = await repo.agentPnlByChild(q, actor.userId, filter);
    else rows = await repo.agentPnlByMarket(q, actor.userId, filter);
    return { rows, agent };
  }

  /**
   * GET profit-loss/export: the same rows (ADR 0067). They are one row per market or child,
   * summed in SQL: one read, whose range is checked before anything streams.
   */
  async profitLossCsv(actor: Actor, query: ProfitLossQuery): Promise<CsvExport<repo.PnlRow>> {
    const range = reportRange(query.from, query.to, this.deps.clock.nowMs());
    if (!range.ok) throw new DomainError('VALIDATION', range.message);
    const byChild = isAgent(actor.role) && query.groupBy === 'child';
    const rowsOf = (q: Queryable) => this.pnlRows(q, actor, query);
    return {
      fileName: csvFileName(['profit-loss', await this.ownName(actor), ...rangeDays(query, range)]),
      columns: pnlCsvColumns(isAgent(actor.role), byChild),
      batches: this.deps.db.readSnapshot(async function* (q) {
        yield (await rowsOf(q)).rows;
      }),
    };
  }

  /** GET profit-loss: settled markets of the range (player: own; agent: downline and own share). */
  async profitLoss(actor: Actor, query: ProfitLossQuery): Promise<ProfitLossResponse> {
    const { rows, agent } = await this.pnlRows(this.deps.db, actor, query);
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
      repo.childrenOf(db, target.id, actor.siteId),
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
