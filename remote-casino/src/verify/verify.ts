import { casinoGame, playRound, sha256Hex } from '@backlay/shared/casino';
import { t } from '../i18n';

/** What a settled round publishes for anyone to check it (docs/rules/casino-fairness.md §2.2, "Verification steps"). */
export interface RoundProof {
  gameCode: string;
  roundId: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** The cards the round was settled with, in dealing order. */
  cards: readonly string[];
  /** The same cards by hand, where known (the round view, or html-cards). */
  hands?: Record<string, string[]>;
}

/** The outcome of checking a round in the browser. */
export interface RoundCheck {
  /** SHA-256 of the revealed server seed, computed here. */
  seedHash: string;
  /** True when it equals the hash published before betting opened. */
  hashMatches: boolean;
  /** The deal recomputed from the seeds by PF-1 and the game's own rules, in dealing order. */
  cards: string[];
  /** True when the recomputed cards are the round's cards, in the same order. */
  cardsMatch: boolean;
}

/**
 * Check a settled round in the browser with the same code the table's engine ran
 * (`@backlay/shared/casino`): SHA-256(serverSeed) must be the hash published before betting, and
 * PF-1's shuffle of the game's shoe from (serverSeed, clientSeed, nonce), dealt by the game's
 * rules, must give the round's cards in their order. The deal is compared card by card in dealing
 * order, which no table setting changes (settings decide payouts and, at most, which hand a card
 * goes to), so the game's default settings are enough to recompute it.
 */
export async function checkRound(proof: RoundProof): Promise<RoundCheck> {
  const game = casinoGame(proof.gameCode);
  if (!game) throw new Error(t('verify.cannot', { game: proof.gameCode }));
  const seedHash = await sha256Hex(proof.serverSeed);
  const result = await playRound(game, proof.serverSeed, proof.clientSeed, proof.nonce, game.defaultConfig);
  const cards = result.card === '' ? [] : result.card.split(',');
  return {
    seedHash,
    hashMatches: seedHash === proof.serverSeedHash.toLowerCase(),
    cards,
    cardsMatch: cards.length === proof.cards.length && cards.every((c, i) => c === proof.cards[i]),
  };
}
