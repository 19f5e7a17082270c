/** @jest-environment node */
// A verifier written from the published words alone (fairness.ts), with Node's own HMAC instead of
// the product's Web Crypto code, must reproduce the product's shuffles and pockets for many seeds.
// An auditor's verifier built to PF-1's first wording (rejection, then u mod m; docs/rules/casino-fairness.md §2.2) reproduced 15
// of 1,310 rounds: that wording is checked here to be a different draw.
import { createHmac, randomBytes } from 'node:crypto';
import { canonicalDeck } from './cards';
import { PF1_DRAW_STEPS } from './fairness';
import { pf1Index, pf1Pocket, pf1Shuffle, type Pf1Stream } from './pf1';
import { CASINO_GAMES, drawShoe } from './registry';

const published = PF1_DRAW_STEPS.join('\n');

/** Each phrase the verifier below is built from, as the published text says it. */
const PHRASES = [
  'block r = HMAC-SHA256(key = the server seed as UTF-8 text, message = clientSeed + ":" + nonce + ":" + r as UTF-8)',
  'read as an unsigned big-endian 32-bit integer: u = b0·2^24 + b1·2^16 + b2·2^8 + b3',
  'q = ⌊2^32 / m⌋; read the next word u; if u ≥ q·m, discard it and read the next word; otherwise j = ⌊u / q⌋',
  'suits ♠, ♥, ♣, ♦ and, inside each suit, ranks ascending A, 2, …, 10, J, Q, K',
  'For i = n−1 down to 1 (n cards): draw j with m = i + 1 and swap the cards at positions i and j',
  'The pocket 0 … 36 is one draw with m = 37 from the start of the round\'s stream',
];

// ---- the verifier, from the words ----

/** "Bytes" and "Words": the round's words in order. */
function words(serverSeed: string, clientSeed: string, nonce: number): () => number {
  let block = Buffer.alloc(0);
  let r = 0;
  let at = 0;
  return () => {
    if (at === block.length) {
      block = createHmac('sha256', Buffer.from(serverSeed, 'utf8')).update(Buffer.from(`${clientSeed}:${nonce}:${r}`, 'utf8')).digest();
      r += 1;
      at = 0;
    }
    const [b0, b1, b2, b3] = [block[at], block[at + 1], block[at + 2], block[at + 3]];
    at += 4;
    return b0 * 2 ** 24 + b1 * 2 ** 16 + b2 * 2 ** 8 + b3;
  };
}

/** "Drawing an index". */
function draw(next: () => number, m: number): number {
  const q = Math.floor(2 ** 32 / m);
  for (;;) {
    const u = next();
    if (u >= q * m) continue;
    return Math.floor(u / q);
  }
}

/** "The shoe" of a full deck, in Diamond codes (rank, then the suit letter twice). */
function fullDeck(): string[] {
  const ranks = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
  return ['S', 'H', 'C', 'D'].flatMap((suit) => ranks.map((rank) => `${rank}${suit}${suit}`));
}

/** "The shuffle". */
function shuffle(shoe: readonly string[], serverSeed: string, clientSeed: string, nonce: number, drawIndex = draw): string[] {
  const next = words(serverSeed, clientSeed, nonce);
  const cards = [...shoe];
  for (let i = cards.length - 1; i >= 1; i--) {
    const j = drawIndex(next, i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

/** PF-1's first wording (docs/rules/casino-fairness.md §2.2): reject u ≥ q·m, then j = u mod m. */
function drawModulo(next: () => number, m: number): number {
  const q = Math.floor(2 ** 32 / m);
  for (;;) {
    const u = next();
    if (u < q * m) return u % m;
  }
}

const ROUNDS = 200;
const seeds = Array.from({ length: ROUNDS }, (_, n) => ({ serverSeed: randomBytes(32).toString('hex'), clientSeed: `90${n % 40}:${randomBytes(16).toString('hex')}`, nonce: n + 1 }));

describe('PF-1 as published (each table\'s rules and the Verify view)', () => {
  it('the published text says each step the verifier is built from', () => {
    for (const phrase of PHRASES) expect(published).toContain(phrase);
  });

  it(`a verifier written from the words reproduces the product's 52-card shuffle for ${ROUNDS} random rounds`, async () => {
    expect(fullDeck()).toEqual(canonicalDeck(1));
    for (const { serverSeed, clientSeed, nonce } of seeds) {
      expect(shuffle(fullDeck(), serverSeed, clientSeed, nonce)).toEqual(await pf1Shuffle(canonicalDeck(1), serverSeed, clientSeed, nonce));
    }
  });

  it('and every table\'s shoe (every deck kind and shoe size, and the roulette pocket)', async () => {
    for (const [code, game] of Object.entries(CASINO_GAMES)) {
      for (const { serverSeed, clientSeed, nonce } of seeds.slice(0, 10)) {
        const mine = game.shoe.kind === 'wheel'
          ? [String(draw(words(serverSeed, clientSeed, nonce), 37))]
          : shuffle(canonicalDeck(game.shoe.decks, game.shoe.ranks), serverSeed, clientSeed, nonce);
        expect({ code, shoe: mine }).toEqual({ code, shoe: await drawShoe(game, serverSeed, clientSeed, nonce) });
      }
    }
    for (const { serverSeed, clientSeed, nonce } of seeds) {
      expect(draw(words(serverSeed, clientSeed, nonce), 37)).toBe(await pf1Pocket(serverSeed, clientSeed, nonce));
    }
  });

  it('a discarded word: u ≥ q·m is skipped by both, the next word decides', async () => {
    // m = 37: q = 116,080,197, q·m = 4,294,967,289; the top 7 words are discarded.
    const stream = (values: number[]): Pf1Stream => {
      let k = 0;
      return { nextWord: () => Promise.resolve(values[k++] ?? 0), get wordsUsed() { return k; } };
    };
    for (const values of [[2 ** 32 - 1, 2 ** 32 - 7, 4_000_000_000], [4_294_967_288], [0], [116_080_197]]) {
      let k = 0;
      expect(draw(() => values[k++] ?? 0, 37)).toBe(await pf1Index(stream(values), 37));
    }
    expect(await pf1Index(stream([2 ** 32 - 1, 2 ** 32 - 7, 4_000_000_000]), 37)).toBe(Math.floor(4_000_000_000 / 116_080_197));
  });

  it('the first wording (u mod m after rejection) is another draw: it reproduces almost no shuffle', async () => {
    let same = 0;
    for (const { serverSeed, clientSeed, nonce } of seeds) {
      const modulo = shuffle(fullDeck(), serverSeed, clientSeed, nonce, drawModulo);
      if (modulo.slice(0, 2).join() === (await pf1Shuffle(canonicalDeck(1), serverSeed, clientSeed, nonce)).slice(0, 2).join()) same += 1;
    }
    // Even the first two cards agree by chance only (about 1 round in 2,652).
    expect(same).toBeLessThan(ROUNDS / 20);
  });
});
