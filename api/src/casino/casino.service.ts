/**
 * The live casino's reads and the admin's switch: the game list, a table and its round as players
 * see them (the seed only once the round is settled), settled rounds with what PF-1 needs to
 * recompute them, a player's bets and report, an agent's round book and game report. Money leaves
 * as rupees; the round's markets are read from the rows placement checks, not re-derived.
 */
import {
  CASINO_CATEGORIES,
  CASINO_STATS_ROUNDS,
  CASINO_SUSPENDED_MESSAGE,
  MESSAGES,
  type CasinoBet,
  type CasinoBetsResponse,
  type CasinoDisableResponse,
  type CasinoGameListItem,
  type CasinoGameReportResponse,
  type CasinoReportResponse,
  type CasinoResultsResponse,
  type CasinoRoundBook,
  type CasinoRoundCards,
  type CasinoRoundRecord,
  type CasinoRoundView,
  type CasinoTableView,
  type ResultTone,
  type VirtualGameListItem,
} from '@backlay/shared/contracts';
import { tableSeats, type CasinoGame } from '@backlay/shared/casino';
import { marketPnlVector } from '@backlay/shared/domain';
import { insertAuditRecords } from '../audit/audit.repository';
import type { Actor, RequestMeta } from '../plugins/request-context';
import type { Clock } from '../common/clock';
import { csvFileName, type CsvColumn } from '../common/csv';
import type { CsvExport } from '../plugins/csv-reply';
import { DomainError } from '../common/domain-error';
import type { Database } from '../db/database';
import { paiseToRupees } from '../common/money';
import type { DomainEvents } from '../common/domain-events';
import { roundMarketId, roundMarketIds, secondsLeft } from './casino-engine';
import * as repo from './casino.repository';
import { gameOf } from './tables';

export interface CasinoServiceDeps {
  db: Database;
  clock: Clock;
  events: DomainEvents;
}

/** A table whose last round settled this recently is between rounds, still running. */
export const RUNNING_GAP_MS = 60_000;
/** Rounds per page of done-results. */
export const RESULTS_PAGE_SIZE = 20;
/** Rounds in a table's results strip. */
export const LAST_RESULTS = 10;

const SEATS = new Map<string, string[]>();
/**
 * The places a table's game deals to (`tableSeats`), worked out once per game: the same for every
 * configuration of its rules, and the table view is read on every round.
 */
function seatsOf(game: CasinoGame): string[] {
  let seats = SEATS.get(game.code);
  if (seats === undefined) {
    seats = tableSeats(game);
    SEATS.set(game.code, seats);
  }
  return seats;
}

/**
 * The results strip (the newest LAST_RESULTS rounds, each as the table reads it) and the
 * statistics of all the rounds given (CASINO_STATS_ROUNDS, newest first): per outcome group of
 * the game's `resultBadge`, how many, most first (ties in the order the game names them first).
 */
export function resultsView(game: CasinoGame, rounds: ReadonlyArray<{ roundId: string; win: string }>): Pick<CasinoTableView, 'lastResults' | 'stats'> {
  const groups = new Map<string, { name: string; tone: ResultTone; count: number }>();
  for (const { win } of rounds) {
    const { stat, tone } = game.resultBadge(win);
    if (stat === null) continue;
    const group = groups.get(stat) ?? { name: stat, tone, count: 0 };
    group.count += 1;
    groups.set(stat, group);
  }
  return {
    lastResults: rounds.slice(0, LAST_RESULTS).map(({ roundId, win }) => {
      const { label, name, tone } = game.resultBadge(win);
      return { roundId, win, label, name, tone };
    }),
    stats: { rounds: rounds.length, groups: [...groups.values()].sort((a, b) => b.count - a.count) },
  };
}

/** A table's tile picture, served by GET casino/images/{file}. */
const tileImage = (gameCode: string): string => `/api/casino/images/${gameCode}.svg`;

