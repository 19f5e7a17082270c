/** @jest-environment node */
// jsdom has no crypto.subtle; PF-1 needs Web Crypto.
import { lottery } from './lottery';
import { CASINO_GAMES, drawShoe, playRound } from './registry';
import { RtpTally, rtpMismatches } from './testing/rtp-tally';
import { playedRoundProblems, ROUND_CHECK_TIMEOUT_MS } from './testing/round-check';

const game = lottery;
const config = game.defaultConfig;
const SEED = '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e';
const SUITS = ['SS', 'HH', 'CC', 'DD'];
const LABEL = ['10', 'A', '2', '3', '4', '5', '6', '7', '8', '9'];

describe('Lottery: exact RTP of every runner (CASINO.md §1.10)', () => {
  // Every ordered 3-card deal of the 40-card deck by its digits: 1,000 digit strings, each weighted
  // by its ordered deals (4 cards per digit, fewer for a digit already dealt); 59,280 in all.
  const tally = new RtpTally(game.markets(config));
  for (let n = 0; n < 1000; n++) {
    const digits = String(n).padStart(3, '0').split('').map(Number);
    const used = new Map<number, number>();
    let weight = 1;
    const shoe = digits.map((d) => {
      const k = used.get(d) ?? 0;
      weight *= 4 - k;
      used.set(d, k + 1);
      return `${LABEL[d]}${SUITS[k]}`;
    });
    tally.add(game.resolve(shoe, config), weight);
  }

  it('covers 40 · 39 · 38 = 59,280 deals', () => {
    expect(tally.total).toBe(59_280n);
  });

  it.each([
    ['SINGLE', '7', '0.9500'], // the doc: 1/10 × 9.5
    ['DOUBLE', '78', '0.9744'], // 16/1,560 × 95 (the doc's 0.95 assumes independent digits)
    ['DOUBLE', '77', '0.9731'], // 12/1,560 × 126.5 (at a flat 95: 0.7308)
    ['TRIPLE', '789', '0.9717'], // 64/59,280 × 900
    ['TRIPLE', '778', '0.9717'], // 48/59,280 × 1200
    ['TRIPLE', '777', '0.9717'], // 24/59,280 × 2400
  ])('%s/%s: RTP %s', (market, selection, printed) => {
    expect(tally.rtp(market, selection).toFixed(4)).toBe(printed);
  });

  it('the first digit is exactly uniform', () => {
    for (let d = 0; d <= 9; d++) expect(tally.probability('SINGLE', String(d), 'WIN')).toBe(0.1);
  });

  it('every runner\'s rtp and the rules panel equal the enumeration', () => {
    expect(rtpMismatches(game.markets(config), tally, game.rules(config))).toEqual([]);
  });
});

describe('Lottery rules', () => {
  it('settles Single, Double and Triple on the digits in dealing order', () => {
    const r = game.resolve(['8DD', '10SS', '7HH'], config);
    expect(r).toMatchObject({ win: '807', card: '8DD,10SS,7HH', rdesc: 'Single : 8#Double : 80#Triple : 807', hands: { cards: ['8DD', '10SS', '7HH'] } });
    expect(r.outcomes.SINGLE['8']).toEqual({ rule: 'WIN' });
    expect(r.outcomes.DOUBLE['80']).toEqual({ rule: 'WIN' });
    expect(r.outcomes.DOUBLE['08']).toEqual({ rule: 'LOSE' });
    expect(r.outcomes.TRIPLE['807']).toEqual({ rule: 'WIN' });
    expect(r.outcomes.TRIPLE['780']).toEqual({ rule: 'LOSE' });
  });

  it('from the seeds: the first three cards of the PF-1 shuffle of the 40-card deck', async () => {
    const shoe = await drawShoe(CASINO_GAMES.lottery, SEED, 'india-casino-demo', 0);
    const r = await playRound(CASINO_GAMES.lottery, SEED, 'india-casino-demo', 0);
    expect(r.card).toBe(shoe.slice(0, 3).join(','));
    expect(r.win).toHaveLength(3);
  });

  it('settles every runner of every market in 200 PF-1 rounds', async () => {
    expect(await playedRoundProblems(game)).toEqual([]);
  }, ROUND_CHECK_TIMEOUT_MS);
});
