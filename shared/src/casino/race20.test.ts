/** @jest-environment node */
// jsdom has no crypto.subtle; PF-1 needs Web Crypto.
import { canonicalDeck } from './cards';
import { formatPriceHundredths, formatRtp } from './market-kit';
import { race20, race20Chances, race20Deal } from './race20';
import { CASINO_GAMES, drawShoe, playRound } from './registry';
import { RtpTally, ratio, rtpMismatches } from './testing/rtp-tally';
import { playedRoundProblems, ROUND_CHECK_TIMEOUT_MS } from './testing/round-check';

const game = race20;
const config = game.defaultConfig;
const SEED = '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e';
const SUITS = ['S', 'H', 'C', 'D'] as const;
const LABELS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q'];
const falling = (n: number, k: number): bigint => (k === 0 ? 1n : BigInt(n) * falling(n - 1, k - 1));

/**
 * Every end of a race, counted by dynamic programming over suit sequences: seq[a][b][c][d] is the
 * number of suit orders that reach those counts with no suit yet at 5. A race ends when one suit
 * takes its 5th card; the class (winner, the others' counts) is weighted by its suit orders, the
 * choice of cards of each suit (12·11·…) and the rest of the 17-card deal, and played through the
 * module's `resolve` with real cards (suits in a fixed order: the outcome depends on the counts only).
 */
function tallyByCards(): RtpTally {
  const markets = game.markets(config).filter((m) => m.code !== 'TOTAL_POINTS');
  const tally = new RtpTally(markets);
  const seq = new Map<string, bigint>([['0,0,0,0', 1n]]);
  for (let n = 0; n < 17; n++)
    for (const [key, ways] of [...seq]) {
      const counts = key.split(',').map(Number);
      if (counts.reduce((x, y) => x + y) !== n) continue;
      for (let s = 0; s < 4; s++) {
        const next = [...counts];
        next[s]++;
        if (next[s] === 5) {
          const cards = n + 1;
          const weight = ways * next.reduce((w, k) => w * falling(12, k), 1n) * falling(48 - cards, 17 - cards);
          const shoe: string[] = [];
          for (let t = 0; t < 4; t++) if (t !== s) for (let r = 1; r <= counts[t]; r++) shoe.push(`${LABELS[r]}${SUITS[t]}${SUITS[t]}`);
          for (let r = 1; r <= 5; r++) shoe.push(`${LABELS[r]}${SUITS[s]}${SUITS[s]}`);
          for (let r = 12; shoe.length < 17; r--) shoe.push(`${LABELS[r]}${SUITS[(s + 1) % 4]}${SUITS[(s + 1) % 4]}`);
          tally.add(game.resolve(shoe, config), weight);
        } else {
          const k = next.join(',');
          seq.set(k, (seq.get(k) ?? 0n) + ways);
        }
      }
    }
  return tally;
}

