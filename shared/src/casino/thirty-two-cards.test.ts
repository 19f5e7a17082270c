/** @jest-environment node */
// jsdom has no crypto.subtle; PF-1 needs Web Crypto.
import { RANK_LABELS, SUITS } from './cards';
import { formatPriceHundredths, formatRtp } from './market-kit';
import { thirtyTwoCards, thirtyTwoCardsB, thirtyTwoCardsDeal, thirtyTwoCardsRound } from './thirty-two-cards';
import { CASINO_GAMES, drawShoe, playRound } from './registry';
import { playedRoundProblems, ROUND_CHECK_TIMEOUT_MS } from './testing/round-check';

const game = thirtyTwoCards;
const config = game.defaultConfig;
const RANKS = [6, 7, 8, 9, 10, 11, 12, 13];

/**
 * Win chances of the four hands, every re-deal included, exactly up to float rounding (the doc:
 * "we enumerated every deal exactly, including the recursive re-deals").
 *
 * A re-deal state is the deck left (copies of each rank) and the number k of hands tied for the
 * top; what happens next does not depend on their (equal) totals. For every sequence of k cards
 * the rules' own `thirtyTwoCardsRound` says which of the k hands stay tied, so the recursion below
 * follows the module's rule, memoised per state (≈ 400,000 states). It returns the chance that each
 * of the k hands (in dealing order) wins, and the chance of a void (the deck running out).
 */
function winChances(): { win: number[]; void: number } {
  // survivors[k][sequence index] = positions (0 … k−1) still tied after that round, from the module.
  const survivors: number[][][] = [[], []];
  for (let k = 2; k <= 4; k++) {
    survivors[k] = [];
    for (let s = 0; s < 8 ** k; s++) {
      const values = Array.from({ length: k }, (_, i) => RANKS[Math.floor(s / 8 ** (k - 1 - i)) % 8]);
      const positions = Array.from({ length: k }, (_, i) => i);
      survivors[k][s] = thirtyTwoCardsRound(new Array(k).fill(0), positions, values).contenders;
    }
  }
  const deck = new Array(8).fill(4);
  /** The deck left as one number, Σ deck[r] · 5^r, kept up to date as cards are taken. */
  let deckKey = 0;
  for (let r = 0; r < 8; r++) deckKey += 4 * 5 ** r;
  const POW5 = Array.from({ length: 8 }, (_, r) => 5 ** r);
  const memo = new Map<number, number[]>();
  /** [p(position 0 wins), …, p(position k−1 wins), p(void)] from this state. */
  const redeal = (k: number): number[] => {
    if (k === 1) return [1, 0];
    const key = deckKey * 5 + k;
    const known = memo.get(key);
    if (known) return known;
    const left = deck.reduce((a, b) => a + b, 0);
    const out = new Array(k + 1).fill(0);
    if (left < k) {
      out[k] = 1;
    } else {
      const walk = (depth: number, s: number, p: number) => {
        if (depth === k) {
          const next = survivors[k][s];
          const sub = redeal(next.length);
          for (let j = 0; j < next.length; j++) out[next[j]] += p * sub[j];
          out[k] += p * sub[next.length];
          return;
        }
        for (let r = 0; r < 8; r++) {
          const n = deck[r];
          if (n === 0) continue;
          deck[r] = n - 1;
          deckKey -= POW5[r];
          walk(depth + 1, s * 8 + r, (p * n) / (left - depth));
          deckKey += POW5[r];
          deck[r] = n;
        }
      };
      walk(0, 0, 1);
    }
    memo.set(key, out);
    return out;
  };
  // The first four cards, through the module's round with the head starts.
  const win = [0, 0, 0, 0];
  let voided = 0;
  const first = (depth: number, values: number[], p: number) => {
    if (depth === 4) {
      const { contenders } = thirtyTwoCardsRound([8, 9, 10, 11], [0, 1, 2, 3], values);
      const sub = redeal(contenders.length);
      contenders.forEach((hand, j) => (win[hand] += p * sub[j]));
      voided += p * sub[contenders.length];
      return;
    }
    for (let r = 0; r < 8; r++) {
      const n = deck[r];
      if (n === 0) continue;
      deck[r] = n - 1;
      deckKey -= POW5[r];
      first(depth + 1, [...values, RANKS[r]], (p * n) / (32 - depth));
      deckKey += POW5[r];
      deck[r] = n;
    }
  };
  first(0, [], 1);
  return { win, void: voided };
}

