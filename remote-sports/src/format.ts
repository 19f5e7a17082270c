import type { Fancy } from '@backlay/shared';
import { t } from './i18n';

/** Where a match stands for a player: not started, being played, or over. */
export type MatchPhase = 'upcoming' | 'inplay' | 'finished';

/** The words of a phase where a match's state is shown (the list, the odds page), in the page's language. */
export function matchPhaseText(phase: MatchPhase): string {
  return t(`phase.${phase}` as const);
}

/**
 * The phase of a match. A closed match is finished whatever its in-play flag or its last score
 * say (the feed may close a match before it clears `inPlay`), so it is never labelled In-play.
 */
export function matchPhase(match: { status: 'upcoming' | 'inplay' | 'closed'; inPlay: boolean }, liveInPlay?: boolean): MatchPhase {
  if (match.status === 'closed') return 'finished';
  return (liveInPlay ?? match.inPlay) ? 'inplay' : 'upcoming';
}

/** The matches a player's lists show: every match but the finished (closed) ones. */
export function openMatches<M extends { status: 'upcoming' | 'inplay' | 'closed' }>(matches: readonly M[]): M[] {
  return matches.filter((m) => m.status !== 'closed');
}

/** The fancy sessions of a match split into those still open to bets or paused, and the closed ones. */
export function splitFancies(fancies: readonly Fancy[]): { open: Fancy[]; closed: Fancy[] } {
  return { open: fancies.filter((f) => f.status !== 'closed'), closed: fancies.filter((f) => f.status === 'closed') };
}

/**
 * Money available at a price, compact enough for a phone's ladder cell: whole rupees below a
 * thousand, then thousands (K) and lakhs (L) with one decimal.
 */
export function formatSize(rupees: number): string {
  if (rupees < 1_000) return String(Math.round(rupees));
  if (rupees < 100_000) return `${trimOne(rupees / 1_000)}K`;
  return `${trimOne(rupees / 100_000)}L`;
}

function trimOne(n: number): string {
  return String(Math.floor(n * 10) / 10);
}

