import { JudgementLayout } from './JudgementLayout';
import { LadderList } from './LadderList';
import { LotteryLayout } from './LotteryLayout';
import type { TableLayout } from './types';

export type { TableLayout, TableLayoutProps } from './types';

/**
 * The tables whose markets a plain list of ladders cannot carry: 3 Cards Judgement (286 markets,
 * one per pick of 3 ranks) and Lottery (1,110 numbers).
 */
const LAYOUTS: Readonly<Record<string, TableLayout>> = Object.freeze({
  teen3cj: JudgementLayout,
  lottery: LotteryLayout,
});

/** The layout of a table's markets by its game code: its own, else every market as a ladder. */
export function tableLayout(gameCode: string): TableLayout {
  return Object.prototype.hasOwnProperty.call(LAYOUTS, gameCode) ? LAYOUTS[gameCode] : LadderList;
}