describe('Race 20-20: exact chances and RTP (CASINO.md §1.13)', () => {
  const tally = tallyByCards();
  const chances = race20Chances();

  it('the enumeration covers every ordered 17-card deal, 48·47·…·32', () => {
    expect(tally.total).toBe(falling(48, 17));
    expect(chances.total).toBe(tally.total);
  });

  it('total cards: the doc\'s table, and E = 12.42', () => {
    const doc: Record<number, string> = { 5: '.00185', 6: '.00774', 7: '.01936', 8: '.03746', 9: '.06182', 10: '.09072', 11: '.12032', 12: '.14443', 13: '.15554', 14: '.14683', 15: '.11629', 16: '.07100', 17: '.02663' };
    let mean = 0;
    for (let n = 5; n <= 17; n++) {
      const p = ratio(chances.byCards.get(n)!, chances.total);
      expect(p.toFixed(5).slice(1)).toBe(doc[n]);
      mean += n * p;
    }
    expect(mean.toFixed(2)).toBe('12.42');
  });

  it.each([
    // win with N: the doc's fair decimal, RTP at our price
    ['5', '540.5', '0.9251'], // the doc prints 540
    ['6', '129', '0.9294'],
    ['7', '51.6', '0.9294'], // the doc prints 51.7 (51.65 exactly)
    ['15', '8.6', '0.9535'],
    ['16', '14.1', '0.9585'],
    ['17', '37.6', '0.9585'],
  ])('win with %s: fair %s, RTP %s', (n, fair, rtp) => {
    expect((1 / tally.probability('WIN_WITH', n, 'WIN')).toFixed(fair.split('.')[1]?.length ?? 0)).toBe(fair);
    expect(tally.rtp('WIN_WITH', n).toFixed(4)).toBe(rtp);
  });

  it.each([
    ['WINNER', 'KS', '0.9750'], // 1/4 × 3.90
    ['WINNER', 'KD', '0.9750'],
    ['TOTAL_CARDS', 'UNDER', '0.9674'], // 0.483715 × 2.00
    ['TOTAL_CARDS', 'OVER', '0.9706'], // 0.516285 × 1.88
  ])('%s/%s: RTP %s', (market, selection, rtp) => {
    expect(tally.rtp(market, selection).toFixed(4)).toBe(rtp);
  });

  it('a King wins once in four; the lay at 4.15 returns 0.9881 of liability', () => {
    expect(tally.probability('WINNER', 'KH', 'WIN')).toBe(0.25);
    expect(game.markets(config)[0].runners[1].layRtp!.toFixed(4)).toBe('0.9881');
  });

  it('every runner\'s rtp and the rules panel equal the enumeration (total points below)', () => {
    expect(rtpMismatches(game.markets(config).filter((m) => m.code !== 'TOTAL_POINTS'), tally, game.rules(config))).toEqual([]);
  });

  it('total points: brute-force subset sums give the module\'s distribution; mean 80.7, median 81 (the doc\'s Monte Carlo)', () => {
    // Each suit's opened ranks are a uniform subset of its 12; count the subsets of each size by sum.
    const subsets: Map<number, bigint>[] = Array.from({ length: 6 }, () => new Map());
    for (let mask = 0; mask < 1 << 12; mask++) {
      let k = 0;
      let sum = 0;
      for (let r = 1; r <= 12; r++) {
        if (!(mask & (1 << (r - 1)))) continue;
        k++;
        sum += r;
      }
      if (k <= 5) subsets[k].set(sum, (subsets[k].get(sum) ?? 0n) + 1n);
    }
    const points = new Map<number, bigint>();
    for (let a = 0; a <= 4; a++)
      for (let b = 0; b <= 4; b++)
        for (let c = 0; c <= 4; c++) {
          const n = 5 + a + b + c;
          // Suit orders: the winner's 5th card is last; the other n − 1 cards in any order.
          let orders = 1n;
          for (let i = 2; i < n; i++) orders *= BigInt(i);
          for (const k of [4, a, b, c]) for (let i = 2; i <= k; i++) orders /= BigInt(i);
          let dist = new Map<number, bigint>([[0, 4n * orders * falling(48 - n, 17 - n)]]);
          for (const k of [5, a, b, c]) {
            const next = new Map<number, bigint>();
            // k! orders of the k chosen cards of a suit: (12)_k = C(12,k) · k!.
            let kFact = 1n;
            for (let i = 2; i <= k; i++) kFact *= BigInt(i);
            for (const [s, w] of dist) for (const [t, m] of subsets[k]) next.set(s + t, (next.get(s + t) ?? 0n) + w * m * kFact);
            dist = next;
          }
          for (const [s, w] of dist) points.set(s, (points.get(s) ?? 0n) + w);
        }
    expect([...points].sort((x, y) => x[0] - y[0])).toEqual([...chances.byPoints].sort((x, y) => x[0] - y[0]));
    let mean = 0;
    let below = 0n;
    let median = 0;
    for (const [s, w] of [...points].sort((x, y) => x[0] - y[0])) {
      mean += s * ratio(w, chances.total);
      below += w;
      if (!median && 2n * below >= chances.total) median = s;
    }
    expect(mean.toFixed(1)).toBe('80.7');
    expect(median).toBe(81);
    const under = ratio([...points].filter(([s]) => s <= 80).reduce((t, [, w]) => t + w, 0n), chances.total);
    expect(under.toFixed(6)).toBe('0.488253');
    const [u, o] = game.markets(config).find((m) => m.code === 'TOTAL_POINTS')!.runners;
    expect(u.rtp).toBeCloseTo(under * 2, 12);
    expect(o.rtp).toBeCloseTo((1 - under) * 1.9, 12);
    const line = game.rules(config).find((l) => l.startsWith('Total points:'))!;
    expect(line).toContain(`${formatPriceHundredths(200)}, RTP ${formatRtp(under * 2)}`); // 97.65%
    expect(line).toContain(`${formatPriceHundredths(190)}, RTP ${formatRtp((1 - under) * 1.9)}`); // 97.23%
  });
});

