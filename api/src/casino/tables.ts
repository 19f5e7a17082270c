/**
 * The live tables this operator runs: which game each plays, under which match id, with its
 * betting window and limits. The games themselves (deal, markets, prices, outcomes, rules) are
 * the pure definitions of `@backlay/shared/casino`; a table is one of them plus these settings.
 * The engine creates a missing table at start; an existing one keeps the admin's settings.
 */
import { casinoGame, type CasinoGame } from '@backlay/shared/casino';
import type { TableSeed } from './casino.repository';

/** Seconds players have to bet, unless config says otherwise (CASINO_BETTING_SECONDS). */
export const DEFAULT_BETTING_SECONDS = 20;

/** Limits of every table unless its row says otherwise: ₹100 to ₹50,000 a bet, ₹5,00,000 profit. */
const LIMITS = { minStakeMinor: 10_000n, maxStakeMinor: 5_000_000n, maxProfitMinor: 50_000_000n } as const;

/**
 * Match id and game code of each table, in the order of the All Casino list. A table's match id is
 * 9000 + its category id (docs/rules/product.md §2); a category's second table (Lucky 7 B, 32 Cards B, Bollywood beside
 * Amar Akbar Anthony) takes 9100 + the id.
 */
export const LIVE_TABLES: ReadonlyArray<{ matchId: string; gameCode: string }> = [
  { matchId: '9023', gameCode: 'dt20' },
  { matchId: '9020', gameCode: 'teen20' },
  { matchId: '9027', gameCode: 'lucky7' },
  { matchId: '9026', gameCode: 'ab20' },
  { matchId: '9024', gameCode: 'card32' },
  { matchId: '9022', gameCode: 'baccarat' },
  { matchId: '9031', gameCode: 'roulette' },
  { matchId: '9021', gameCode: 'poker20' },
  { matchId: '9127', gameCode: 'lucky7b' },
  { matchId: '9124', gameCode: 'card32b' },
  { matchId: '9028', gameCode: 'teen3cj' },
  { matchId: '9029', gameCode: 'war' },
  { matchId: '9030', gameCode: 'worli' },
  { matchId: '9032', gameCode: 'aaa' },
  { matchId: '9132', gameCode: 'btable' },
  { matchId: '9033', gameCode: 'lottery' },
  { matchId: '9040', gameCode: 'queen' },
  { matchId: '9041', gameCode: 'race20' },
];

/** The game a code plays, or null for a code no definition has. */
export function gameOf(gameCode: string): CasinoGame | null {
  return casinoGame(gameCode) ?? null;
}

/** The rows `ensureTables` creates for LIVE_TABLES. */
export function tableSeeds(bettingSeconds: number): TableSeed[] {
  return LIVE_TABLES.map(({ matchId, gameCode }, index) => {
    const game = gameOf(gameCode);
    if (game === null) throw new Error(`no casino game definition for table ${matchId} (${gameCode})`);
    return {
      matchId,
      gameCode,
      title: game.title,
      categoryId: game.categoryId,
      config: game.defaultConfig as Record<string, unknown>,
      bettingSeconds,
      ...LIMITS,
      sortOrder: index + 1,
    };
  });
}
