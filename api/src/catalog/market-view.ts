/**
 * Stored rows of markets, fancies, scores and matches, and their contract shapes. Pure: the
 * catalog's routes and the realtime module both map rows through here, so a market looks the
 * same over HTTP and over the data socket. Odds are integers in hundredths inside (bookmaker:
 * rates in paise) and two-decimal numbers at the edge; money is paise inside, rupees outside.
 */
import type {
  DeclaredResult,
  Fancy,
  Market,
  MarketLimits,
  MarketStatus,
  MarketType,
  MatchDetail,
  MatchOddsSummary,
  Runner,
  Score,
  SeriesByDate,
  SeriesMatchItem,
  SeriesWithMarket,
} from '@backlay/shared/contracts';
import { paiseToRupees } from '../common/money';
import type { EventStatus } from './match-query';

export type { EventStatus };

/** Limits as stored (paise, seconds). */
export interface LimitsRow {
  minStakeMinor: bigint;
  maxStakeMinor: bigint;
  maxProfitMinor: bigint;
  betDelaySec: number;
}

export interface RunnerRow {
  selectionId: string;
  name: string;
  sortOrder: number;
  /** The race card's number (racing), else null. */
  clothNumber: number | null;
  status: Runner['status'];
  /** A non-runner's reduction factor (percent), else null. */
  adjustmentFactor: number | null;
  backPrices: number[];
  backSizesMinor: bigint[];
  layPrices: number[];
  laySizesMinor: bigint[];
}

export interface MarketRow extends LimitsRow {
  id: string;
  eventId: string;
  name: string;
  marketType: Exclude<MarketType, 'fancy'>;
  sortOrder: number;
  feedStatus: MarketStatus;
  inPlay: boolean;
  /** How many runners win (1; a racing PLACE market 2-4). */
  numberOfWinners: number;
  active: boolean;
  adminSuspended: boolean;
  result: string | null;
  /** The live settlement's result (settlements.result), null while unsettled. */
  settled: DeclaredResult | null;
  version: bigint;
  runners: RunnerRow[];
}

export interface FancyRow extends LimitsRow {
  id: string;
  eventId: string;
  name: string;
  gtype: string;
  sortOrder: number;
  feedStatus: MarketStatus;
  active: boolean;
  adminSuspended: boolean;
  noRun: number;
  noRate: number;
  yesRun: number;
  yesRate: number;
  result: number | null;
  /** The live settlement's result, null while unsettled. */
  settled: DeclaredResult | null;
  version: bigint;
}

export interface ScoreRow {
  eventId: string;
  sportId: number;
  home: string;
  away: string;
  summary: string;
  detail: string[];
  inPlay: boolean;
  ballRunning: boolean;
  updatedAt: Date;
}

export interface MatchRow {
  id: string;
  sportId: number;
  name: string;
  competitionId: string;
  competitionName: string;
  openDate: Date;
  status: EventStatus;
  inPlay: boolean;
  active: boolean;
  imported: boolean;
}

/** What players see: the feed's status, with an admin's suspension on top (closed stays closed). */
export function effectiveStatus(feedStatus: MarketStatus, adminSuspended: boolean): MarketStatus {
  if (feedStatus === 'closed') return 'closed';
  return adminSuspended ? 'suspended' : feedStatus;
}

/** Hundredths (or paise of a bookmaker rate) → a two-decimal number. */
export function hundredthsToDecimal(value: number): number {
  return value / 100;
}

export function limitsOf(row: LimitsRow): MarketLimits {
  return {
    minStake: paiseToRupees(row.minStakeMinor),
    maxStake: paiseToRupees(row.maxStakeMinor),
    maxProfit: paiseToRupees(row.maxProfitMinor),
    betDelaySec: row.betDelaySec,
  };
}

function levels(prices: readonly number[], sizes: readonly bigint[]) {
  return prices.map((price, i) => ({ price: hundredthsToDecimal(price), size: paiseToRupees(sizes[i] ?? 0n) }));
}

/**
 * A runner as players see it. Of a settled market (`settled`: the live settlement's result) the
 * prices are gone and the status follows the settlement, not the feed: the page never shows a
 * winner that contradicts how the bets were settled.
 */
export function toRunner(row: RunnerRow, settled: DeclaredResult | null = null): Runner {
  const card = { clothNumber: row.clothNumber, adjustmentFactor: row.status === 'removed' ? row.adjustmentFactor : null };
  if (settled !== null) {
    return { selectionId: row.selectionId, name: row.name, ...card, back: [], lay: [], status: settledRunnerStatus(row, settled) };
  }
  return {
    selectionId: row.selectionId,
    name: row.name,
    ...card,
    back: levels(row.backPrices, row.backSizesMinor),
    lay: levels(row.layPrices, row.laySizesMinor),
    status: row.status,
  };
}

