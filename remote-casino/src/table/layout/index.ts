import type { ComponentType } from 'react';
import type { CasinoRoundView } from '@backlay/shared';
import { JudgementLayout } from './JudgementLayout';
import { LadderList } from './LadderList';
import { LazyRouletteLayout, LazyRouletteWheel } from './lazy-roulette';
import { LotteryLayout } from './LotteryLayout';
import { SeatsLayout } from './SeatsLayout';
import type { TableLayout } from './types';

export type { TableLayout, TableLayoutProps } from './types';

/**
 * The tables whose markets a plain list of ladders cannot carry: 3 Cards Judgement (286 markets,
 * one per pick of 3 ranks), Lottery (1,110 numbers), Casino War (24 markets over 6 seats) and
 * Roulette (the betting layout of 37 numbers and the outside bets; loaded with its table only).
 */
const LAYOUTS: Readonly<Record<string, TableLayout>> = Object.freeze({
  teen3cj: JudgementLayout,
  lottery: LotteryLayout,
  war: SeatsLayout,
  roulette: LazyRouletteLayout,
});

/** What shows a round's draw instead of dealt cards: Roulette's wheel (it deals no cards). */
const DRAWS: Readonly<Record<string, ComponentType<{ round: CasinoRoundView }>>> = Object.freeze({
  roulette: LazyRouletteWheel,
});

/** The layout of a table's markets by its game code: its own, else every market as a ladder. */
export function tableLayout(gameCode: string): TableLayout {
  return Object.prototype.hasOwnProperty.call(LAYOUTS, gameCode) ? LAYOUTS[gameCode] : LadderList;
}

/** The view of a round's draw by its game code when it is not dealt cards, else null (the page deals the cards). */
export function tableDraw(gameCode: string): ComponentType<{ round: CasinoRoundView }> | null {
  return Object.prototype.hasOwnProperty.call(DRAWS, gameCode) ? DRAWS[gameCode] : null;
}