/** The columns of the exported casino report (the player's: per day and table) and game report (the agent's: per table and child), ADR 0067. */
const REPORT_CSV_COLUMNS: readonly CsvColumn<repo.ReportRow>[] = [
  // The report's day (YYYY-MM-DD) as the screen writes it: DD/MM/YYYY.
  { header: 'Date', value: (r) => r.date.split('-').reverse().join('/') },
  { header: 'Game', value: (r) => r.title },
  { header: 'Rounds', value: (r) => r.rounds },
  { header: 'Bets', value: (r) => r.bets },
  { header: 'Stake', value: (r) => ({ paise: BigInt(r.stakeMinor) }) },
  { header: 'P&L', value: (r) => ({ paise: BigInt(r.pnlMinor) }) },
];
const GAME_REPORT_CSV_COLUMNS: readonly CsvColumn<repo.GameReportRow>[] = [
  { header: 'Game', value: (r) => r.title },
  { header: 'Client', value: (r) => r.childUsername },
  { header: 'Bets', value: (r) => r.bets },
  { header: 'Stake', value: (r) => ({ paise: BigInt(r.stakeMinor) }) },
  { header: 'P&L', value: (r) => ({ paise: BigInt(r.pnlMinor) }) },
];

const rupees = (minor: string | bigint | null): number => (minor === null ? 0 : paiseToRupees(BigInt(minor)));

export class CasinoService {
  constructor(private readonly deps: CasinoServiceDeps) {}

  /**
   * GET get-casino-games: every table. match_id is the table's id while it runs: enabled, with a
   * round open or closing, or between rounds (the last one settled within RUNNING_GAP_MS); -1
   * when it is disabled or its engine is not running. `matchId` is always the table's id (the
   * admin's switch).
   */
  async games(): Promise<CasinoGameListItem[]> {
    const nowMs = this.deps.clock.nowMs();
    return (await this.tablesRunning()).map(({ table, running, round }) => ({
      title: table.title,
      image: tileImage(table.gameCode),
      slug: table.gameCode,
      match_id: running ? table.matchId : -1,
      matchId: table.matchId,
      isDisable: !table.enabled,
      categoryId: table.categoryId,
      secondsLeft: table.enabled && round?.status === 'OPEN' ? secondsLeft(round.closesAt, nowMs) : null,
    }));
  }

  /**
   * GET get-virtual-games: the streams of the virtual-games grid, SPEC's second list item shape
   * (docs/rules/product.md §3). A stream is a table that runs now (what games() gives a match_id),
   * in the list's order; a disabled or stopped table has nothing to stream and is left out.
   */
  async virtualGames(): Promise<VirtualGameListItem[]> {
    return (await this.tablesRunning())
      .filter(({ running }) => running)
      .map(({ table }) => ({
        id: table.matchId,
        game_id: table.gameCode,
        game_images: [tileImage(table.gameCode)],
        game_name: table.title,
        name: CASINO_CATEGORIES.find((c) => c.id === table.categoryId)?.name ?? 'Others',
      }));
  }

  /** Every table with whether it runs: enabled, with a round open or closing, or between rounds. */
  private async tablesRunning() {
    const nowMs = this.deps.clock.nowMs();
    return (await repo.tablesWithNewestRound(this.deps.db)).map(({ table, round }) => {
      const live = round !== null && (round.status === 'OPEN' || round.status === 'CLOSED');
      const between = round?.settledAt != null && nowMs - round.settledAt.getTime() <= RUNNING_GAP_MS;
      return { table, round, running: table.enabled && (live || between) };
    });
  }

