/** @jest-environment node */
// jsdom has no crypto.subtle; PF-1 needs Web Crypto.
import { canonicalDeck } from './cards';
import { CASINO_GAMES, drawShoe, playRound } from './registry';
import { RtpTally, rtpMismatches } from './testing/rtp-tally';
import { playedRoundProblems, ROUND_CHECK_TIMEOUT_MS } from './testing/round-check';
import { instantWorli, worliResult } from './worli';

const game = instantWorli;
const config = game.defaultConfig;
const SEED = '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e';

describe('Instant Worli: exact RTP of every market (CASINO.md §1.10)', () => {
  // Every 3-card hand of the 40-card deck: C(40,3) = 9,880 (the order does not change the sum).
  const deck = canonicalDeck(1, 'ace-to-ten');
  const tally = new RtpTally(game.markets(config));
  for (let i = 0; i < 40; i++) for (let j = i + 1; j < 40; j++) for (let k = j + 1; k < 40; k++) tally.add(game.resolve([deck[i], deck[j], deck[k]], config), 1);

  it('the single digit is exactly uniform: each of 0–9 in 988 of 9,880 hands', () => {
    for (let d = 0; d <= 9; d++) expect(tally.weight('SINGLE', String(d), 'WIN')).toBe(988n);
  });

  it.each([
    ['SINGLE', '8', '0.9500'], // the doc: 0.1 × 9.5
    ['SINGLE', '0', '0.9500'],
    ['LINE', 'LINE_1', '0.9750'], // ours: 1/2 × 1.95
    ['LINE', 'LINE_2', '0.9750'],
    ['ODD_EVEN', 'ODD', '0.9750'],
    ['ODD_EVEN', 'EVEN', '0.9750'],
  ])('%s/%s: RTP %s', (market, selection, printed) => {
    expect(tally.rtp(market, selection).toFixed(4)).toBe(printed);
  });

  it('every runner\'s rtp and the rules panel equal the enumeration', () => {
    expect(rtpMismatches(game.markets(config), tally, game.rules(config))).toEqual([]);
  });
});

describe('Instant Worli rules', () => {
  it.each([
    [[3, 7, 8], '378', 8], // the doc's example
    [[8, 3, 7], '378', 8],
    [[0, 9, 1], '190', 0], // 10 counts 0 and sorts last
    [[0, 0, 0], '000', 0],
    [[5, 5, 1], '155', 1],
  ])('%j: patti %s, single %i', (digits, patti, single) => {
    expect(worliResult(digits)).toEqual({ patti, single });
  });

  it('a single settles on the sum digit, not on a digit present in the patti', () => {
    const r = game.resolve(['3SS', '7HH', '8CC'], config);
    expect(r).toMatchObject({ win: '8', rdesc: '378#8', card: '3SS,7HH,8CC', hands: { cards: ['3SS', '7HH', '8CC'] } });
    expect(r.outcomes.SINGLE['8']).toEqual({ rule: 'WIN' });
    expect(r.outcomes.SINGLE['3']).toEqual({ rule: 'LOSE' });
    expect(r.outcomes.SINGLE['7']).toEqual({ rule: 'LOSE' });
    expect(r.outcomes.LINE).toEqual({ LINE_1: { rule: 'LOSE' }, LINE_2: { rule: 'WIN' } });
    expect(r.outcomes.ODD_EVEN).toEqual({ ODD: { rule: 'LOSE' }, EVEN: { rule: 'WIN' } });
  });

  it('a single 0 is Line 2 and Even', () => {
    const r = game.resolve(['10SS', 'AHH', '9CC'], config);
    expect(r).toMatchObject({ win: '0', rdesc: '190#0' });
    expect(r.outcomes.LINE.LINE_2).toEqual({ rule: 'WIN' });
    expect(r.outcomes.ODD_EVEN.EVEN).toEqual({ rule: 'WIN' });
  });

  it('refuses a court card', () => {
    expect(() => game.resolve(['JSS', 'AHH', '9CC'], config)).toThrow('A … 10');
  });

  it('from the seeds: the first three cards of the PF-1 shuffle of the 40-card deck', async () => {
    const shoe = await drawShoe(CASINO_GAMES.worli, SEED, 'india-casino-demo', 0);
    expect([...shoe].sort()).toEqual(canonicalDeck(1, 'ace-to-ten').sort());
    const r = await playRound(CASINO_GAMES.worli, SEED, 'india-casino-demo', 0);
    expect(r.card).toBe(shoe.slice(0, 3).join(','));
  });

  it('settles every runner of every market in 200 PF-1 rounds', async () => {
    expect(await playedRoundProblems(game)).toEqual([]);
  }, ROUND_CHECK_TIMEOUT_MS);
});
