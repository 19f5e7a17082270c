import type { CasinoBet, CasinoMarketView, CasinoRoundView, CasinoTableView } from '../contracts/casino';

/**
 * Builders of live-casino data for unit tests: a Dragon Tiger 20-20 table and its round. Each
 * returns a complete, valid object; `over` replaces any field.
 */

/** The Dragon Tiger winner market: Dragon and Tiger at 1.98, Tie at 50 (back only). */
export function buildCasinoMarket(over: Partial<CasinoMarketView> = {}): CasinoMarketView {
  return {
    marketId: 'r1-winner',
    code: 'winner',
    name: 'Winner',
    suspended: false,
    minStake: 100,
    maxStake: 50000,
    runners: [
      { selectionId: 'dragon', name: 'Dragon', back: 1.98, lay: null },
      { selectionId: 'tiger', name: 'Tiger', back: 1.98, lay: null },
      { selectionId: 'tie', name: 'Tie', back: 50, lay: null },
    ],
    ...over,
  };
}

/** An open round of table m-dt20, closing 15 s after its server time. */
export function buildCasinoRound(over: Partial<CasinoRoundView> = {}): CasinoRoundView {
  return {
    matchId: 'm-dt20',
    gameCode: 'dt20',
    roundId: 'r1',
    nonce: 0,
    status: 'OPEN',
    closesAt: '2026-11-21T10:00:15.000Z',
    secondsLeft: 15,
    serverTime: '2026-11-21T10:00:00.000Z',
    serverSeedHash: 'f88bee90df7cdbcb8b1707372af004abdb2201ca20dddf466c598c50b6e66c38',
    clientSeed: 'india-casino-demo',
    markets: [buildCasinoMarket()],
    cards: [],
    hands: {},
    win: null,
    rdesc: null,
    serverSeed: null,
    voidReason: null,
    ...over,
  };
}

/** The table view of Dragon Tiger 20-20 with its round. */
export function buildCasinoTable(over: Partial<CasinoTableView> = {}): CasinoTableView {
  return {
    matchId: 'm-dt20',
    gameCode: 'dt20',
    title: 'Dragon Tiger 20-20',
    categoryId: 23,
    isDisable: false,
    bettingSeconds: 15,
    commitment: 'cd6fa5024f290bca5d248fc16f995deb08f186b3d1f571b00c1d77d56df97bd1',
    rules: {
      lines: ['One card each to Dragon and Tiger from one deck.', 'The higher rank wins; Ace is low.'],
      markets: [
        {
          code: 'winner',
          name: 'Winner',
          runners: [
            { selectionId: 'dragon', name: 'Dragon', back: 1.98, lay: null, rtp: 0.9733 },
            { selectionId: 'tiger', name: 'Tiger', back: 1.98, lay: null, rtp: 0.9733 },
            { selectionId: 'tie', name: 'Tie', back: 50, lay: null, rtp: 0.843 },
          ],
        },
      ],
    },
    round: buildCasinoRound(),
    lastResults: [
      { roundId: 'r0', win: '2', label: 'T', name: 'Tiger', tone: 'b' },
      { roundId: 'r-1', win: '1', label: 'D', name: 'Dragon', tone: 'a' },
    ],
    stats: { rounds: 2, groups: [{ name: 'Tiger', tone: 'b', count: 1 }, { name: 'Dragon', tone: 'a', count: 1 }] },
    seats: ['dragon', 'tiger'],
    ...over,
  };
}

/** An open bet of the player on the round. */
export function buildCasinoBet(betId: string, over: Partial<CasinoBet> = {}): CasinoBet {
  return {
    betId,
    matchId: 'm-dt20',
    gameCode: 'dt20',
    roundId: 'r1',
    marketId: 'r1-winner',
    marketName: 'Winner',
    selectionId: 'dragon',
    selectionName: 'Dragon',
    side: 'BACK',
    odds: 1.98,
    stake: 100,
    status: 'open',
    pnl: null,
    placedAt: '2026-11-21T10:00:03.000Z',
    ...over,
  };
}
