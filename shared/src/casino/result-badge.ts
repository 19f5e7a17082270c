/**
 * How a round's result reads in a table's results strip and statistics (issue 32): the game's own
 * letter or number ("D", "T", "Tie"; "A", "B"; "17"), its name for a screen reader and a tap
 * ("Dragon", "17 Black"), a colour family, and the group the table's statistics count it under
 * ("Red" for 17 on the wheel; null where a round's result is not one outcome worth counting). Each
 * table defines its own (`CasinoGame.resultBadge`), from the winner code its `resolve` writes.
 */

import { type ResultTone } from '../contracts/casino';

export { type ResultTone };

export interface ResultBadge {
  /** What the strip prints, one to three characters. */
  label: string;
  /** The result in words. */
  name: string;
  tone: ResultTone;
  /** What the table's statistics count the round under; null: not counted. */
  stat: string | null;
}

/** A winner code nothing maps (an older rules version's, or none): shown as it is, not counted. */
export function unknownBadge(win: string): ResultBadge {
  return { label: win.slice(0, 3) || '–', name: win || 'No result', tone: 'void', stat: null };
}

/**
 * A table whose winner codes are '1', '2', … for its sides in order: each side's label, name and
 * tone, counted under its name.
 */
export function sidesBadge(sides: ReadonlyArray<{ label: string; name: string; tone: ResultTone }>): (win: string) => ResultBadge {
  return (win) => {
    const side = /^[1-9]$/.test(win) ? sides[Number(win) - 1] : undefined;
    return side ? { ...side, stat: side.name } : unknownBadge(win);
  };
}
