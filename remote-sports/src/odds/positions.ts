import {
  toMinor,
  toRupees,
  type Market,
  type MarketPosition,
  type PlaceBetResponse,
  type PlaceBetSide,
} from '@backlay/shared';
import {
  EMPTY_FANCY_BOOK,
  applyBet,
  applyFancyBet,
  bookmakerToRunnerBet,
  exposureMinor,
  fancyExposureMinor,
  type FancyBook,
  type FancySide,
  type RunnerBet,
} from '@backlay/shared/domain';
import { t } from '../i18n';

/**
 * The player's book on the odds page, and what a bet in the slip would make of it. Every sum is
 * done by the pure functions of `@backlay/shared/domain` (the ones the API's placement uses), in
 * whole paise: the API's rupees are turned into paise at the edge and back only for display.
 */

/**
 * The position a placebet reply states for the bet's market (or fancy): the market's P&L per
 * runner (or run zone) after the bet, and the exposure that leaves (the worst outcome's loss, as
 * the API keeps it). Null when the reply carries no P&L.
 */
export function positionOfReply(reply: PlaceBetResponse): MarketPosition | null {
  if (reply.profitlist.length === 0) return null;
  return {
    marketId: reply.bet.marketId,
    marketType: reply.bet.marketType,
    profitlist: reply.profitlist,
    exposure: toRupees(exposureMinor(reply.profitlist.map((row) => toMinor(row.profit)))),
  };
}

/** A position the page applied from a placebet reply, numbered in the order applied (1, 2, …). */
export interface AppliedPosition {
  position: MarketPosition;
  seq: number;
}

/**
 * The book the odds page shows, by market id (runner markets) or fancy id (fancies): the last
 * loaded positions, with every position applied from a reply after that load was sent laid on
 * top (the load could not know those bets; a load sent after them does, and then wins).
 */
export function bookOf(loaded: readonly MarketPosition[], loadSentAfterSeq: number, applied: ReadonlyMap<string, AppliedPosition>): Map<string, MarketPosition> {
  const book = new Map(loaded.map((p) => [p.marketId, p]));
  for (const { position, seq } of applied.values()) if (seq > loadSentAfterSeq) book.set(position.marketId, position);
  return book;
}

/** The runners a runner market's book covers: every runner that is not removed. */
export function bookRunnerIds(market: Market): string[] {
  return market.runners.filter((r) => r.status !== 'removed').map((r) => r.selectionId);
}

/** The player's P&L vector of a runner market in paise (0 for a runner without a position). */
export function runnerVector(market: Market, position: MarketPosition | undefined): Map<string, number> {
  const profit = new Map((position?.profitlist ?? []).map((row) => [row.selectionId, toMinor(row.profit)]));
  return new Map(bookRunnerIds(market).map((id) => [id, profit.get(id) ?? 0]));
}

/**
 * Odds of a slip bet as the domain functions take them: decimal odds in hundredths (2.5 → 250);
 * for a bookmaker market the odds are the rate as shown (45) and become 1 + 45/100.
 */
export function slipRunnerBet(market: Market, bet: { selectionId: string; side: PlaceBetSide; odds: number; stakeMinor: number }): RunnerBet {
  if (market.type === 'bookmaker') return bookmakerToRunnerBet({ side: bet.side, runnerId: bet.selectionId, stakeMinor: bet.stakeMinor, ratePaise: Math.round(bet.odds) });
  return { side: bet.side, runnerId: bet.selectionId, stakeMinor: bet.stakeMinor, oddsHundredths: Math.round(bet.odds * 100) };
}

/** One runner's P&L now and after the slip's bet (paise). */
export interface RunnerProjection {
  selectionId: string;
  name: string;
  nowMinor: number;
  afterMinor: number;
}

/**
 * The runner market's P&L per runner now and with the bet added (applyBet, docs/rules/money.md §7.1 / §7.2),
 * with the market's exposure before and after. Null when the bet cannot be priced (bad odds).
 */
export function projectRunnerMarket(
  market: Market,
  position: MarketPosition | undefined,
  bet: { selectionId: string; side: PlaceBetSide; odds: number; stakeMinor: number },
): { rows: RunnerProjection[]; exposureNowMinor: number; exposureAfterMinor: number } | null {
  const now = runnerVector(market, position);
  let after: Map<string, number>;
  try {
    after = applyBet(now, slipRunnerBet(market, bet));
  } catch {
    return null;
  }
  const rows = market.runners
    .filter((r) => now.has(r.selectionId))
    .map((r) => ({ selectionId: r.selectionId, name: r.name, nowMinor: now.get(r.selectionId) ?? 0, afterMinor: after.get(r.selectionId) ?? 0 }));
  return { rows, exposureNowMinor: exposureMinor(now), exposureAfterMinor: exposureMinor(after) };
}

/**
 * A fancy position as the domain's book: the API lists one row per run zone, lowest first, each
 * with the zone's lowest run (`fromRuns`); the lines are the lowest runs of every zone but the
 * first.
 */
export function fancyBookOf(position: MarketPosition | undefined): FancyBook {
  const zones = position?.profitlist ?? [];
  if (zones.length === 0) return EMPTY_FANCY_BOOK;
  const lines = zones.slice(1).map((z) => z.fromRuns ?? Number(z.selectionId));
  return { lines, zonesMinor: zones.map((z) => toMinor(z.profit)) };
}

/** A zone's label: "44 and below", "45", "45 to 49", "50 and above". */
export function zoneLabels(lines: readonly number[]): string[] {
  if (lines.length === 0) return [t('zone.any')];
  return lines.map((line, i) => {
    if (i === 0) return t('zone.below', { runs: lines[0] - 1 });
    const from = lines[i - 1];
    const to = line - 1;
    return from === to ? String(from) : t('zone.range', { from, to });
  }).concat(t('zone.above', { runs: lines[lines.length - 1] }));
}

/** A fancy zone's P&L (paise) with its label. */
export interface ZoneProjection {
  label: string;
  pnlMinor: number;
}

/**
 * The fancy's book with the slip's YES or NO added (applyFancyBet, docs/rules/money.md §7.4): the exposure
 * before and after and the P&L of each run zone after the bet. Null for an unpriceable bet.
 */
export function projectFancy(
  position: MarketPosition | undefined,
  bet: { side: FancySide; line: number; rate: number; stakeMinor: number },
): { zones: ZoneProjection[]; exposureNowMinor: number; exposureAfterMinor: number } | null {
  const now = fancyBookOf(position);
  let after: FancyBook;
  try {
    after = applyFancyBet(now, bet);
  } catch {
    return null;
  }
  const labels = zoneLabels(after.lines);
  return {
    zones: after.zonesMinor.map((pnlMinor, i) => ({ label: labels[i], pnlMinor })),
    exposureNowMinor: fancyExposureMinor(now),
    exposureAfterMinor: fancyExposureMinor(after),
  };
}
