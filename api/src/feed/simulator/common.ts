/** Helpers shared by the sport engines: views of exchange and bookmaker markets, sizes, maths. */
import type { MarketStatus } from '@backlay/shared/contracts';
import type { FeedEvent, FeedEventStatus, FeedMarket, FeedRunner } from '../feed-provider';
import { bookmakerBook, exchangeBook, type RunnerBook } from './book';
import { hashUnit, type Rng } from './prng';
import type { MatchInfo, MsRange, TeamDef } from './types';

/** Draws a duration from a range. */
export function drawMs(rng: Rng, range: MsRange): number {
  return Math.round(rng.between(range[0], range[1]));
}

/** Standard normal cumulative distribution (Abramowitz–Stegun 7.1.26, |error| < 1.5e-7). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.327_591_1 * Math.abs(z) / Math.SQRT2);
  const y =
    1 -
    ((((1.061_405_429 * t - 1.453_152_027) * t + 1.421_413_741) * t - 0.284_496_736) * t + 0.254_829_592) *
      t *
      Math.exp(-(z * z) / 2);
  return z >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** The event as the provider lists it. */
export function eventView(info: MatchInfo, status: FeedEventStatus): FeedEvent {
  return {
    eventId: info.eventId,
    sportId: info.sportId,
    competitionId: info.competition.competitionId,
    name: `${info.home.name} v ${info.away.name}`,
    home: info.home.name,
    away: info.away.name,
    openDateMs: info.startMs,
    status,
    inPlay: status === 'inplay',
  };
}

/** Market id of the match's n-th market (Betfair style '1.<event><nn>'). */
export function marketId(info: MatchInfo, n: number): string {
  return `1.${info.eventId}${String(n).padStart(2, '0')}`;
}

/** Fancy id of the match's n-th fancy. */
export function fancyId(info: MatchInfo, n: number): string {
  return `${info.eventId}-F${String(n).padStart(2, '0')}`;
}

/**
 * Sizes (paise) of a market's levels: whole rupees, deeper levels deeper, more money in play;
 * a hash of the match seed and its step, so a view never depends on how often it was built.
 */
export function sizes(info: MatchInfo, step: number, market: number, inPlay: boolean) {
  const base = inPlay ? 6_000 : 2_500;
  return (runner: number, side: 'back' | 'lay', depth: number): number => {
    const u = hashUnit(info.seed, step, market, runner, side === 'back' ? 0 : 1, depth);
    const rupees = Math.max(2, Math.round(base * (depth + 1) * (0.15 + 1.7 * u)));
    return rupees * 100;
  };
}

/** Bookmaker liquidity per rate (paise): a round lakh or more. */
export function bookmakerSizes(info: MatchInfo, step: number) {
  return (runner: number, side: 'back' | 'lay'): number => {
    const u = hashUnit(info.seed, step, 99, runner, side === 'back' ? 0 : 1);
    return (1 + Math.floor(u * 5)) * 100_000 * 100;
  };
}

export interface Selection {
  team: TeamDef | { selectionId: string; name: string };
  probability: number;
}

export interface MarketState {
  status: MarketStatus;
  inPlay: boolean;
  /** Winner selection id, 'void', or null while open. */
  result: string | null;
}

function runnerStatus(selectionId: string, result: string | null): FeedRunner['status'] {
  if (result === null || result === 'void') return 'active';
  return result === selectionId ? 'winner' : 'loser';
}

function runners(selections: readonly Selection[], book: readonly RunnerBook[], state: MarketState): FeedRunner[] {
  const closed = state.status === 'closed';
  return selections.map((selection, i) => ({
    selectionId: selection.team.selectionId,
    name: selection.team.name,
    sortOrder: i + 1,
    status: runnerStatus(selection.team.selectionId, state.result),
    back: closed ? [] : (book[i]?.back ?? []),
    lay: closed ? [] : (book[i]?.lay ?? []),
  }));
}

/** An exchange market (match odds, over/under) from its selections' probabilities. */
export function exchangeMarket(
  info: MatchInfo,
  n: number,
  name: string,
  type: 'match_odds' | 'over_under',
  selections: readonly Selection[],
  state: MarketState,
  step: number,
): FeedMarket {
  const book = exchangeBook(
    selections.map((s) => s.probability),
    sizes(info, step, n, state.inPlay),
  );
  return {
    marketId: marketId(info, n),
    eventId: info.eventId,
    name,
    type,
    sortOrder: n,
    status: state.status,
    inPlay: state.inPlay,
    runners: runners(selections, book, state),
    result: state.result,
  };
}

/** A bookmaker market (rates in paise) from its selections' probabilities. */
export function bookmakerMarket(info: MatchInfo, n: number, selections: readonly Selection[], state: MarketState, step: number): FeedMarket {
  const sizeOf = bookmakerSizes(info, step);
  const book = bookmakerBook(
    selections.map((s) => s.probability),
    (runner, side) => sizeOf(runner, side),
  );
  return {
    marketId: marketId(info, n),
    eventId: info.eventId,
    name: 'Bookmaker',
    type: 'bookmaker',
    sortOrder: n,
    status: state.status,
    inPlay: state.inPlay,
    runners: runners(selections, book, state),
    result: state.result,
  };
}

/** Three-letter code from a name ("Mumbai Mariners" → "MUM"). */
export function shortName(name: string): string {
  return name.replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase();
}
