/**
 * PF-1, our provably fair scheme (docs/rules/casino-fairness.md §2.2): an HMAC-SHA256 byte stream keyed by the round's
 * server seed, and a Fisher–Yates shuffle of the canonical shoe driven by it. The same code runs in
 * the API (Node 24) and in the player's verify view, so it uses only Web Crypto and TextEncoder;
 * everything that hashes is async.
 */
import { type Card, type Suit } from './cards';

const encoder = new TextEncoder();
const TWO_POW_32 = 0x1_0000_0000;

function subtle() {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('PF-1 needs Web Crypto (crypto.subtle): a secure context in the browser, Node ≥ 19');
  return s;
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of the UTF-8 of `text`, as lowercase hex. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await subtle().digest('SHA-256', encoder.encode(text)));
}

function importHmacKey(key: string) {
  return subtle().importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
}

/** HMAC-SHA256 with the UTF-8 of `key` as the key, over the UTF-8 of `message`, as lowercase hex. */
export async function hmacSha256Hex(key: string, message: string): Promise<string> {
  return hex(await subtle().sign('HMAC', await importHmacKey(key), encoder.encode(message)));
}

const SERVER_SEED = /^[0-9a-f]{64}$/;

/**
 * Throws unless `serverSeed` is PF-1's form: 32 bytes as 64 lowercase hex characters. The string
 * itself (not its bytes) is the HMAC key, as Stake does, so an uppercase copy would silently give
 * another stream; refusing it keeps a pasted seed from "verifying" to different cards.
 */
export function assertServerSeed(serverSeed: string): void {
  if (!SERVER_SEED.test(serverSeed)) throw new Error('a PF-1 server seed is 64 lowercase hex characters');
}

/** The commitment published before betting opens: SHA-256(UTF-8(serverSeed)), lowercase hex. */
export async function serverSeedHash(serverSeed: string): Promise<string> {
  assertServerSeed(serverSeed);
  return sha256Hex(serverSeed);
}

/** A round number as PF-1 writes it in the HMAC message: a decimal string without leading zeros. */
export type Nonce = number | string;

function nonceText(nonce: Nonce): string {
  const text = typeof nonce === 'number' ? String(nonce) : nonce;
  if (typeof nonce === 'number' ? !Number.isSafeInteger(nonce) || nonce < 0 : !/^(0|[1-9][0-9]*)$/.test(text)) {
    throw new Error(`a PF-1 nonce is a non-negative whole number, not '${text}'`);
  }
  return text;
}

/** The HMAC message of block `round`: `${clientSeed}:${nonce}:${round}`. */
export function pf1Message(clientSeed: string, nonce: Nonce, round: number): string {
  return `${clientSeed}:${nonceText(nonce)}:${round}`;
}

/**
 * PF-1's byte stream block_0 ‖ block_1 ‖ …, block_r = HMAC-SHA256(serverSeed, `client:nonce:r`),
 * read as 32-bit big-endian words. Calls are served in order even if not awaited one by one.
 */
export interface Pf1Stream {
  /** The next word u, 0 ≤ u < 2^32 (bytes 4k … 4k+3 of the stream, big-endian). */
  nextWord(): Promise<number>;
  /** How many words have been read (a 52-card shuffle without rejections reads 51). */
  readonly wordsUsed: number;
}

/** Opens the PF-1 stream of one round. */
export function pf1Stream(serverSeed: string, clientSeed: string, nonce: Nonce): Pf1Stream {
  assertServerSeed(serverSeed);
  const nonceString = nonceText(nonce);
  const key = importHmacKey(serverSeed);
  let block: DataView | null = null;
  let round = 0;
  let offset = 0;
  let used = 0;
  let tail: Promise<unknown> = Promise.resolve();

  const step = async (): Promise<number> => {
    if (block === null || offset === 32) {
      const message = encoder.encode(`${clientSeed}:${nonceString}:${round}`);
      block = new DataView(await subtle().sign('HMAC', await key, message));
      round += 1;
      offset = 0;
    }
    const word = block.getUint32(offset, false);
    offset += 4;
    used += 1;
    return word;
  };

  return {
    nextWord() {
      const next = tail.then(step);
      tail = next.catch(() => undefined);
      return next;
    },
    get wordsUsed() {
      return used;
    },
  };
}