describe('Race 20-20 rules', () => {
  it('the first suit to 5 cards wins', () => {
    expect(race20Deal(['S', 'H', 'S', 'S', 'H', 'S', 'D', 'S'])).toEqual({ winner: 'S', cards: 8 });
    expect(race20Deal(['S', 'S', 'S', 'S'])).toBeNull();
  });

  it('resolves winner, points, cards and hands by suit', () => {
    const shoe = ['AHH', '2HH', 'QSS', '3HH', '4HH', '10DD', '5HH', '6HH', '7HH', '8HH', '9HH', '10HH', 'JHH', 'QHH', 'ACC', '2CC', '3CC'];
    const r = game.resolve(shoe, config);
    expect(r).toMatchObject({ win: '2', card: 'AHH,2HH,QSS,3HH,4HH,10DD,5HH', rdesc: 'K♥#37#7', hands: { hearts: ['AHH', '2HH', '3HH', '4HH', '5HH'], spades: ['QSS'], diamonds: ['10DD'], clubs: [] } });
    expect(r.outcomes.WINNER.KH).toEqual({ rule: 'WIN' });
    expect(r.outcomes.TOTAL_CARDS).toEqual({ UNDER: { rule: 'WIN' }, OVER: { rule: 'LOSE' } });
    expect(r.outcomes.TOTAL_POINTS).toEqual({ UNDER: { rule: 'WIN' }, OVER: { rule: 'LOSE' } });
    expect(r.outcomes.WIN_WITH['7']).toEqual({ rule: 'WIN' });
    expect(r.outcomes.WIN_WITH.OTHER).toEqual({ rule: 'LOSE' });
  });

  it('computes its markets once and shares them, frozen: the engine asks at every open, close and settlement', () => {
    const first = game.markets(config);
    expect(game.markets(config)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first[3].runners[0])).toBe(true);
  });

  it('the deck has no Kings; a King in the shoe is refused', () => {
    const deck = canonicalDeck(1, 'ace-to-queen');
    expect(deck).toHaveLength(48);
    expect(deck.some((c) => c.startsWith('K'))).toBe(false);
    expect(() => game.resolve(['KSS', ...deck.slice(0, 16)], config)).toThrow('King');
  });

  it('from the seeds: the race runs over the PF-1 shuffle of the 48 cards, in order', async () => {
    const shoe = await drawShoe(CASINO_GAMES.race20, SEED, 'india-casino-demo', 0);
    const r = await playRound(CASINO_GAMES.race20, SEED, 'india-casino-demo', 0);
    expect(shoe.join(',').startsWith(r.card)).toBe(true);
    const cards = Number(r.rdesc.split('#')[2]);
    expect(r.card.split(',')).toHaveLength(cards);
  });

  it('settles every runner of every market in 200 PF-1 rounds', async () => {
    expect(await playedRoundProblems(game)).toEqual([]);
  }, ROUND_CHECK_TIMEOUT_MS);
});
