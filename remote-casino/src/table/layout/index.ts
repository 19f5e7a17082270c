import { JudgementLayout } from './JudgementLayout';
import { LadderList } from './LadderList';
import { LotteryLayout } from './LotteryLayout';
import { SeatsLayout } from './SeatsLayout';
import type { TableLayout } from './types';

export type { TableLayout, TableLayoutProps } from './types';

/**
 * The tables whose markets a plain list of ladders cannot carry: 3 Cards Judgement (286 markets,
 * one per pick of 3 ranks), Lottery (1,110 numbers) and Casino War (24 markets over 6 seats).
 */
const LAYOUTS: Readonly<Record<string, TableLayout>> = Object.freeze({
  teen3cj: JudgementLayout,
  lottery: LotteryLayout,
  war: SeatsLayout,
});

/** The layout of a table's markets by its game code: its own, else every market as a ladder. */
export function tableLayout(gameCode: string): TableLayout {
  return Object.prototype.hasOwnProperty.call(LAYOUTS, gameCode) ? LAYOUTS[gameCode] : LadderList;
}