/** A runner's status under a settled result: winner (or one of a dead heat), loser, active on a void. */
function settledRunnerStatus(row: RunnerRow, settled: DeclaredResult): Runner['status'] {
  if (row.status === 'removed') return 'removed';
  switch (settled.type) {
    case 'WINNER':
      return settled.selectionId === row.selectionId ? 'winner' : 'loser';
    case 'DEAD_HEAT':
    case 'PLACED':
      return settled.selectionIds.includes(row.selectionId) ? 'winner' : 'loser';
    default:
      return 'active';
  }
}

export function toMarket(row: MarketRow): Market {
  return {
    marketId: row.id,
    matchId: row.eventId,
    name: row.name,
    type: row.marketType,
    status: effectiveStatus(row.feedStatus, row.adminSuspended),
    adminSuspended: row.adminSuspended,
    active: row.active,
    inPlay: row.inPlay,
    numberOfWinners: row.numberOfWinners,
    runners: [...row.runners].sort((a, b) => a.sortOrder - b.sortOrder).map((runner) => toRunner(runner, row.settled)),
    result: row.result,
    settled: row.settled,
    ...limitsOf(row),
  };
}

export function toFancy(row: FancyRow): Fancy {
  return {
    fancyId: row.id,
    matchId: row.eventId,
    name: row.name,
    gtype: row.gtype,
    status: effectiveStatus(row.feedStatus, row.adminSuspended),
    adminSuspended: row.adminSuspended,
    active: row.active,
    noRun: row.noRun,
    noRate: row.noRate,
    yesRun: row.yesRun,
    yesRate: row.yesRate,
    result: row.result,
    settled: row.settled,
    ...limitsOf(row),
  };
}

export function toScore(row: ScoreRow): Score {
  return {
    matchId: row.eventId,
    sportId: row.sportId,
    home: row.home,
    away: row.away,
    summary: row.summary,
    detail: [...row.detail],
    inPlay: row.inPlay,
    ballRunning: row.ballRunning,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMatchDetail(row: MatchRow): MatchDetail {
  return {
    _id: row.id,
    sportId: row.sportId,
    name: row.name,
    competitionId: row.competitionId,
    competitionName: row.competitionName,
    openDate: row.openDate.toISOString(),
    inPlay: row.inPlay,
    status: row.status,
    active: row.active,
  };
}

/** Best back and lay of each runner of a match odds market (list screens). */
export function toMatchOddsSummary(row: MarketRow): MatchOddsSummary {
  return {
    marketId: row.id,
    status: effectiveStatus(row.feedStatus, row.adminSuspended),
    runners: [...row.runners]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((runner) => ({
        selectionId: runner.selectionId,
        name: runner.name,
        back: runner.backPrices[0] === undefined ? null : hundredthsToDecimal(runner.backPrices[0]),
        lay: runner.layPrices[0] === undefined ? null : hundredthsToDecimal(runner.layPrices[0]),
      })),
  };
}

/** A match of a competition with its counts, as get-series-with-market lists it. */
export interface SeriesMatchRow {
  competitionId: string;
  competitionName: string;
  sportId: number;
  id: string;
  name: string;
  openDate: Date;
  status: EventStatus;
  inPlay: boolean;
  marketCount: number;
  fancyCount: number;
}

function toSeriesMatch(row: SeriesMatchRow): SeriesMatchItem {
  return {
    _id: row.id,
    name: row.name,
    openDate: row.openDate.toISOString(),
    inPlay: row.inPlay,
    status: row.status,
    marketCount: row.marketCount,
    fancyCount: row.fancyCount,
  };
}

/** Groups match rows (ordered by open date) under their competitions, in order of first appearance. */
export function groupSeries(rows: readonly SeriesMatchRow[]): SeriesWithMarket[] {
  const series = new Map<string, SeriesWithMarket>();
  for (const row of rows) {
    let entry = series.get(row.competitionId);
    if (entry === undefined) {
      entry = { competitionId: row.competitionId, name: row.competitionName, sportId: row.sportId, matches: [] };
      series.set(row.competitionId, entry);
    }
    entry.matches.push(toSeriesMatch(row));
  }
  return [...series.values()];
}

/** Groups match rows by the UTC date of their open date, then by competition. */
export function groupSeriesByDate(rows: readonly SeriesMatchRow[]): SeriesByDate[] {
  const days = new Map<string, SeriesMatchRow[]>();
  for (const row of rows) {
    const date = row.openDate.toISOString().slice(0, 10);
    const list = days.get(date) ?? [];
    list.push(row);
    days.set(date, list);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, dayRows]) => ({ date, series: groupSeries(dayRows) }));
}
