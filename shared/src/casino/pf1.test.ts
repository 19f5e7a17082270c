/** @jest-environment node */
// jsdom has no crypto.subtle; PF-1 needs Web Crypto, which Node has as a global like browsers.
import { canonicalDeck, cardLabel } from './cards';
import { chainCommitment, chainSeeds, seedAt, verifyChainLink } from './pf1-chain';
import {
  hmacSha256Hex,
  pf1Floats,
  pf1Index,
  pf1InfiniteDeckCards,
  pf1Message,
  pf1Pocket,
  pf1Shuffle,
  pf1Stream,
  serverSeedHash,
  sha256Hex,
  stakeInfiniteDeckCard,
  wordToFloat,
  type Pf1Stream,
} from './pf1';

// docs/rules/casino-fairness.md §2.3, every row.
const SERVER_SEED = '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e';
const CLIENT_SEED = 'india-casino-demo';
const NONCE0_DECK =
  '8D KD 5D KH 10S 10D 3C AD 4S KC 9D 2D 4C QC JH 3D JC 5C 2S 2C 7S 5H QH 8S JD QS 4D 6H 7C 7H AC 6S 3H 7D 8C 9C KS 6D 10H 4H 9S 10C 5S 9H 6C 3S AS 2H AH 8H JS QD';
const NONCE1_FIRST_12 = 'KH 3D 5S 7D 8H 10H 2H 2S JD 3H 4S 5C';

/** The doc writes cards as `8D`; the shoe holds Diamond codes (`8DD`). */
const short = (code: string) => code.slice(0, -1);

describe('PF-1 test vectors (CASINO.md §2.3)', () => {
  it('SHA-256(serverSeed) is the published serverSeedHash', async () => {
    await expect(serverSeedHash(SERVER_SEED)).resolves.toBe('f88bee90df7cdbcb8b1707372af004abdb2201ca20dddf466c598c50b6e66c38');
  });

  it.each([
    [0, 'f8f625fc370a2e1269f2a1dd45496ec94fce768b02847d6c0ee51c31b485d060'],
    [1, '9e9914bea69cff1762092f259c3d732d603f5a762218e54f63fa1958aa33b95c'],
  ])('HMAC(serverSeed, "india-casino-demo:%i:0")', async (nonce, expected) => {
    expect(pf1Message(CLIENT_SEED, nonce, 0)).toBe(`india-casino-demo:${nonce}:0`);
    await expect(hmacSha256Hex(SERVER_SEED, pf1Message(CLIENT_SEED, nonce, 0))).resolves.toBe(expected);
  });

  it.each([
    [0, [0.972505926155, 0.214999083895, 0.413858524757, 0.270651744911]],
    [1, [0.619523331057, 0.650833075633, 0.382952639135, 0.610312651144]],
  ])('the first 4 floats of nonce %i', async (nonce, expected) => {
    const floats = await pf1Floats(SERVER_SEED, CLIENT_SEED, nonce, 4);
    floats.forEach((f, k) => expect(f).toBeCloseTo(expected[k], 12));
  });

  it('Stake-style infinite-deck cards, nonce 0: A♠ 4♣ 7♥ 5♠ 6♦ 2♦', async () => {
    const cards = await pf1InfiniteDeckCards(SERVER_SEED, CLIENT_SEED, 0, 6);
    expect(cards.map(cardLabel).join(' ')).toBe('A♠ 4♣ 7♥ 5♠ 6♦ 2♦');
  });

  it('the full 52-card Fisher–Yates shuffle of nonce 0', async () => {
    const deck = await pf1Shuffle(canonicalDeck(1), SERVER_SEED, CLIENT_SEED, 0);
    expect(deck.map(short).join(' ')).toBe(NONCE0_DECK);
  });

  it('the first 12 cards of nonce 1', async () => {
    const deck = await pf1Shuffle(canonicalDeck(1), SERVER_SEED, CLIENT_SEED, 1);
    expect(deck.slice(0, 12).map(short).join(' ')).toBe(NONCE1_FIRST_12);
  });

  it('the hash chain from 000…0001: commitment and rounds 1 to 3', async () => {
    const start = '0'.repeat(63) + '1';
    const chain = await chainSeeds(start, 5);
    const commitment = 'cd6fa5024f290bca5d248fc16f995deb08f186b3d1f571b00c1d77d56df97bd1';
    const rounds = [
      '9bdefa44383ccd7c8ebfb9a4300bf10cd687fe15f0ce7d2f781b92ae6e49eedd',
      '43b49a31d820bfb744f78d13c863f0221d8d000885a065d0bf05304191d68f68',
      'c386d8e8d07342f2e39e189c8e6c57bb205bb373fe4e3a6f69404a8bb767b417',
    ];
    expect(chain).toEqual([start, ...[...rounds].reverse(), commitment]);
    await expect(chainCommitment(start, 5)).resolves.toBe(commitment);
    for (let n = 1; n <= 3; n++) await expect(seedAt(start, 5, n)).resolves.toBe(rounds[n - 1]);
    await expect(seedAt(start, 5, 4)).resolves.toBe(start); // the last round plays the secret start
    // Each seed hashes to the one revealed before it; round 1's to the commitment.
    await expect(verifyChainLink(rounds[0], commitment)).resolves.toBe(true);
    await expect(verifyChainLink(rounds[1], rounds[0])).resolves.toBe(true);
    await expect(verifyChainLink(rounds[2], rounds[1])).resolves.toBe(true);
    // … and never the other way round, or skipping a link.
    await expect(verifyChainLink(rounds[0], rounds[1])).resolves.toBe(false);
    await expect(verifyChainLink(rounds[1], commitment)).resolves.toBe(false);
    await expect(verifyChainLink(rounds[0].toUpperCase(), commitment)).resolves.toBe(false);
  });
});