describe('32 Cards: win chances and RTP with every re-deal (CASINO.md §1.5)', () => {
  const chances = winChances();
  const [market] = game.markets(config);

  it('adds up to 1 with a void chance of 2.0e-14', () => {
    expect(chances.win.reduce((a, b) => a + b, 0) + chances.void).toBeCloseTo(1, 14);
    expect(chances.void.toExponential(1)).toBe('2.0e-14');
  });

  it.each([
    [0, 'Player 8', '0.078328'],
    [1, 'Player 9', '0.163787'],
    [2, 'Player 10', '0.293023'],
    [3, 'Player 11', '0.464862'],
  ])('P(hand %i, %s wins) = %s', (hand, _name, printed) => {
    expect(chances.win[hand].toFixed(6)).toBe(printed);
  });

  it.each([
    // selection, KingMaker's RTP as the doc prints it
    [0, 'PLAYER_8', '0.9399'], // 0.078328 × 12
    [1, 'PLAYER_9', '0.9008'], // 0.163787 × 5.5
    [2, 'PLAYER_10', '0.9377'], // 0.293023 × 3.2
    [3, 'PLAYER_11', '0.9297'], // 0.464862 × 2
  ])('hand %i: %s back RTP %s, and the runner and rules panel say the same', (hand, selection, printed) => {
    const runner = market.runners.find((r) => r.selectionId === selection)!;
    const rtp = (chances.win[hand] * (runner.back as number)) / 100 + chances.void; // a void returns the stake
    expect(rtp.toFixed(4)).toBe(printed);
    expect(Math.abs((runner.rtp as number) - rtp)).toBeLessThan(1e-12);
    expect(game.rules(config).join('\n')).toContain(`${runner.name} ${formatPriceHundredths(runner.back as number)}, RTP ${formatRtp(rtp)}`);
  });

  it('lays: RTP per unit of liability (1 − p) · L / (L − 1), each with at least a 1% edge', () => {
    for (const [hand, runner] of market.runners.entries()) {
      const lay = (runner.lay as number) / 100;
      const rtp = ((1 - chances.win[hand] - chances.void) * lay) / (lay - 1) + chances.void;
      expect(Math.abs((runner.layRtp as number) - rtp)).toBeLessThan(1e-12);
      expect(rtp).toBeLessThan(0.99);
      expect(rtp).toBeGreaterThan(0.94);
      expect(game.rules(config).join('\n')).toContain(`lay ${formatPriceHundredths(runner.lay as number)} (RTP ${formatRtp(rtp)} of liability)`);
    }
  });
});