  /** GET get-casino-data-by-id/{matchId}: the table, its rules, its round and its last results. */
  async table(matchId: string): Promise<CasinoTableView> {
    const table = await this.requireTable(matchId);
    const game = this.gameOf(table);
    const chain = await repo.latestChain(this.deps.db, matchId);
    const rules = game.rules(game.parseConfig(table.config));
    return {
      matchId,
      gameCode: table.gameCode,
      title: table.title,
      categoryId: table.categoryId,
      isDisable: !table.enabled,
      bettingSeconds: table.bettingSeconds,
      commitment: chain?.commitment ?? '',
      rules: {
        lines: rules,
        markets: game.markets(game.parseConfig(table.config)).map((market) => ({
          code: market.code,
          name: market.name,
          runners: market.runners.map((r) => ({
            selectionId: r.selectionId,
            name: r.name,
            back: r.back === null ? null : r.back / 100,
            lay: r.lay == null ? null : r.lay / 100,
            rtp: r.rtp ?? null,
          })),
        })),
      },
      round: await this.roundView(table),
      ...resultsView(game, await repo.lastResults(this.deps.db, matchId, CASINO_STATS_ROUNDS)),
      seats: seatsOf(game),
    };
  }

  /** GET casino-market/{matchId}: the table's live round, or its last one between rounds. */
  async market(matchId: string): Promise<CasinoRoundView | null> {
    return this.roundView(await this.requireTable(matchId));
  }

  /**
   * How late the engine is (the metrics): the most any live round is past the moment it should
   * have moved on (its close while OPEN, its settlement while CLOSED), in ms; 0 when none is.
   */
  async overdueMs(): Promise<number> {
    const nowMs = this.deps.clock.nowMs();
    let worst = 0;
    // The tick's read of round heads: a live round is a table's newest, its deal is not needed.
    for (const { round } of await repo.tablesWithNewestRound(this.deps.db)) {
      const due = round?.status === 'OPEN' ? round.closesAt : round?.status === 'CLOSED' ? round.settleAt : null;
      if (due != null) worst = Math.max(worst, nowMs - due.getTime());
    }
    return worst;
  }

  /** The view the realtime snapshot and deltas carry. */
  async snapshot(matchId: string): Promise<{ round: CasinoRoundView | null; isDisable: boolean } | null> {
    const table = await repo.findTable(this.deps.db, matchId);
    if (table === null) return null;
    return { round: await this.roundView(table), isDisable: !table.enabled };
  }

  /** GET done-results/{matchId}: settled and voided rounds, newest first, by day or round id. */
  async doneResults(matchId: string, query: { filterDate: string | null; roundId: string | null; page: number }): Promise<CasinoResultsResponse> {
    await this.requireTable(matchId);
    const { rows, total } = await repo.doneRounds(this.deps.db, matchId, {
      date: query.filterDate,
      roundId: query.roundId,
      limit: RESULTS_PAGE_SIZE,
      offset: (query.page - 1) * RESULTS_PAGE_SIZE,
    });
    return { rounds: rows.map(toRecord), page: query.page, totalPages: Math.max(1, Math.ceil(total / RESULTS_PAGE_SIZE)) };
  }

  /** GET html-cards/{mid}/{type}: the cards of a round once dealt (none before bet-close). */
  async cards(roundId: string, gameCode: string): Promise<CasinoRoundCards> {
    const round = await repo.findRound(this.deps.db, roundId);
    if (round === null || round.gameCode !== gameCode) throw new DomainError('NOT_FOUND', MESSAGES.casinoRoundNotFound);
    return { mid: round.id, gameCode: round.gameCode, cards: round.cards ?? [], hands: round.hands ?? {}, win: round.win };
  }

  /** GET casino-bets: a page of the player's bets on a table (of one round, or of all), open ones first. */
  async playerBets(userId: string, matchId: string, roundId: string | null, paging: { page: number; pageSize: number }): Promise<CasinoBetsResponse> {
    const table = await this.requireTable(matchId);
    let marketIds: string[] | null = null;
    if (roundId !== null) {
      const round = await repo.findRound(this.deps.db, roundId);
      if (round === null || round.matchId !== matchId) throw new DomainError('NOT_FOUND', MESSAGES.casinoRoundNotFound);
      marketIds = roundMarketIds(this.gameOf(table), round);
    }
    const { rows, total } = await repo.playerBets(this.deps.db, userId, matchId, marketIds, paging);
    return { rows: rows.map(toBet), page: paging.page, pageSize: paging.pageSize, total };
  }

