/**
 * Pure rules of the books (docs/rules/money.md §7.1, §7.4, §7.9): a player's stored position as P&L rows per
 * outcome, the run zones of a fancy book, the merge of many players' books into one, and the
 * agent's own share of each outcome computed per player with distributePartnership (so the book
 * shows exactly what settlement would post, T27). Integer paise throughout; no I/O.
 */
import {
  distributePartnership,
  fancyPnlAtMinor,
  fancyZoneStarts,
  type ChainAgent,
  type FancyBook,
} from '@backlay/shared/domain';

/** One outcome of a market: a runner, or a fancy run zone (`fromRuns` set). */
export interface Outcome {
  selectionId: string;
  name: string;
  fromRuns?: number;
  /** A racing runner's race-card number (absent outside racing). */
  clothNumber?: number;
}

/** An outcome with the P&L if it happens (paise). */
export interface OutcomePnl extends Outcome {
  pnlMinor: number;
}

/** A runner of a market as the catalog holds it. */
export interface RunnerInfo {
  selectionId: string;
  name: string;
  status: string;
  /** The race-card number (racing), else null. */
  clothNumber?: number | null;
}

/** A stored runner position: selection id → P&L in paise. */
export type RunnerVector = Readonly<Record<string, number>>;

/**
 * The outcomes of a runner market: every runner still in it (sort order), plus any runner of the
 * vector the catalog no longer lists, so no stored P&L is ever hidden.
 */
export function runnerOutcomes(runners: readonly RunnerInfo[], vectors: readonly RunnerVector[]): Outcome[] {
  const inVectors = new Set(vectors.flatMap((v) => Object.keys(v)));
  const out: Outcome[] = runners
    .filter((r) => r.status !== 'removed' || inVectors.has(r.selectionId))
    .map((r) => ({ selectionId: r.selectionId, name: r.name, ...(r.clothNumber !== null && r.clothNumber !== undefined ? { clothNumber: r.clothNumber } : {}) }));
  const known = new Set(out.map((o) => o.selectionId));
  for (const id of [...inVectors].sort()) if (!known.has(id)) out.push({ selectionId: id, name: id });
  return out;
}

/** A runner vector's P&L on each outcome (0 for a runner it does not hold). */
export function runnerPnl(vector: RunnerVector, outcomes: readonly Outcome[]): number[] {
  return outcomes.map((o) => vector[o.selectionId] ?? 0);
}

/**
 * The stored fancy position {"lines": [...], "zones": [...]} as a FancyBook. Throws on anything
 * else: a corrupt position must not show as a book of zeros.
 */
export function parseStoredFancyBook(stored: unknown): FancyBook {
  const value = stored as { lines?: unknown; zones?: unknown } | null;
  const lines = value?.lines;
  const zones = value?.zones;
  const ints = (xs: unknown): xs is number[] => Array.isArray(xs) && xs.every((x) => Number.isSafeInteger(x));
  if (!ints(lines) || !ints(zones) || zones.length !== lines.length + 1) {
    throw new Error(`stored fancy position is not {"lines","zones"}: ${JSON.stringify(stored)}`);
  }
  for (let i = 1; i < lines.length; i += 1) {
    if ((lines[i] as number) <= (lines[i - 1] as number)) throw new Error('fancy lines must be ascending');
  }
  return { lines, zonesMinor: zones };
}

/** The zone label: "44 and below", "45", "45-49", "50 and above". */
function zoneName(from: number, toInclusive: number | null, first: boolean): string {
  if (first) return `${toInclusive ?? 0} and below`;
  if (toInclusive === null) return `${from} and above`;
  return toInclusive === from ? String(from) : `${from}-${toInclusive}`;
}

/**
 * The run zones of a set of lines: zone 0 is 0 … t1 − 1, zone i is t_i … t_{i+1} − 1, the last
 * t_n and above. A zone holding no run count (t1 = 0) is left out. With no lines: one zone, 0 up.
 */
export function runZones(lines: readonly number[]): Outcome[] {
  if (lines.length === 0) return [{ selectionId: '0', name: '0 and above', fromRuns: 0 }];
  return fancyZoneStarts(lines).map(({ zone, fromRuns }) => {
    const next = lines[zone];
    return { selectionId: String(fromRuns), name: zoneName(fromRuns, next === undefined ? null : next - 1, zone === 0), fromRuns };
  });
}

/** Every distinct line of the books, ascending. */
export function unionLines(books: readonly FancyBook[]): number[] {
  return [...new Set(books.flatMap((b) => b.lines))].sort((a, b) => a - b);
}

/** A fancy book's P&L on each zone (evaluated at the zone's lowest run count). */
export function fancyPnl(book: FancyBook, zones: readonly Outcome[]): number[] {
  return zones.map((z) => fancyPnlAtMinor(book, z.fromRuns ?? 0));
}

/** One player's position on one market, with its chain of agents (nearest first). */
export interface PlayerPosition {
  userId: string;
  /** P&L per outcome, aligned with the market's outcomes. */
  pnlMinor: readonly number[];
  chain: readonly ChainAgent[];
}

/** A line of a combined book: the players' P&L and the agent's own P&L per outcome. */
export interface BookLineMinor extends Outcome {
  usersPnlMinor: number;
  ownPnlMinor: number;
}

/**
 * The book of a market for `agentId`: per outcome the sum of the players' P&L, and the agent's
 * own amount = Σ over players of its distributePartnership amount on that player's P&L. Players
 * whose chain does not hold the agent add to usersPnl only (own 0).
 */
export function combinedBook(agentId: string, outcomes: readonly Outcome[], players: readonly PlayerPosition[]): BookLineMinor[] {
  return outcomes.map((outcome, i) => {
    let users = 0;
    let own = 0;
    for (const p of players) {
      const pnl = p.pnlMinor[i];
      if (pnl === undefined) throw new Error(`position of ${p.userId} has no outcome ${i}`);
      users += pnl;
      if (pnl !== 0 && p.chain.some((a) => a.id === agentId)) {
        own += distributePartnership(p.chain, pnl).find((a) => a.id === agentId)?.amountMinor ?? 0;
      }
    }
    // −0 (from a zero user P&L times a share) would show as "-0" in JSON; keep it a plain 0.
    return { ...outcome, usersPnlMinor: users + 0, ownPnlMinor: own + 0 };
  });
}

/**
 * The direct child of `targetId` whose subtree holds the player: the account after the target
 * on the player's path (ancestors root first), or the player itself when the target is its
 * parent. Null when the player is not below the target.
 */
export function childBelow(targetId: string, player: { id: string; ancestors: readonly string[] }): string | null {
  const at = player.ancestors.indexOf(targetId);
  if (at === -1) return null;
  return player.ancestors[at + 1] ?? player.id;
}
