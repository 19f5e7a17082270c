/**
 * Bet placement on runner markets (match odds, bookmaker, over/under). Money in rupees with two
 * decimals; `odds` is decimal odds (2.5), or the bookmaker rate as shown (45).
 */
export type PlaceBetSide = 'BACK' | 'LAY';

export interface PlaceBetRequest {
  matchId: string;
  marketId: string;
  selectionId: string;
  side: PlaceBetSide;
  odds: number;
  stake: number;
}

export interface PlacedBet {
  betId: string;
  matchId: string;
  marketId: string;
  marketType: 'match_odds' | 'bookmaker' | 'over_under';
  selectionId: string;
  side: PlaceBetSide;
  /** Decimal odds, or the bookmaker rate, as requested. */
  odds: number;
  stake: number;
  status: 'open' | 'settled' | 'voided';
  createdAt: string;
}

export interface ProfitListRow {
  selectionId: string;
  /** P&L in rupees if this selection wins. */
  profit: number;
}

export interface PlaceBetResponse {
  /** The user's total exposure after the bet (rupees). */
  exposer: number;
  /** The market's P&L per selection after the bet. */
  profitlist: ProfitListRow[];
  bet: PlacedBet;
}

export interface BetsQuery {
  matchId: string;
}