  /** GET casino-report: the player's settled casino bets per day and table. */
  async report(userId: string, from: string, to: string): Promise<CasinoReportResponse> {
    checkRange(from, to);
    const rows = (await repo.playerReport(this.deps.db, userId, from, to)).map((row) => ({
      date: row.date,
      gameCode: row.gameCode,
      title: row.title,
      rounds: row.rounds,
      bets: row.bets,
      stakeMinor: BigInt(row.stakeMinor),
      pnlMinor: BigInt(row.pnlMinor),
    }));
    const sum = (pick: (r: (typeof rows)[number]) => bigint) => rows.reduce((total, r) => total + pick(r), 0n);
    return {
      rows: rows.map(({ stakeMinor, pnlMinor, ...row }) => ({ ...row, stake: rupees(stakeMinor), pnl: rupees(pnlMinor) })),
      totals: {
        rounds: rows.reduce((n, r) => n + r.rounds, 0),
        bets: rows.reduce((n, r) => n + r.bets, 0),
        stake: rupees(sum((r) => r.stakeMinor)),
        pnl: rupees(sum((r) => r.pnlMinor)),
      },
    };
  }

  /** GET casino-report/export: the same rows as CSV (ADR 0067); one row per day and table, one read. */
  async reportCsv(userId: string, from: string, to: string): Promise<CsvExport<repo.ReportRow>> {
    checkRange(from, to);
    const username = await repo.usernameOf(this.deps.db, userId);
    return {
      fileName: csvFileName(['casino-report', username, from, to]),
      columns: REPORT_CSV_COLUMNS,
      batches: this.deps.db.readSnapshot(async function* (q) {
        yield await repo.playerReport(q, userId, from, to);
      }),
    };
  }

  /** GET disable-casino-games (admin, sadmin): switch a table; disabling stops its bets at once. */
  async setDisabled(actor: Actor, matchId: string, disable: boolean, meta: RequestMeta): Promise<CasinoDisableResponse> {
    await this.deps.db.transaction(async (tx) => {
      const table = await repo.findTable(tx, matchId, { lock: true });
      if (table === null) throw new DomainError('NOT_FOUND', MESSAGES.casinoTableNotFound);
      if (table.enabled === !disable) return;
      // Switching off voids the open round's bets. The engine leader does that on its next read of
      // the table (at once on its own instance, within RESYNC_MS from another), so the table stays
      // off until it has: switched on again sooner, the round would deal and settle as if never
      // switched off (issue 29's audit, a cluster switch off and on 3 s apart).
      if (!disable && (await repo.liveRound(tx, matchId))?.status === 'OPEN') {
        throw new DomainError('CONFLICT', MESSAGES.casinoTableStillVoiding);
      }
      await repo.setEnabled(tx, matchId, !disable, actor.userId);
      // The engine voids the open round on its next tick; until then no bet may land on it.
      const round = await repo.liveRound(tx, matchId);
      if (disable && round !== null) await repo.suspendMarkets(tx, roundMarketIds(this.gameOf(table), round));
      await insertAuditRecords(tx, [
        {
          actorId: actor.userId,
          action: disable ? 'casino.table_disabled' : 'casino.table_enabled',
          target: `casino_table:${matchId}`,
          before: { enabled: table.enabled },
          after: { enabled: !disable },
          ip: meta.ip,
          requestId: meta.requestId,
        },
      ]);
      tx.afterCommit(() => this.deps.events.publish('casino.roundChanged', { matchId, phase: disable ? 'disabled' : 'enabled' }));
    });
    return { matchId, isDisable: disable };
  }

