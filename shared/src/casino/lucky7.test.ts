/** @jest-environment node */
// jsdom has no crypto.subtle; PF-1 needs Web Crypto.
import { canonicalDeck } from './cards';
import { lucky7, lucky7b } from './lucky7';
import { CASINO_GAMES, drawShoe, playRound } from './registry';
import { playedRoundProblems, ROUND_CHECK_TIMEOUT_MS } from './testing/round-check';
import { RtpTally, rtpMismatches } from './testing/rtp-tally';

const game = lucky7;
const config = game.defaultConfig;

describe('Lucky 7: exact RTP of every market (CASINO.md §1.4)', () => {
  // Every card of the 8-deck shoe: 52 card types, 8 copies each.
  const tally = new RtpTally(game.markets(config));
  for (const card of canonicalDeck(1)) tally.add(game.resolve([card], config), 8);

  it.each([
    // market, selection, the doc's RTP at the Diamond price
    ['LOW_HIGH', 'LOW', '0.9615'], // (6 × 2 + 1 × 0.5) / 13
    ['LOW_HIGH', 'HIGH', '0.9615'],
    ['ODD_EVEN', 'EVEN', '0.9692'], // 6/13 × 2.10
    ['ODD_EVEN', 'ODD', '0.9638'], // 7/13 × 1.79
    ['COLOUR', 'RED', '0.975'], // 1/2 × 1.95
    ['COLOUR', 'BLACK', '0.975'],
    ['CARD', '7', '0.9231'], // 1/13 × 12
    ['CARD', 'A', '0.9231'],
  ])('%s/%s: RTP %s', (market, selection, printed) => {
    expect(tally.rtp(market, selection).toFixed(printed.split('.')[1].length)).toBe(printed);
  });

  it('a 7 comes once in 13 and halves Low and High', () => {
    expect(tally.probability('LOW_HIGH', 'LOW', 'HALF_LOSE')).toBeCloseTo(1 / 13, 15);
    expect(tally.probability('LOW_HIGH', 'SEVEN', 'WIN')).toBeCloseTo(1 / 13, 15);
  });

  it('every runner\'s rtp and the rules panel equal the enumeration', () => {
    expect(rtpMismatches(game.markets(config), tally, game.rules(config))).toEqual([]);
  });
});

describe('Lucky 7 rules', () => {
  it.each([
    // card, win code, LOW, HIGH
    ['ASS', '1', 'WIN', 'LOSE'],
    ['6HH', '1', 'WIN', 'LOSE'],
    ['7CC', '0', 'HALF_LOSE', 'HALF_LOSE'], // not "Low = value ≤ 7" (a clone's bug, §1.4)
    ['8DD', '2', 'LOSE', 'WIN'],
    ['KSS', '2', 'LOSE', 'WIN'],
  ])('%s: win %s, Low %s, High %s', (card, win, low, high) => {
    const r = game.resolve([card], config);
    expect(r.win).toBe(win);
    expect(r.outcomes.LOW_HIGH.LOW.rule).toBe(low);
    expect(r.outcomes.LOW_HIGH.HIGH.rule).toBe(high);
  });

  it('§2.3 worked deal: 8♦ is High, Even and Red', () => {
    const r = game.resolve(['8DD', 'KDD'], config);
    expect(r).toMatchObject({ win: '2', card: '8DD', rdesc: 'High Card#Even#Red#Card 8', hands: { card: ['8DD'] } });
    expect(r.outcomes.ODD_EVEN).toEqual({ ODD: { rule: 'LOSE' }, EVEN: { rule: 'WIN' } });
    expect(r.outcomes.COLOUR).toEqual({ RED: { rule: 'WIN' }, BLACK: { rule: 'LOSE' } });
    expect(r.outcomes.CARD['8']).toEqual({ rule: 'WIN' });
    expect(Object.values(r.outcomes.CARD).filter((o) => o.rule === 'WIN')).toHaveLength(1);
  });

  it('has no rule flags', () => {
    expect(game.parseConfig({})).toEqual({});
    expect(() => game.parseConfig({ decks: 1 })).toThrow('unknown');
  });
});

describe('Lucky 7 – B (category 27): Lucky 7 – A\'s rules on a table of its own', () => {
  it('shares every rule, price and the shoe; only its code and title differ', () => {
    expect(CASINO_GAMES.lucky7b).toBe(lucky7b);
    expect({ code: lucky7b.code, title: lucky7b.title, categoryId: lucky7b.categoryId }).toEqual({ code: 'lucky7b', title: 'Lucky 7 - B', categoryId: 27 });
    expect(lucky7b.markets(config)).toEqual(lucky7.markets(config));
    expect(lucky7b.rules(config)).toEqual(lucky7.rules(config));
    expect(lucky7b.shoe).toEqual(lucky7.shoe);
    expect(lucky7b.resolve(['7CC'], config)).toEqual(lucky7.resolve(['7CC'], config));
  });

  it('replays a PF-1 round exactly as Lucky 7 – A deals the same seeds', async () => {
    const seed = '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e';
    const b = await playRound(lucky7b, seed, 'india-casino-demo', 5);
    expect(b).toEqual(await playRound(lucky7, seed, 'india-casino-demo', 5));
    expect(b.card).toBe((await drawShoe(lucky7b, seed, 'india-casino-demo', 5))[0]);
  });

  it('settles every runner of every market in 200 PF-1 rounds, for both tables', async () => {
    expect(await playedRoundProblems(lucky7b)).toEqual([]);
    expect(await playedRoundProblems(lucky7)).toEqual([]);
  }, ROUND_CHECK_TIMEOUT_MS);
});
