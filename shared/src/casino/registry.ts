/**
 * The live tables of this step by code, and a round from seeds to result: the PF-1 shuffle of the
 * table's canonical shoe (or the PF-1 pocket for the wheel), then the table's pure `resolve`. The
 * engine calls `playRound` when it deals; the verify view calls the same function with the revealed
 * seed and shows the same cards.
 */
import { amarAkbarAnthony } from './amar-akbar-anthony';
import { andarBahar } from './andar-bahar';
import { baccarat } from './baccarat';
import { bollywoodCasino } from './bollywood';
import { canonicalDeck } from './cards';
import { casinoQueen } from './casino-queen';
import { dragonTiger20 } from './dragon-tiger';
import { lottery } from './lottery';
import { lucky7, lucky7b } from './lucky7';
import { pf1Pocket, pf1Shuffle, type Nonce } from './pf1';
import { poker20 } from './poker20';
import { race20 } from './race20';
import { roulette } from './roulette';
import { teenPatti20 } from './teen-patti';
import { thirtyTwoCards, thirtyTwoCardsB } from './thirty-two-cards';
import { threeCardJudgement } from './three-card-judgement';
import { type CasinoGame, type RoundResult } from './types';
import { casinoWar } from './war';
import { instantWorli } from './worli';

/**
 * Every live table (issues 17 and 18), by its stable code (URLs and the database use the code). Typed
 * as a record of codes, as the API reads it; `casinoGame` is the checked lookup.
 */
export const CASINO_GAMES: Readonly<Record<string, CasinoGame>> = Object.freeze({
  teen20: teenPatti20 as CasinoGame,
  dt20: dragonTiger20 as CasinoGame,
  lucky7: lucky7 as CasinoGame,
  ab20: andarBahar as CasinoGame,
  card32: thirtyTwoCards as CasinoGame,
  baccarat: baccarat as CasinoGame,
  roulette: roulette as CasinoGame,
  lucky7b: lucky7b as CasinoGame,
  card32b: thirtyTwoCardsB as CasinoGame,
  war: casinoWar as CasinoGame,
  aaa: amarAkbarAnthony as CasinoGame,
  btable: bollywoodCasino as CasinoGame,
  queen: casinoQueen as CasinoGame,
  teen3cj: threeCardJudgement as CasinoGame,
  worli: instantWorli as CasinoGame,
  lottery: lottery as CasinoGame,
  race20: race20 as CasinoGame,
  poker20: poker20 as CasinoGame,
});

/** The table with this code, or undefined: only the registry's own codes, never 'toString' and the like. */
export function casinoGame(code: string): CasinoGame | undefined {
  return Object.prototype.hasOwnProperty.call(CASINO_GAMES, code) ? CASINO_GAMES[code] : undefined;
}

/**
 * The round's shoe from its seeds: the PF-1 shuffle of the table's canonical shoe (deal from index
 * 0), or for the wheel a one-element shoe holding the PF-1 pocket as a decimal string.
 */
export async function drawShoe(game: CasinoGame, serverSeed: string, clientSeed: string, nonce: Nonce): Promise<string[]> {
  if (game.shoe.kind === 'wheel') return [String(await pf1Pocket(serverSeed, clientSeed, nonce))];
  return pf1Shuffle(canonicalDeck(game.shoe.decks, game.shoe.ranks), serverSeed, clientSeed, nonce);
}

/** A whole round: `drawShoe`, then the table's `resolve` under `config` (the default if omitted). */
export async function playRound<C>(game: CasinoGame<C>, serverSeed: string, clientSeed: string, nonce: Nonce, config: C = game.defaultConfig): Promise<RoundResult> {
  return game.resolve(await drawShoe(game as CasinoGame, serverSeed, clientSeed, nonce), config);
}

/**
 * The places a table deals to, in dealing order ('dragon', 'tiger'; 'joker', …): the hands its own
 * `resolve` writes for an unshuffled shoe, by their first card (a hand dealt nothing comes last).
 * The felt lays them out before a card is dealt (issue 32). None for the wheel, or when that shoe
 * does not make a round.
 */
export function tableSeats<C>(game: CasinoGame<C>, config: C = game.defaultConfig): string[] {
  if (game.shoe.kind !== 'cards') return [];
  let round: RoundResult;
  try {
    round = game.resolve(canonicalDeck(game.shoe.decks, game.shoe.ranks), config);
  } catch {
    return [];
  }
  const order = round.card.split(',');
  const first = (codes: readonly string[]) => Math.min(order.length, ...codes.map((c) => (order.includes(c) ? order.indexOf(c) : order.length)));
  return Object.entries(round.hands)
    .sort(([, a], [, b]) => first(a) - first(b))
    .map(([hand]) => hand);
}
