/**
 * The live games by code, and a round from its seeds: the shoe (a full-deck PF-1 shuffle, or one
 * wheel pocket) handed to the game's pure rules. The engine deals with this, and the Verify view
 * recomputes a settled round with it, so both run the same code.
 */
import { andarBahar } from './andar-bahar';
import { canonicalDeck } from './cards';
import { dragonTiger20 } from './dragon-tiger';
import { lucky7 } from './lucky7';
import { pf1Pocket, pf1Shuffle } from './pf1';
import { teenPatti20 } from './teen-patti';
import type { CasinoGame, RoundResult } from './types';

export const CASINO_GAMES: Readonly<Record<string, CasinoGame>> = Object.freeze({
  dt20: dragonTiger20 as CasinoGame,
  teen20: teenPatti20 as CasinoGame,
  lucky7: lucky7 as CasinoGame,
  ab20: andarBahar as CasinoGame,
});

/** The round a seed triple deals: shuffle (or draw) per PF-1, then the game's rules. */
export async function playRound<C>(game: CasinoGame<C>, serverSeed: string, clientSeed: string, nonce: number | string, config: C): Promise<RoundResult> {
  if (game.shoe.kind === 'wheel') return game.resolve([String(await pf1Pocket(serverSeed, clientSeed, nonce))], config);
  const shoe = await pf1Shuffle(canonicalDeck(game.shoe.decks, game.shoe.ranks ?? 'full'), serverSeed, clientSeed, nonce);
  return game.resolve(shoe, config);
}
