import type { BetRow, MarketBook, ResultMarketRow } from '@backlay/shared';

/** Builders of betting data for the tests of this folder (tests only). */

/** A match odds book of two runners on India v Australia. */
export function buildBook(over: Partial<MarketBook> = {}): MarketBook {
  return {
    matchId: 'e1', matchName: 'India v Australia', matchOpenDate: '2026-11-21T10:00:00Z', sportId: 4, marketId: 'mo1', marketName: 'Match Odds', marketType: 'match_odds', betCount: 2,
    lines: [
      { selectionId: 'ind', name: 'India', usersPnl: 150, ownPnl: -90 },
      { selectionId: 'aus', name: 'Australia', usersPnl: -100, ownPnl: 60 },
    ],
    ...over,
  };
}

/** An open back bet of demo-user on India. */
export function buildBet(betId: string, over: Partial<BetRow> = {}): BetRow {
  return {
    betId, matchId: 'e1', marketId: 'mo1', marketType: 'match_odds', selectionId: 'ind', side: 'BACK', odds: 2.5, run: null, stake: 100, status: 'open',
    createdAt: '2026-11-21T10:00:00Z', username: 'demo-user', sportId: 4, matchName: 'India v Australia', matchOpenDate: '2026-11-21T10:00:00Z', marketName: 'Match Odds', selectionName: 'India', clothNumber: null,
    pnl: null, settledAt: null, voidReason: null, ...over,
  };
}

/** A match odds market waiting for its result. */
export function buildResultRow(over: Partial<ResultMarketRow> = {}): ResultMarketRow {
  return {
    marketId: 'mo1', marketType: 'match_odds', matchId: 'e1', matchName: 'India v Australia', sportId: 4, marketName: 'Match Odds',
    numberOfWinners: 1,
    runners: [
      { selectionId: 'ind', name: 'India', clothNumber: null },
      { selectionId: 'aus', name: 'Australia', clothNumber: null },
      { selectionId: 'draw', name: 'The Draw', clothNumber: null },
    ],
    openBets: 3, feedResult: null, settled: null, feedDiffers: false, ...over,
  };
}
