/**
 * @backlay/shared/casino: provable fairness (PF-1) and the pure rules of the live tables
 * (CASINO.md §1, §2). Isomorphic: Web Crypto only, so the API's engine and the player's verify
 * view run the same code.
 */
export type { SettleRule, RunnerOutcome, CasinoRunnerDef, CasinoMarketDef, RoundResult, CasinoShoe, CasinoGame } from './types';
export { SUITS, RANK_LABELS, SUIT_SYMBOLS, parseCard, cardCode, cardLabel, isRed, canonicalDeck, type Card, type Suit, type DeckRanks } from './cards';
export {
  sha256Hex,
  hmacSha256Hex,
  assertServerSeed,
  serverSeedHash,
  pf1Message,
  pf1Stream,
  wordToFloat,
  pf1Floats,
  pf1Index,
  pf1Shuffle,
  pf1Pocket,
  ROULETTE_POCKETS,
  stakeInfiniteDeckCard,
  pf1InfiniteDeckCards,
  type Nonce,
  type Pf1Stream,
} from './pf1';
export { chainSeeds, seedAt, chainCommitment, verifyChainLink } from './pf1-chain';
export { CASINO_GAMES, playRound } from './registry';