describe('PF-1 building blocks', () => {
  it('sha256Hex hashes the UTF-8 text (empty string and a non-ASCII one)', async () => {
    await expect(sha256Hex('')).resolves.toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    await expect(sha256Hex('₹')).resolves.toBe('d8c3e87cd7f5b7d388f9dc1e35ccee09640ef3dca63d449d9ef59fc323a87a20');
  });

  it('the stream moves to block 1 after 8 words and reads words big-endian', async () => {
    const stream = pf1Stream(SERVER_SEED, CLIENT_SEED, 0);
    const block0 = await hmacSha256Hex(SERVER_SEED, 'india-casino-demo:0:0');
    const block1 = await hmacSha256Hex(SERVER_SEED, 'india-casino-demo:0:1');
    const words: number[] = [];
    for (let k = 0; k < 9; k++) words.push(await stream.nextWord());
    expect(words[0]).toBe(parseInt(block0.slice(0, 8), 16));
    expect(words[7]).toBe(parseInt(block0.slice(56, 64), 16));
    expect(words[8]).toBe(parseInt(block1.slice(0, 8), 16));
    expect(stream.wordsUsed).toBe(9);
  });

  it('calls that are not awaited one by one still read the stream in order', async () => {
    const a = pf1Stream(SERVER_SEED, CLIENT_SEED, 0);
    const b = pf1Stream(SERVER_SEED, CLIENT_SEED, 0);
    const together = await Promise.all(Array.from({ length: 12 }, () => a.nextWord()));
    const oneByOne: number[] = [];
    for (let k = 0; k < 12; k++) oneByOne.push(await b.nextWord());
    expect(together).toEqual(oneByOne);
  });

  it('wordToFloat is u / 2^32', () => {
    expect(wordToFloat(0)).toBe(0);
    expect(wordToFloat(0x8000_0000)).toBe(0.5);
    expect(wordToFloat(0xffff_ffff)).toBeLessThan(1);
  });

  /** A stream that replays fixed words, to drive the rejection sampler by hand. */
  const fixedStream = (words: number[]): Pf1Stream => {
    let k = 0;
    return { nextWord: async () => words[k++], get wordsUsed() { return k; } };
  };

  it.each([
    // m, words, expected index, words read — q = ⌊2^32/m⌋, limit = q·m
    [37, [0], 0, 1],
    [37, [0xffff_ffff, 5], 0, 2], // 2^32 − 1 ≥ limit (2^32 − 4): rejected, then 5 → 0
    [37, [0xffff_fffb, 0xffff_fffc, 116_080_197 * 36], 36, 3], // limit = 37·116,080,197 = 4,294,967,289 (0xfffffff9): both rejected
    [37, [116_080_197 * 37 - 1], 36, 1], // the last accepted word maps to 36
    [52, [82_595_524 * 10], 10, 1], // q = 82,595,524
    [3, [0xffff_ffff, 0x5555_5555], 1, 2], // limit = 3·1,431,655,765 = 2^32 − 1, so 2^32 − 1 is rejected
    [1, [0xffff_ffff], 0, 1],
  ])('pf1Index(m = %i) of words %j is %i', async (m, words, index, read) => {
    const stream = fixedStream(words);
    await expect(pf1Index(stream, m)).resolves.toBe(index);
    expect(stream.wordsUsed).toBe(read);
  });

  it('pf1Index gives each index exactly ⌊2^32/m⌋ words: [j·q, (j+1)·q) for every j (m = 52)', async () => {
    const m = 52;
    const q = Math.floor(2 ** 32 / m);
    for (let j = 0; j < m; j++) {
      await expect(pf1Index(fixedStream([j * q]), m)).resolves.toBe(j);
      await expect(pf1Index(fixedStream([(j + 1) * q - 1]), m)).resolves.toBe(j);
    }
    const rejected = fixedStream([m * q, 2 ** 32 - 1, 0]); // the 2^32 mod 52 = 48 top words are rejected
    await expect(pf1Index(rejected, m)).resolves.toBe(0);
    expect(rejected.wordsUsed).toBe(3);
  });

  it('the 8-deck shoe is a permutation of the canonical shoe', async () => {
    const shoe = canonicalDeck(8);
    const shuffled = await pf1Shuffle(shoe, SERVER_SEED, CLIENT_SEED, 7);
    expect(shuffled).toHaveLength(416);
    expect([...shuffled].sort()).toEqual([...shoe].sort());
    expect(shuffled).not.toEqual(shoe);
  });

  it('the roulette pocket is the first draw with m = 37', async () => {
    const u = parseInt((await hmacSha256Hex(SERVER_SEED, 'india-casino-demo:0:0')).slice(0, 8), 16);
    expect(u).toBeLessThan(37 * Math.floor(2 ** 32 / 37)); // not rejected, so the first word decides
    await expect(pf1Pocket(SERVER_SEED, CLIENT_SEED, 0)).resolves.toBe(Math.floor(u / Math.floor(2 ** 32 / 37)));
    await expect(pf1Pocket(SERVER_SEED, CLIENT_SEED, 0)).resolves.toBe(35); // ⌊0.9725… × 37⌋
  });

  it.each([
    [0, '2♦'],
    [1, '2♥'],
    [2, '2♠'],
    [3, '2♣'],
    [4, '3♦'],
    [44, 'K♦'],
    [48, 'A♦'],
    [51, 'A♣'],
  ])('stakeInfiniteDeckCard(%i) is %s (rank-major, ♦ ♥ ♠ ♣, ace last)', (index, label) => {
    expect(cardLabel(stakeInfiniteDeckCard(index))).toBe(label);
  });

  it('refuses what PF-1 does not define', async () => {
    expect(() => pf1Stream(SERVER_SEED.toUpperCase(), CLIENT_SEED, 0)).toThrow('64 lowercase hex');
    expect(() => pf1Stream(SERVER_SEED.slice(1), CLIENT_SEED, 0)).toThrow('64 lowercase hex');
    expect(() => pf1Stream(SERVER_SEED, CLIENT_SEED, -1)).toThrow('nonce');
    expect(() => pf1Stream(SERVER_SEED, CLIENT_SEED, '01')).toThrow('nonce');
    expect(() => pf1Stream(SERVER_SEED, CLIENT_SEED, 1.5)).toThrow('nonce');
    expect(pf1Message(CLIENT_SEED, '12', 3)).toBe('india-casino-demo:12:3');
    await expect(pf1Index(fixedStream([]), 0)).rejects.toThrow('0 outcomes');
    expect(() => stakeInfiniteDeckCard(52)).toThrow();
    await expect(chainSeeds('0'.repeat(63) + '1', 1)).rejects.toThrow('at least 2');
    await expect(seedAt('0'.repeat(63) + '1', 5, 5)).rejects.toThrow('outside');
  });
});
