/** @jest-environment node */
// jsdom has no crypto.subtle; PF-1 needs Web Crypto.
import { casinoQueen, casinoQueenDeal } from './casino-queen';
import { canonicalDeck } from './cards';
import { CASINO_GAMES, drawShoe, playRound } from './registry';
import { RtpTally, rtpMismatches } from './testing/rtp-tally';
import { playedRoundProblems, ROUND_CHECK_TIMEOUT_MS } from './testing/round-check';

const game = casinoQueen;
const config = game.defaultConfig;
const SEED = '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e';

/**
 * Every deal, by rank sequence: walks the ranks card by card (each weighted by how many such cards
 * are left), asks the module's `casinoQueenDeal` whether the round is over, and adds the finished
 * round (as real cards, suits in deck order) to the tally with its weight in ordered 11-card deals,
 * (remaining ranks' count product) × (21 − n)·…·11 for a round of n cards.
 */
function enumerate(): RtpTally {
  const tally = new RtpTally(game.markets(config));
  const left: Record<number, number> = { 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 12: 1 };
  const suits = ['SS', 'HH', 'CC', 'DD'];
  const ranks: number[] = [];
  const tail = (n: number) => {
    let w = 1n;
    for (let k = 21 - n; k > 10; k--) w *= BigInt(k);
    return w;
  };
  const walk = (weight: bigint) => {
    for (const rank of [2, 3, 4, 5, 6, 12]) {
      const n = left[rank];
      if (n === 0) continue;
      ranks.push(rank);
      left[rank] = n - 1;
      const deal = casinoQueenDeal(ranks);
      if (deal.done) {
        const used: Record<number, number> = {};
        const shoe = ranks.map((r) => (r === 12 ? 'QHH' : `${r}${suits[(used[r] = (used[r] ?? -1) + 1)]}`));
        while (shoe.length < 11) shoe.push('2SS'); // never read: the round is over
        tally.add(game.resolve(shoe, config), weight * BigInt(n) * tail(ranks.length));
      } else {
        walk(weight * BigInt(n));
      }
      left[rank] = n;
      ranks.pop();
    }
  };
  walk(1n);
  return tally;
}

describe('Casino Queen: exact win chances and RTP (CASINO.md §1.14, our rule)', () => {
  const tally = enumerate();

  it('the enumeration covers every ordered 11-card deal: 21·20·…·11', () => {
    expect(tally.total).toBe(14_079_294_028_800n);
  });

  it.each([
    // hand, win chance, fair decimal, back RTP, lay RTP of liability
    ['TOTAL_0', '0.285422', '3.504', '0.9562', '0.9894'],
    ['TOTAL_1', '0.314709', '3.178', '0.9599', '0.9899'],
    ['TOTAL_2', '0.262939', '3.803', '0.9597', '0.9869'],
    ['TOTAL_3', '0.136930', '7.303', '0.9585', '0.9882'],
  ])('%s: P %s, fair %s, back RTP %s, lay %s', (hand, p, fair, back, lay) => {
    const win = tally.probability('WINNER', hand, 'WIN');
    expect(win.toFixed(6)).toBe(p);
    expect((1 / win).toFixed(3)).toBe(fair);
    expect(tally.rtp('WINNER', hand).toFixed(4)).toBe(back);
    const runner = game.markets(config)[0].runners.find((r) => r.selectionId === hand)!;
    expect(runner.layRtp).toBeCloseTo(((1 - win) * runner.lay!) / (runner.lay! - 100), 12);
    expect(runner.layRtp!.toFixed(4)).toBe(lay);
  });

  it('every runner\'s rtp and the rules panel equal the enumeration', () => {
    expect(rtpMismatches(game.markets(config), tally, game.rules(config))).toEqual([]);
  });
});

describe('Casino Queen rules', () => {
  it.each([
    // ranks in dealing order, winner, cards used
    [[6, 6, 6, 6, 4], 0, 5], // 0+6+4 = 10: Total 0 first to 10
    [[5, 5, 5, 5, 4, 4], 1, 6], // Total 0 stops at 9; Total 1: 1+5+4 = 10
    [[2, 2, 12], 2, 3], // the Queen wins at once, whatever the totals
    [[12], 0, 1],
    [[2, 2, 2, 2, 2, 2, 2, 5], 3, 8], // Total 3: 3+2+5 = 10
    [[3, 3, 3, 3, 3, 3, 3, 3, 4], 0, 9], // Total 0: 3+3+4 = 10
  ])('%j: Total %i wins with card %i', (ranks, winner, cards) => {
    expect(casinoQueenDeal(ranks)).toMatchObject({ done: true, winner, cards });
  });

  it('a total of 9 does not win', () => {
    expect(casinoQueenDeal([5, 4, 4, 3, 4])).toEqual({ done: false, totals: [9, 5, 6, 6] });
  });

  it('the deck: 2–6 of each suit and the Queen of hearts', () => {
    const deck = canonicalDeck(1, 'queen21');
    expect(deck).toHaveLength(21);
    expect(deck.slice(5, 11)).toEqual(['2HH', '3HH', '4HH', '5HH', '6HH', 'QHH']);
  });

  it('resolves hands, totals and the Diamond-style fields', () => {
    const r = game.resolve(['6SS', '5SS', '2HH', '3HH', '4SS', '2CC', 'QHH', '5HH', '6HH', '6CC', '6DD'], config);
    expect(r).toMatchObject({ win: '0', card: '6SS,5SS,2HH,3HH,4SS', rdesc: 'Total 0#T0 : 10 | T1 : 6 | T2 : 4 | T3 : 6', hands: { total0: ['6SS', '4SS'], total1: ['5SS'], total2: ['2HH'], total3: ['3HH'] } });
    const q = game.resolve(['2SS', '2HH', 'QHH', '3HH', '4SS', '2CC', '5SS', '5HH', '6HH', '6CC', '6DD'], config);
    expect(q).toMatchObject({ win: '2', rdesc: 'Total 2#T0 : 2 | T1 : 3 | T2 : Queen | T3 : 3' });
  });

  it('from the seeds: deals the PF-1 shuffle of the 21-card deck in order', async () => {
    const shoe = await drawShoe(CASINO_GAMES.queen, SEED, 'india-casino-demo', 0);
    expect([...shoe].sort()).toEqual(canonicalDeck(1, 'queen21').sort());
    const r = await playRound(CASINO_GAMES.queen, SEED, 'india-casino-demo', 0);
    expect(shoe.join(',').startsWith(r.card)).toBe(true);
  });

  it('settles every runner in 200 PF-1 rounds', async () => {
    expect(await playedRoundProblems(game)).toEqual([]);
  }, ROUND_CHECK_TIMEOUT_MS);
});