describe('32 Cards rules', () => {
  it('a single top hand after the first four cards wins; ties below the top do not matter', () => {
    // P8 8+10 = 18, P9 9+7 = 16, P10 10+6 = 16, P11 11+13 = 24.
    const r = game.resolve(['10SS', '7SS', '6SS', 'KSS', 'QHH'], config);
    expect(r).toMatchObject({ win: '4', card: '10SS,7SS,6SS,KSS', rdesc: 'Player 11#P8 : 18 | P9 : 16 | P10 : 16 | P11 : 24' });
    expect(r.outcomes.WINNER).toEqual({ PLAYER_8: { rule: 'LOSE' }, PLAYER_9: { rule: 'LOSE' }, PLAYER_10: { rule: 'LOSE' }, PLAYER_11: { rule: 'WIN' } });
  });

  it('only the hands tied for the top get another card, in player order, until one is highest', () => {
    // Round 1: P8 8+K = 21, P9 9+Q = 21, P10 10+6 = 16, P11 11+10 = 21: P8, P9, P11 tie at 21.
    // Round 2: P8 +7 = 28, P9 +9 = 30, P11 +9 = 30: P9 and P11 tie at 30.
    // Round 3: P9 +6 = 36, P11 +8 = 38: Player 11 wins.
    expect(thirtyTwoCardsDeal([13, 12, 6, 10, 7, 9, 9, 6, 8])).toEqual({ done: true, winner: 3, totals: [28, 36, 16, 38], dealtTo: [0, 1, 2, 3, 0, 1, 3, 1, 3] });
    const r = game.resolve(['KSS', 'QSS', '6SS', '10SS', '7HH', '9HH', '9CC', '6HH', '8HH', 'JSS'], config);
    expect(r.win).toBe('4');
    expect(r.card).toBe('KSS,QSS,6SS,10SS,7HH,9HH,9CC,6HH,8HH');
    expect(r.hands).toEqual({ player8: ['KSS', '7HH'], player9: ['QSS', '9HH', '6HH'], player10: ['6SS'], player11: ['10SS', '9CC', '8HH'] });
  });

  it.each([
    // head starts + first cards, tied hands after the round
    [[8, 9, 10, 11], [0, 1, 2, 3], [13, 12, 11, 10], [0, 1, 2, 3]], // all four at 21
    [[8, 9, 10, 11], [0, 1, 2, 3], [6, 6, 6, 6], [3]],
    [[21, 21, 16, 21], [0, 1, 3], [7, 9, 9], [1, 3]], // only the tied hands are dealt to
  ])('thirtyTwoCardsRound(%j, %j, %j) leaves %j tied', (totals, contenders, values, tied) => {
    expect(thirtyTwoCardsRound(totals, contenders, values).contenders).toEqual(tied);
  });

  it('is undecided while a truncated shoe runs out mid-deal, which resolve refuses (an engine error)', () => {
    expect(thirtyTwoCardsDeal([13, 12, 6])).toMatchObject({ done: false, exhausted: false });
    expect(thirtyTwoCardsDeal([13, 12, 6, 10, 7])).toMatchObject({ done: false, exhausted: false }); // P9 and P11 still owed a card
    expect(() => game.resolve(['KSS', 'QSS', '6SS', '10SS'], config)).toThrow('ran out');
    expect(() => game.resolve(['5SS', 'QSS', '6SS', '10SS'], config)).toThrow('6 … K');
  });

  it('voids the round when the whole deck goes out with hands still tied', () => {
    // Round 1: P8 8+6 = 14, P9 9+8 = 17, P10 10+7 = 17, P11 11+6 = 17. Round 2: P9 +K = 30, P10 +K = 30,
    // P11 +7 = 24. Then P9 and P10 take equal cards pair after pair until one card (an 8) is left.
    const values = [6, 8, 7, 6, 13, 13, 7, 6, 6, 7, 7, 8, 8, 9, 9, 9, 9, 10, 10, 10, 10, 11, 11, 11, 11, 12, 12, 12, 12, 13, 13, 8];
    expect(values).toHaveLength(32);
    expect(thirtyTwoCardsDeal(values)).toMatchObject({ done: false, exhausted: true });
    const copies = new Map<number, number>();
    const shoe = values.map((v) => {
      const n = copies.get(v) ?? 0;
      copies.set(v, n + 1);
      return `${RANK_LABELS[v]}${SUITS[n]}${SUITS[n]}`;
    });
    expect(new Set(shoe).size).toBe(32);
    const r = game.resolve(shoe, config);
    expect(r.win).toBe('0');
    expect(r.rdesc.startsWith('Void#')).toBe(true);
    expect(Object.values(r.outcomes.WINNER)).toEqual([{ rule: 'VOID' }, { rule: 'VOID' }, { rule: 'VOID' }, { rule: 'VOID' }]);
    expect(r.card.split(',')).toHaveLength(31);
  });

  it('uses the 32-card deck', () => {
    expect(game.shoe).toEqual({ kind: 'cards', decks: 1, ranks: 'six-to-king' });
  });
});

describe('32 Cards – B (category 24): 32 Cards – A\'s rules on a table of its own', () => {
  it('shares every rule, price and the deck; only its code and title differ', () => {
    expect(CASINO_GAMES.card32b).toBe(thirtyTwoCardsB);
    expect({ code: thirtyTwoCardsB.code, title: thirtyTwoCardsB.title, categoryId: thirtyTwoCardsB.categoryId }).toEqual({ code: 'card32b', title: '32 Cards - B', categoryId: 24 });
    expect(thirtyTwoCardsB.markets(config)).toEqual(thirtyTwoCards.markets(config));
    expect(thirtyTwoCardsB.rules(config)).toEqual(thirtyTwoCards.rules(config));
    expect(thirtyTwoCardsB.shoe).toEqual(thirtyTwoCards.shoe);
  });

  it('replays a PF-1 round exactly as 32 Cards – A deals the same seeds', async () => {
    const seed = '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e';
    const b = await playRound(thirtyTwoCardsB, seed, 'india-casino-demo', 3);
    expect(b).toEqual(await playRound(thirtyTwoCards, seed, 'india-casino-demo', 3));
    const shoe = await drawShoe(thirtyTwoCardsB, seed, 'india-casino-demo', 3);
    expect(shoe.join(',').startsWith(b.card)).toBe(true);
  });

  it('settles every runner in 200 PF-1 rounds, for both tables', async () => {
    expect(await playedRoundProblems(thirtyTwoCardsB)).toEqual([]);
    expect(await playedRoundProblems(thirtyTwoCards)).toEqual([]);
  }, ROUND_CHECK_TIMEOUT_MS);
});