  /** GET casino-round-book/{gameCode} (agents): the downline's bets on the current round and its book. */
  async roundBook(agentId: string, gameCode: string): Promise<CasinoRoundBook> {
    const table = await repo.findTableByCode(this.deps.db, gameCode);
    if (table === null) throw new DomainError('NOT_FOUND', MESSAGES.casinoTableNotFound);
    const game = this.gameOf(table);
    const round = await repo.lastRound(this.deps.db, table.matchId);
    const view = await this.roundView(table, round);
    if (round === null) return { matchId: table.matchId, gameCode, title: table.title, round: view, bets: [], book: [] };
    const bets = await repo.downlineBets(this.deps.db, agentId, roundMarketIds(game, round));
    const open = bets.filter((bet) => bet.status === 'open');
    // The downline's P&L vector per market: the win/lose book placement reserves exposure for
    // (a push or half-loss is only known at settlement), by the shared exposure maths.
    const book = game.markets(game.parseConfig(round.config)).map((market) => {
      const marketId = roundMarketId(round.id, market.code);
      const vector = marketPnlVector(
        open
          .filter((bet) => bet.marketId === marketId)
          .map((bet) => ({ side: bet.side, runnerId: bet.selectionId, stakeMinor: Number(bet.stakeMinor), oddsHundredths: bet.oddsHundredths })),
        market.runners.map((runner) => runner.selectionId),
      );
      return {
        marketId,
        name: market.name,
        runners: market.runners.map((runner) => ({ selectionId: runner.selectionId, name: runner.name, pnl: rupees(BigInt(vector.get(runner.selectionId) ?? 0)) })),
      };
    });
    return { matchId: table.matchId, gameCode, title: table.title, round: view, bets: bets.map((bet) => ({ ...toBet(bet), username: bet.username })), book };
  }

  /** GET game-reports (agents): settled casino P&L per table and per direct child on the caller's site. */
  async gameReport(agent: Actor, from: string, to: string): Promise<CasinoGameReportResponse> {
    checkRange(from, to);
    const rows = await repo.gameReport(this.deps.db, agent.userId, from, to, agent.siteId);
    const total = (pick: (r: repo.GameReportRow) => string) => rows.reduce((sum, r) => sum + BigInt(pick(r)), 0n);
    return {
      rows: rows.map((row) => ({
        gameCode: row.gameCode,
        title: row.title,
        childId: row.childId,
        childUsername: row.childUsername,
        bets: row.bets,
        stake: rupees(row.stakeMinor),
        pnl: rupees(row.pnlMinor),
      })),
      totals: { bets: rows.reduce((n, r) => n + r.bets, 0), stake: rupees(total((r) => r.stakeMinor)), pnl: rupees(total((r) => r.pnlMinor)) },
    };
  }

  /** GET game-reports/export: the same rows as CSV (ADR 0067); one row per table and child, one read. */
  async gameReportCsv(agent: Actor, from: string, to: string): Promise<CsvExport<repo.GameReportRow>> {
    checkRange(from, to);
    const { userId: agentId, siteId } = agent;
    const username = await repo.usernameOf(this.deps.db, agentId);
    return {
      fileName: csvFileName(['game-report', username, from, to]),
      columns: GAME_REPORT_CSV_COLUMNS,
      batches: this.deps.db.readSnapshot(async function* (q) {
        yield await repo.gameReport(q, agentId, from, to, siteId);
      }),
    };
  }

