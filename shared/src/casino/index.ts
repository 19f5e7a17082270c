/**
 * @backlay/shared/casino: provable fairness (PF-1) and the pure rules of the live tables
 * (docs/rules/casino-games.md, docs/rules/casino-fairness.md). Isomorphic: Web Crypto only, so the API's engine and the player's verify
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
export { PF1_DRAW_STEPS, PAYOUT_ROUNDING_STEPS } from './fairness';
export { backReturnPer100, formatPriceHundredths, formatRtp } from './market-kit';
export { CASINO_GAMES, casinoGame, drawShoe, playRound, tableSeats } from './registry';
export { teenPatti20, teenPattiHand, pairPlusProfit, type TeenPattiConfig, type TeenPattiCategory, type TeenPattiHand } from './teen-patti';
export { dragonTiger20, dragonTigerWinner, DRAGON_TIGER_EXCHANGE, DRAGON_TIGER_STANDARD, type DragonTigerConfig } from './dragon-tiger';
export { lucky7, lucky7b, type Lucky7Config } from './lucky7';
export { andarBahar, andarBaharSideOf, type AndarBaharConfig, type AndarBaharSide } from './andar-bahar';
export { thirtyTwoCards, thirtyTwoCardsB, thirtyTwoCardsDeal, thirtyTwoCardsRound, THIRTY_TWO_CARDS_BASES, type ThirtyTwoCardsConfig, type ThirtyTwoCardsDeal } from './thirty-two-cards';
export { baccarat, baccaratValue, baccaratCoup, baccaratPlayerDraws, baccaratBankerDraws, type BaccaratConfig, type BaccaratCoup } from './baccarat';
export { roulette, RED_NUMBERS, ROULETTE_WHEEL_ORDER, pocketColour, parsePocket, type RouletteConfig } from './roulette';
export { casinoWar, warSeatWins, type CasinoWarConfig } from './war';
export { amarAkbarAnthony, aaaGroup, type AmarAkbarAnthonyConfig } from './amar-akbar-anthony';
export { bollywoodCasino, bollywoodFilm, type BollywoodConfig } from './bollywood';
export { casinoQueen, casinoQueenDeal, CASINO_QUEEN_BASES, type CasinoQueenConfig, type CasinoQueenDeal } from './casino-queen';
export { threeCardJudgement, judgementMarketCode, JUDGEMENT_PICKS, type ThreeCardJudgementConfig } from './three-card-judgement';
export { instantWorli, cardDigit, worliResult, type WorliConfig } from './worli';
export { lottery, type LotteryConfig } from './lottery';
export { race20, race20Chances, race20Deal, type Race20Config, type Race20Chances } from './race20';
export { poker20, pokerHand, POKER_CATEGORIES, SEVEN_CARD_COUNTS, type Poker20Config, type PokerCategory, type PokerHand } from './poker20';
export { STUDIO_MAX_MULTIPLIERS } from './studio-originals';
export { type ResultBadge, type ResultTone } from './result-badge';