/** Stake's float of a word: f = u / 2^32 = b0/2^8 + b1/2^16 + b2/2^24 + b3/2^32, in [0, 1). */
export function wordToFloat(word: number): number {
  return word / TWO_POW_32;
}

/** The first `count` PF-1 floats of a round (docs/rules/casino-fairness.md §2.2 "Floats"). */
export async function pf1Floats(serverSeed: string, clientSeed: string, nonce: Nonce, count: number): Promise<number[]> {
  const stream = pf1Stream(serverSeed, clientSeed, nonce);
  const floats: number[] = [];
  for (let k = 0; k < count; k++) floats.push(wordToFloat(await stream.nextWord()));
  return floats;
}

/**
 * A uniform index 0 … m−1 from the stream, by rejection sampling (docs/rules/casino-fairness.md §2.2 "Bias", §4.2:
 * "scaling must preserve the distribution"). With q = ⌊2^32/m⌋, a word u ≥ q·m is thrown away and
 * the next one read; otherwise j = ⌊u/q⌋. Each accepted j then covers exactly q words, so the draw is
 * exactly uniform. We divide by q rather than take u mod m (the doc's wording) because ⌊u/q⌋ picks
 * the same j as the float form ⌊f·m⌋ on every word of the §2.3 vectors, so those vectors, computed
 * with the float form, still hold; u mod m would have changed every card.
 */
export async function pf1Index(stream: Pf1Stream, m: number): Promise<number> {
  if (!Number.isInteger(m) || m < 1 || m > TWO_POW_32) throw new Error(`cannot draw uniformly from ${m} outcomes`);
  const q = Math.floor(TWO_POW_32 / m);
  const limit = q * m;
  for (;;) {
    const u = await stream.nextWord();
    if (u < limit) return Math.floor(u / q);
  }
}

/**
 * PF-1's shuffle: Durstenfeld's Fisher–Yates over a copy of `items` (the canonical shoe), for
 * i = n−1 down to 1 swapping item i with item j = `pf1Index(stream, i + 1)`. Cards are then dealt
 * from index 0 in each game's order.
 */
export async function pf1Shuffle<T>(items: readonly T[], serverSeed: string, clientSeed: string, nonce: Nonce): Promise<T[]> {
  const stream = pf1Stream(serverSeed, clientSeed, nonce);
  const deck = [...items];
  for (let i = deck.length - 1; i >= 1; i--) {
    const j = await pf1Index(stream, i + 1);
    const held = deck[i];
    deck[i] = deck[j];
    deck[j] = held;
  }
  return deck;
}

/** European roulette's pocket count. */
export const ROULETTE_POCKETS = 37;

/**
 * The roulette pocket of a round, 0 … 36: one rejection-sampled draw with m = 37 from the start of
 * the same stream (the first word, unless it is one of the 2^32 mod 37 = 7 rejected top words).
 */
export async function pf1Pocket(serverSeed: string, clientSeed: string, nonce: Nonce): Promise<number> {
  return pf1Index(pf1Stream(serverSeed, clientSeed, nonce), ROULETTE_POCKETS);
}

const STAKE_SUITS: readonly Suit[] = ['D', 'H', 'S', 'C'];

/**
 * Stake's infinite-deck card of an index 0 … 51 (docs/rules/casino-fairness.md §2.1): rank-major from ♦2 through ♣A,
 * suits ♦, ♥, ♠, ♣ inside each rank, ace last. Our tables do not use it (they shuffle a finite shoe);
 * it is here so the verify view and the tests can reproduce Stake-style draws.
 */
export function stakeInfiniteDeckCard(index: number): Card {
  if (!Number.isInteger(index) || index < 0 || index > 51) throw new Error(`an infinite-deck index is 0 … 51, not ${index}`);
  const rankStep = Math.floor(index / 4); // 0 = two … 11 = king, 12 = ace
  return { rank: rankStep === 12 ? 1 : rankStep + 2, suit: STAKE_SUITS[index % 4] };
}

/** Stake's infinite-deck draws: card k = CARDS[⌊f_k × 52⌋] for the first `count` floats. */
export async function pf1InfiniteDeckCards(serverSeed: string, clientSeed: string, nonce: Nonce, count: number): Promise<Card[]> {
  const floats = await pf1Floats(serverSeed, clientSeed, nonce, count);
  return floats.map((f) => stakeInfiniteDeckCard(Math.floor(f * 52)));
}