  /**
   * The table's live round as players see it, or its last round between rounds (null before the
   * first). A table has at most one live round and it is always its newest, so the newest round
   * (read here unless the caller has it) is the one to show.
   */
  private async roundView(table: repo.TableRow, newest?: repo.RoundRow | null): Promise<CasinoRoundView | null> {
    const round = newest === undefined ? await repo.lastRound(this.deps.db, table.matchId) : newest;
    if (round === null) return null;
    const game = this.gameOf(table);
    const codes = new Map(game.markets(game.parseConfig(round.config)).map((m) => [roundMarketId(round.id, m.code), m.code]));
    const markets = await repo.roundMarkets(this.deps.db, [...codes.keys()]);
    const nowMs = this.deps.clock.nowMs();
    const revealed = round.status === 'SETTLED' || round.status === 'VOID';
    const dealt = round.status !== 'OPEN' && round.cards !== null;
    return {
      matchId: round.matchId,
      gameCode: round.gameCode,
      roundId: round.id,
      nonce: round.nonce,
      status: round.status,
      closesAt: round.closesAt.toISOString(),
      secondsLeft: round.status === 'OPEN' ? secondsLeft(round.closesAt, nowMs) : 0,
      serverTime: new Date(nowMs).toISOString(),
      serverSeedHash: round.serverSeedHash,
      clientSeed: round.clientSeed,
      markets: markets.map((m) => ({
        marketId: m.marketId,
        code: codes.get(m.marketId) ?? m.marketId,
        name: m.name,
        suspended: round.status !== 'OPEN' || m.feedStatus !== 'open' || m.adminSuspended || !table.enabled,
        minStake: rupees(m.minStakeMinor),
        maxStake: rupees(m.maxStakeMinor),
        runners: m.runners.map((r) => ({ selectionId: r.selectionId, name: r.name, back: r.back === null ? null : r.back / 100, lay: r.lay === null ? null : r.lay / 100 })),
      })),
      cards: dealt ? (round.cards ?? []) : [],
      hands: dealt ? (round.hands ?? {}) : {},
      win: dealt ? round.win : null,
      rdesc: dealt ? round.rdesc : null,
      serverSeed: revealed ? round.serverSeed : null,
      voidReason: round.voidReason,
    };
  }


  private async requireTable(matchId: string): Promise<repo.TableRow> {
    const table = await repo.findTable(this.deps.db, matchId);
    if (table === null) throw new DomainError('NOT_FOUND', MESSAGES.casinoTableNotFound);
    return table;
  }

  private gameOf(table: repo.TableRow): CasinoGame {
    const game = gameOf(table.gameCode);
    if (game === null) throw new DomainError('NOT_FOUND', CASINO_SUSPENDED_MESSAGE);
    return game;
  }
}

/** A settled round as done-results lists it (a void has no cards unless it was dealt). */
function toRecord(round: repo.RoundRow): CasinoRoundRecord {
  return {
    roundId: round.id,
    matchId: round.matchId,
    gameCode: round.gameCode,
    status: round.status === 'VOID' ? 'VOID' : 'SETTLED',
    mid: round.id,
    win: round.win ?? '',
    card: (round.cards ?? []).join(','),
    rdesc: round.rdesc ?? '',
    serverSeed: round.serverSeed,
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    openedAt: round.openedAt.toISOString(),
    closedAt: round.closedAt?.toISOString() ?? null,
    settledAt: (round.settledAt ?? round.openedAt).toISOString(),
    voidReason: round.voidReason,
  };
}

function toBet(row: repo.CasinoBetRow): CasinoBet {
  const dot = row.marketId.indexOf('.');
  return {
    betId: row.betId,
    matchId: row.matchId,
    gameCode: row.gameCode,
    roundId: row.marketId.slice(1, dot < 0 ? undefined : dot),
    marketId: row.marketId,
    marketName: row.marketName,
    selectionId: row.selectionId,
    selectionName: row.selectionName,
    side: row.side,
    odds: row.oddsHundredths / 100,
    stake: rupees(row.stakeMinor),
    status: row.status,
    pnl: row.status === 'open' ? null : rupees(row.pnlMinor),
    placedAt: row.placedAt.toISOString(),
  };
}

/** A date range of at most 366 days, from ≤ to (YYYY-MM-DD, checked by the schema). */
function checkRange(from: string, to: string): void {
  if (from > to) throw new DomainError('VALIDATION', MESSAGES.casinoRangeOrder);
  if (Date.parse(to) - Date.parse(from) > 366 * 86_400_000) throw new DomainError('VALIDATION', MESSAGES.casinoRangeTooLong);
}
