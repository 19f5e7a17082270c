/** @jest-environment node */
// jsdom has no crypto.subtle; PF-1 needs Web Crypto.
import { canonicalDeck, parseCard, type Card } from './cards';
import { formatPriceHundredths, formatRtp } from './market-kit';
import { POKER_CATEGORIES, SEVEN_CARD_COUNTS, poker20, pokerHand, type PokerCategory } from './poker20';
import { CASINO_GAMES, playRound } from './registry';
import { playedRoundProblems, ROUND_CHECK_TIMEOUT_MS } from './testing/round-check';

const game = poker20;
const config = game.defaultConfig;
const SEED = '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e';
const hand = (codes: string) => pokerHand(codes.split(' ').map(parseCard));
const DECK: Card[] = canonicalDeck(1).map(parseCard);

/** A small deterministic generator (xorshift32) for the sampled checks; PF-1 is not needed there. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}
function sample(next: () => number, n: number): Card[] {
  const deck = [...DECK];
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(next() * (deck.length - i));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck.slice(0, n);
}

describe('Poker 20-20 hand ranking (CASINO.md §1.7)', () => {
  it('every 5-card hand: the exact category counts of C(52,5) = 2,598,960', () => {
    const counts: Record<string, number> = {};
    const five: Card[] = new Array(5);
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) {
              five[0] = DECK[a];
              five[1] = DECK[b];
              five[2] = DECK[c];
              five[3] = DECK[d];
              five[4] = DECK[e];
              const cat = pokerHand(five).category;
              counts[cat] = (counts[cat] ?? 0) + 1;
            }
    expect(counts).toEqual({ STRAIGHT_FLUSH: 40, FOUR_OF_A_KIND: 624, FULL_HOUSE: 3_744, FLUSH: 5_108, STRAIGHT: 10_200, THREE_OF_A_KIND: 54_912, TWO_PAIR: 123_552, ONE_PAIR: 1_098_240, HIGH_CARD: 1_302_540 });
  });

  it('7-card hands: 30,000 sampled hands agree with the exact counts (within 4.5 standard errors)', () => {
    const next = rng(2026);
    const n = 30_000;
    const seen: Record<string, number> = {};
    for (let i = 0; i < n; i++) {
      const cat = pokerHand(sample(next, 7)).category;
      seen[cat] = (seen[cat] ?? 0) + 1;
    }
    for (const c of POKER_CATEGORIES) {
      const p = SEVEN_CARD_COUNTS[c] / 133_784_560;
      expect(Math.abs((seen[c] ?? 0) - n * p)).toBeLessThan(4.5 * Math.sqrt(n * p * (1 - p)) + 1);
    }
    expect(Object.values(SEVEN_CARD_COUNTS).reduce((x, y) => x + y)).toBe(133_784_560); // C(52,7)
  });

  it.each([
    // better, worse: why
    ['AS KS QS JS 10S 2D 3C', '9H 8H 7H 6H 5H AD AC', 'royal flush over a lower straight flush'],
    ['5D 4D 3D 2D AD KC KH', 'AS AH AC AD KS 2C 3C', 'a 5-high straight flush beats four aces'],
    ['9S 9H 9C 2D 2C 7H 8H', '9S 9H 9C 2D 5C 7H 8H', 'a full house beats three of a kind'],
    ['8S 8H 8C 7D 7C 7H 2S', '8S 8H 8C 6D 6C 6H 2S', 'two trips make the best full house: 8s full of 7s'],
    ['2S 5S 7S 9S JS KH KD', 'AS KD QC JH 10S 2H 3H', 'a flush beats a straight'],
    ['6S 5H 4C 3D 2S KH QH', '5S 4H 3C 2D AS KH QH', '6-high straight beats the wheel (5-4-3-2-A)'],
    ['AS AH KC KD QH 2S 3C', 'AS AH KC KD JH 2S 3C', 'two pair, the kicker decides'],
    ['KS KH AC 9D 7H 4S 2C', 'KS KH QC 9D 7H 4S 2C', 'one pair, the first kicker decides'],
    ['AS KH 9C 7D 5H 3S 2C', 'AS KH 9C 7D 4H 3S 2C', 'high card, down to the fifth card'],
  ])('%s beats %s: %s', (better, worse) => {
    expect(hand(better.replace(/(\S)([SHCD])\b/g, '$1$2$2')).value).toBeGreaterThan(hand(worse.replace(/(\S)([SHCD])\b/g, '$1$2$2')).value);
  });

  it('K-A-2-3-4 is no straight; a sixth and seventh card below the best five do not count', () => {
    expect(hand('KSS AHH 2CC 3DD 4SS 9HH JCC').category).toBe('HIGH_CARD');
    expect(hand('ASS AHH KCC QDD JSS 3HH 2CC').value).toBe(hand('ASS AHH KCC QDD JSS 4HH 5CC').value);
  });
});

describe('Poker 20-20 markets', () => {
  it.each([
    // category, fair decimal, RTP at our price (exact counts / C(52,7))
    ['HIGH_CARD', '5.743', '0.9489'],
    ['ONE_PAIR', '2.282', '0.9509'],
    ['TWO_PAIR', '4.256', '0.9516'],
    ['THREE_OF_A_KIND', '20.704', '0.9515'],
    ['STRAIGHT', '21.648', '0.9470'],
    ['FLUSH', '33.052', '0.9530'],
    ['FULL_HOUSE', '38.519', '0.9476'],
    ['FOUR_OF_A_KIND', '595.000', '0.9496'],
    ['STRAIGHT_FLUSH', '3217.212', '0.9480'],
  ])('%s: fair %s, RTP %s, printed in the rules', (category, fair, rtp) => {
    const count = SEVEN_CARD_COUNTS[category as PokerCategory];
    expect((133_784_560 / count).toFixed(3)).toBe(fair);
    for (const code of ['HAND_A', 'HAND_B']) {
      const market = game.markets(config).find((m) => m.code === code)!;
      const runner = market.runners.find((r) => r.selectionId === category)!;
      expect(runner.rtp).toBeCloseTo((count * runner.back!) / (133_784_560 * 100), 14);
      expect(runner.rtp!.toFixed(4)).toBe(rtp);
      expect(game.rules(config).find((l) => l.startsWith(`${market.name}:`))).toContain(`${formatPriceHundredths(runner.back!)}, RTP ${formatRtp(runner.rtp!)}`);
    }
  });

  it('Player A / Player B: P(tie) 0.040674 (every deal, offline), RTP 0.9904 at 1.98 with a push on a tie, printed in the rules', () => {
    const deals = 2_598_960 * 1_081 * 990;
    const ties = 113_130_263_816;
    expect((ties / deals).toFixed(6)).toBe('0.040674');
    const [a, b] = game.markets(config)[0].runners;
    expect(a.rtp).toBeCloseTo((((deals - ties) / 2) * 1.98 + ties) / deals, 14);
    expect(a.rtp!.toFixed(4)).toBe('0.9904');
    expect(b.rtp).toBe(a.rtp);
    expect(game.rules(config).find((l) => l.startsWith('Player A / Player B:'))).toContain(`1.98, RTP ${formatRtp(a.rtp!)} each`);
  });

  it('Player A / Player B: 20,000 sampled deals split evenly and tie about as often as the enumeration says', () => {
    const next = rng(20);
    const n = 20_000;
    let a = 0;
    let ties = 0;
    for (let i = 0; i < n; i++) {
      const cards = sample(next, 9).map((c) => `${['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'][c.rank]}${c.suit}${c.suit}`);
      const win = game.resolve(cards, config).win;
      if (win === '1') a++;
      if (win === '3') ties++;
    }
    expect(Math.abs(a - (n - ties) / 2)).toBeLessThan(4 * Math.sqrt(n / 4));
    expect(Math.abs(ties - n * 0.040674)).toBeLessThan(4.5 * Math.sqrt(n * 0.040674));
  });
});

describe('Poker 20-20 rounds', () => {
  it('deals A1, B1, A2, B2, then five community cards; equal hands push', () => {
    const r = game.resolve(['2SS', '3HH', '7CC', '8DD', 'ASS', 'KSS', 'QSS', 'JSS', '10SS'], config);
    expect(r).toMatchObject({ win: '3', rdesc: 'Tie#A : Straight Flush | B : Straight Flush', hands: { playerA: ['2SS', '7CC'], playerB: ['3HH', '8DD'], board: ['ASS', 'KSS', 'QSS', 'JSS', '10SS'] } });
    expect(r.outcomes.WINNER).toEqual({ PLAYER_A: { rule: 'PUSH' }, PLAYER_B: { rule: 'PUSH' } });
    expect(r.outcomes.HAND_A.STRAIGHT_FLUSH).toEqual({ rule: 'WIN' });
  });

  it('from the seeds: nonce 0 gives A 8♦ 5♦, B K♦ K♥, board 10♠ 10♦ 3♣ A♦ 4♠: B wins, two pair over one pair', async () => {
    const r = await playRound(CASINO_GAMES.poker20, SEED, 'india-casino-demo', 0);
    expect(r).toMatchObject({
      win: '2',
      card: '8DD,KDD,5DD,KHH,10SS,10DD,3CC,ADD,4SS',
      rdesc: 'Player B#A : One Pair | B : Two Pair',
      hands: { playerA: ['8DD', '5DD'], playerB: ['KDD', 'KHH'], board: ['10SS', '10DD', '3CC', 'ADD', '4SS'] },
    });
    expect(r.outcomes.WINNER).toEqual({ PLAYER_A: { rule: 'LOSE' }, PLAYER_B: { rule: 'WIN' } });
  });

  it('settles every runner of every market in 200 PF-1 rounds', async () => {
    expect(await playedRoundProblems(game)).toEqual([]);
  }, ROUND_CHECK_TIMEOUT_MS);
});

describe('Poker 20-20 ties: the offline enumeration, replayed on a slice', () => {
  it('boards starting at card 40 (330 boards): 180,615,294 ordered tie pairs, as testing/poker20-ties.c counts', () => {
    // The C program's card order: suit = i / 13, rank = i % 13 + 2 (14 = ace).
    const cOrder: Card[] = Array.from({ length: 52 }, (_, i) => ({ rank: (i % 13) + 2 === 14 ? 1 : (i % 13) + 2, suit: (['S', 'H', 'C', 'D'] as const)[Math.floor(i / 13)] }));
    let ties = 0;
    let boards = 0;
    const seven: Card[] = new Array(7);
    for (let b1 = 41; b1 < 52; b1++)
      for (let b2 = b1 + 1; b2 < 52; b2++)
        for (let b3 = b2 + 1; b3 < 52; b3++)
          for (let b4 = b3 + 1; b4 < 52; b4++) {
            boards++;
            const board = [40, b1, b2, b3, b4];
            board.forEach((c, i) => (seven[i] = cOrder[c]));
            const rest = cOrder.filter((_, i) => !board.includes(i));
            // Equal-value ordered pairs of hands, minus those sharing a card.
            const all = new Map<number, number>();
            const byCard: Map<number, number>[] = rest.map(() => new Map());
            for (let i = 0; i < rest.length; i++)
              for (let j = i + 1; j < rest.length; j++) {
                seven[5] = rest[i];
                seven[6] = rest[j];
                const v = pokerHand(seven).value;
                all.set(v, (all.get(v) ?? 0) + 1);
                byCard[i].set(v, (byCard[i].get(v) ?? 0) + 1);
                byCard[j].set(v, (byCard[j].get(v) ?? 0) + 1);
              }
            for (const g of all.values()) ties += g * (g - 1);
            for (const m of byCard) for (const g of m.values()) ties -= g * (g - 1);
          }
    expect(boards).toBe(330);
    expect(ties).toBe(180_615_294);
  });
});
