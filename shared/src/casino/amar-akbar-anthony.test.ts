/** @jest-environment node */
// jsdom has no crypto.subtle; PF-1 needs Web Crypto.
import { amarAkbarAnthony } from './amar-akbar-anthony';
import { canonicalDeck } from './cards';
import { CASINO_GAMES, playRound } from './registry';
import { RtpTally, rtpMismatches } from './testing/rtp-tally';
import { playedRoundProblems, ROUND_CHECK_TIMEOUT_MS } from './testing/round-check';

const game = amarAkbarAnthony;
const config = game.defaultConfig;

describe('Amar Akbar Anthony: exact RTP of every market (CASINO.md §1.11)', () => {
  const tally = new RtpTally(game.markets(config));
  for (const card of canonicalDeck(1)) tally.add(game.resolve([card], config), 1);

  it.each([
    // market, selection, fair decimal (the doc's), back RTP
    ['AMAR', '2.167', '0.9692'], // 6/13 × 2.10
    ['AKBAR', '3.250', '0.9692'], // 4/13 × 3.15
    ['ANTHONY', '4.333', '0.9577'], // 3/13 × 4.15
  ])('%s: fair %s, back RTP %s', (selection, fair, rtp) => {
    expect((1 / tally.probability('MAIN', selection, 'WIN')).toFixed(3)).toBe(fair);
    expect(tally.rtp('MAIN', selection).toFixed(4)).toBe(rtp);
  });

  it.each([
    ['AMAR', '0.9872'], // 7/13 × 2.20 / 1.20
    ['AKBAR', '0.9869'], // 9/13 × 3.35 / 2.35
    ['ANTHONY', '0.9890'], // 10/13 × 4.50 / 3.50
  ])('lay %s: RTP %s of liability', (selection, printed) => {
    const runner = game.markets(config)[0].runners.find((r) => r.selectionId === selection)!;
    const pLose = 1 - tally.probability('MAIN', selection, 'WIN');
    expect(runner.layRtp).toBeCloseTo((pLose * runner.lay!) / (runner.lay! - 100), 12);
    expect(runner.layRtp!.toFixed(4)).toBe(printed);
  });

  it.each([
    ['ODD_EVEN', 'EVEN', '0.9785'], // the doc's figures
    ['ODD_EVEN', 'ODD', '0.9854'],
    ['COLOUR', 'RED', '0.985'],
    ['UNDER_OVER', 'LOW', '0.9615'],
    ['UNDER_OVER', 'HIGH', '0.9615'],
    ['CARD', 'Q', '0.9231'],
  ])('%s/%s: RTP %s', (market, selection, printed) => {
    expect(tally.rtp(market, selection).toFixed(printed.split('.')[1].length)).toBe(printed);
  });

  it('every runner\'s rtp and the rules panel equal the enumeration', () => {
    expect(rtpMismatches(game.markets(config), tally, game.rules(config))).toEqual([]);
  });
});

describe('Amar Akbar Anthony rules', () => {
  it.each([
    ['ASS', '1', 'AMAR', 'WIN'],
    ['6HH', '1', 'AMAR', 'WIN'],
    ['7CC', '2', 'AKBAR', 'HALF_LOSE'], // a 7 halves Under 7 / Over 7
    ['10DD', '2', 'AKBAR', 'LOSE'],
    ['JSS', '3', 'ANTHONY', 'LOSE'],
    ['KHH', '3', 'ANTHONY', 'LOSE'],
  ])('%s: win %s (%s), Under 7 %s', (card, win, group, under) => {
    const r = game.resolve([card], config);
    expect(r.win).toBe(win);
    expect(r.outcomes.MAIN[group]).toEqual({ rule: 'WIN' });
    expect(Object.values(r.outcomes.MAIN).filter((o) => o.rule === 'WIN')).toHaveLength(1);
    expect(r.outcomes.UNDER_OVER.LOW.rule).toBe(under);
  });

  it('from the seeds: nonce 0 deals 8♦, Akbar, Even, Red, Over 7', async () => {
    const r = await playRound(CASINO_GAMES.aaa, '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e', 'india-casino-demo', 0);
    expect(r).toMatchObject({ win: '2', card: '8DD', rdesc: 'Akbar#Even#Red#Over 7#Card 8', hands: { card: ['8DD'] } });
  });

  it('settles every runner of every market in 200 PF-1 rounds', async () => {
    expect(await playedRoundProblems(game)).toEqual([]);
  }, ROUND_CHECK_TIMEOUT_MS);
});
