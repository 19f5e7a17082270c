/**
 * What the live-casino engine (api/src/casino), the screens and the player's verify view agree on
 * about a table: its markets, how a round resolves from the shuffled shoe, and how each back bet
 * settles (docs/rules/casino-games.md §1.0). Every table in this folder implements `CasinoGame`; the engine knows no
 * table by name.
 */

import { type DeckRanks } from './cards';
import { type ResultBadge } from './result-badge';

/**
 * How a BACK bet on a runner settles (docs/rules/casino-games.md §1.0.3). A lay bet settles as the mirror image
 * (the layer receives what the backer loses and pays what the backer wins).
 *
 * - `WIN`: return stake × decimal price;
 * - `LOSE`: return 0;
 * - `PUSH`: return the stake;
 * - `HALF_LOSE`: return half the stake (Dragon Tiger on a tie, Lucky 7 low/high on a 7);
 * - `WIN_REDUCED`: return stake × (1 + profit/100), a win at less than the price (Andar Bahar when
 *   Bahar's first card matches pays 0.25:1);
 * - `WIN_PAYTABLE`: return stake × (1 + profit/100), a pay-table bet whose profit depends on the
 *   outcome rather than on one price (Teen Patti Pair Plus: pair 1:1 … three aces 50:1). Added to
 *   the interface: the engine pays it exactly as `WIN_REDUCED`;
 * - `VOID`: refund (interrupted or cancelled rounds; `resolve` never produces it).
 */
export type SettleRule = 'WIN' | 'LOSE' | 'PUSH' | 'HALF_LOSE' | 'WIN_REDUCED' | 'WIN_PAYTABLE' | 'VOID';

/** How a back bet on one runner settles in one round. */
export interface RunnerOutcome {
  rule: SettleRule;
  /** `WIN_REDUCED` and `WIN_PAYTABLE` only: the profit per 100 of stake, e.g. 25 for 0.25:1. */
  profit?: number;
}

/** One selection of a casino market. */
export interface CasinoRunnerDef {
  selectionId: string;
  name: string;
  /**
   * Decimal price × 100 (198 = 1.98). `null` = not offered for betting, only an outcome (e.g.
   * 'No pair'). For a pay-table runner (`WIN_PAYTABLE`) it is the smallest pay-table return.
   */
  back: number | null;
  /** Lay price × 100, where the table offers lays (32 Cards); absent or `null` = no lay. */
  lay?: number | null;
  /** RTP of a back bet at this price: expected return per unit staked, exact to float precision. */
  rtp?: number;
  /**
   * RTP of a lay at `lay`: expected return per unit of liability, (price − 1) × stake, which is
   * what a lay debits (docs/rules/casino-wallet.md). Added to the interface.
   */
  layRtp?: number;
}

/** One market of a table: exactly one runner is the outcome of a round. */
export interface CasinoMarketDef {
  code: string;
  name: string;
  runners: CasinoRunnerDef[];
}

/** A resolved round, in the Diamond result shape (docs/rules/casino-games.md §1.0.1) plus per-bet settlement. */
export interface RoundResult {
  /** The winner code (per table; documented on each game). */
  win: string;
  /** The cards dealt, comma-separated in dealing order (roulette: the pocket). */
  card: string;
  /** `#`-separated description of the round and its side markets. */
  rdesc: string;
  /** Per market code, per selectionId: how a BACK bet on that runner settles. */
  outcomes: Record<string, Record<string, RunnerOutcome>>;
  /** Hands/positions for the screens, e.g. `{ dragon: ['8DD'], tiger: ['KDD'] }`. */
  hands: Record<string, string[]>;
}

/** The shoe a table draws from. */
export type CasinoShoe =
  | { kind: 'cards'; decks: number; ranks?: DeckRanks }
  | { kind: 'wheel'; pockets: 37 };

/** A live table's definition and pure rules. */
export interface CasinoGame<C = unknown> {
  /** Stable id used in URLs and the database. */
  code: string;
  title: string;
  /** The casino category id of docs/rules/product.md §2 (Teenpatti 20, Baccarat 22, Dragon Tiger 23, …). */
  categoryId: number;
  /**
   * Bumped whenever a rule or price of this table changes, so a round record names the rules it
   * was settled under (docs/rules/casino-fairness.md §4.2). Added to the interface.
   */
  rulesVersion: number;
  shoe: CasinoShoe;
  defaultConfig: C;
  /**
   * A table configuration read from storage: missing keys take the default, unknown values throw.
   * Added to the interface, because configs arrive as JSON.
   */
  parseConfig(raw: unknown): C;
  markets(config: C): CasinoMarketDef[];
  /**
   * The round's outcome from the shuffled shoe: cards are dealt from index 0 in the game's
   * documented order. For the wheel the shoe is one element, the pocket as a decimal string.
   */
  resolve(shoe: readonly string[], config: C): RoundResult;
  /** Lines for the rules panel: the deal, each market's payout and RTP, the active rule flags. */
  rules(config: C): string[];
  /** How a winner code of this table reads in its results strip and statistics (issue 32). */
  resultBadge(win: string): ResultBadge;
}
