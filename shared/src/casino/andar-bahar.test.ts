import { andarBahar, andarBaharSideOf, type AndarBaharConfig } from './andar-bahar';
import { canonicalDeck } from './cards';
import { RtpTally, printsAs, rtpMismatches } from './testing/rtp-tally';

const game = andarBahar;
const JOKER = '8DD';
const MATCHES = ['8SS', '8HH', '8CC'];
const OTHERS = canonicalDeck(1).filter((c) => !c.startsWith('8'));

/** A shoe with the joker first and the three other 8s at these positions after it (1 … 51). */
function shoeWithMatchesAt(positions: readonly number[]): string[] {
  const shoe = [JOKER];
  let other = 0;
  for (let k = 1; k <= 51; k++) {
    const m = positions.indexOf(k);
    shoe.push(m >= 0 ? MATCHES[m] : OTHERS[other++]);
  }
  return shoe;
}

/**
 * Every placement of the three cards of the joker's rank among the 51 cards after it, C(51,3) =
 * 20,825, equally likely in a shuffled deck. Which rank the joker has does not matter (symmetry).
 */
function enumerate(config: AndarBaharConfig): RtpTally {
  const tally = new RtpTally(game.markets(config));
  for (let a = 1; a <= 51; a++) for (let b = a + 1; b <= 51; b++) for (let c = b + 1; c <= 51; c++) tally.add(game.resolve(shoeWithMatchesAt([a, b, c]), config), 1);
  expect(tally.total).toBe(20_825n);
  return tally;
}

const BAHAR_FIRST: AndarBaharConfig = { firstSide: 'bahar', payouts: 'bahar-quarter-on-first' };
const ANDAR_FIRST: AndarBaharConfig = { firstSide: 'andar', payouts: 'bahar-quarter-on-first' };
const ANDAR_FIRST_09: AndarBaharConfig = { firstSide: 'andar', payouts: 'first-dealt-0.9' };
const BAHAR_FIRST_09: AndarBaharConfig = { firstSide: 'bahar', payouts: 'first-dealt-0.9' };

describe('Andar Bahar: exact RTP over every first-match position (CASINO.md §1.3)', () => {
  const tallies = new Map([BAHAR_FIRST, ANDAR_FIRST, ANDAR_FIRST_09, BAHAR_FIRST_09].map((c) => [c, enumerate(c)]));

  it('P(first-dealt side) 0.515006; the match is the 1st card 0.058824, the 2nd 0.056471', () => {
    const t = tallies.get(BAHAR_FIRST)!;
    const firstSide = t.probability('WINNER', 'BAHAR', 'WIN') + t.probability('WINNER', 'BAHAR', 'WIN_REDUCED');
    expect(printsAs(firstSide, '0.515006')).toBe(true);
    expect(printsAs(t.probability('WINNER', 'BAHAR', 'WIN_REDUCED'), '0.058824')).toBe(true); // 3/51
    const u = tallies.get(ANDAR_FIRST)!;
    expect(printsAs(u.probability('WINNER', 'BAHAR', 'WIN_REDUCED'), '0.056471')).toBe(true); // Bahar's first card is the 2nd
  });

  it.each([
    // name, selection, the doc's RTP, config
    ['Bahar first, quarter on its first card', 'BAHAR', '0.9859', BAHAR_FIRST],
    ['Bahar first, quarter on its first card', 'ANDAR', '0.9215', BAHAR_FIRST],
    ['Andar first, quarter on Bahar\'s first card', 'ANDAR', '0.9785', ANDAR_FIRST],
    ['Andar first, quarter on Bahar\'s first card', 'BAHAR', '0.9276', ANDAR_FIRST],
    ['first dealt 0.9:1 (Andar)', 'ANDAR', '0.9785', ANDAR_FIRST_09],
    ['first dealt 0.9:1 (Andar)', 'BAHAR', '0.9700', ANDAR_FIRST_09],
    ['first dealt 0.9:1 (Bahar)', 'BAHAR', '0.9785', BAHAR_FIRST_09],
    ['first dealt 0.9:1 (Bahar)', 'ANDAR', '0.9700', BAHAR_FIRST_09],
  ] as const)('%s: %s RTP %s', (_name, selection, printed, config) => {
    expect(tallies.get(config)!.rtp('WINNER', selection).toFixed(4)).toBe(printed);
  });

  it('every configuration\'s rtp and rules panel equal the enumeration', () => {
    for (const [config, tally] of tallies) expect(rtpMismatches(game.markets(config), tally, game.rules(config))).toEqual([]);
  });
});

describe('Andar Bahar rules', () => {
  it.each([
    // first side, k-th card after the joker, side that gets it
    ['andar', 1, 'andar'],
    ['andar', 2, 'bahar'],
    ['andar', 23, 'andar'],
    ['bahar', 1, 'bahar'],
    ['bahar', 2, 'andar'],
    ['bahar', 49, 'bahar'],
  ] as const)('%s first: card %i goes to %s', (first, k, side) => {
    expect(andarBaharSideOf(k, first)).toBe(side);
  });

  it('§2.3 worked deal (nonce 0): joker 8♦, the first other 8 (8♠) is the 23rd card, so the side dealt first wins', () => {
    const nonce0 =
      '8D KD 5D KH 10S 10D 3C AD 4S KC 9D 2D 4C QC JH 3D JC 5C 2S 2C 7S 5H QH 8S JD QS 4D 6H 7C 7H AC 6S 3H 7D 8C 9C KS 6D 10H 4H 9S 10C 5S 9H 6C 3S AS 2H AH 8H JS QD'
        .split(' ')
        .map((c) => c + c.slice(-1));
    const bahar = game.resolve(nonce0, BAHAR_FIRST);
    expect(bahar).toMatchObject({ win: '2', rdesc: 'Bahar#Joker : 8#Cards : 23' });
    expect(bahar.card.split(',')).toEqual(nonce0.slice(0, 24));
    expect(bahar.hands.joker).toEqual(['8DD']);
    expect(bahar.hands.bahar).toHaveLength(12);
    expect(bahar.hands.andar).toHaveLength(11);
    expect(bahar.hands.bahar[11]).toBe('8SS');
    expect(bahar.outcomes.WINNER).toEqual({ ANDAR: { rule: 'LOSE' }, BAHAR: { rule: 'WIN' } });
    const andar = game.resolve(nonce0, ANDAR_FIRST);
    expect(andar.win).toBe('1');
    expect(andar.hands.andar[11]).toBe('8SS');
  });

  it('Bahar pays 0.25:1 when its first card matches — the 1st card when Bahar is first, the 2nd when Andar is', () => {
    expect(game.resolve(shoeWithMatchesAt([1, 2, 3]), BAHAR_FIRST).outcomes.WINNER).toEqual({ ANDAR: { rule: 'LOSE' }, BAHAR: { rule: 'WIN_REDUCED', profit: 25 } });
    expect(game.resolve(shoeWithMatchesAt([3, 4, 5]), BAHAR_FIRST).outcomes.WINNER.BAHAR).toEqual({ rule: 'WIN' }); // Bahar's 2nd card
    expect(game.resolve(shoeWithMatchesAt([2, 3, 4]), ANDAR_FIRST).outcomes.WINNER).toEqual({ ANDAR: { rule: 'LOSE' }, BAHAR: { rule: 'WIN_REDUCED', profit: 25 } });
    expect(game.resolve(shoeWithMatchesAt([1, 3, 4]), ANDAR_FIRST).outcomes.WINNER).toEqual({ ANDAR: { rule: 'WIN' }, BAHAR: { rule: 'LOSE' } });
    expect(game.resolve(shoeWithMatchesAt([2, 3, 4]), ANDAR_FIRST_09).outcomes.WINNER.BAHAR).toEqual({ rule: 'WIN' }); // no reduction in that pay rule
  });

  it('prices follow the pay rule: the first-dealt side is the 1.90 side under first-dealt-0.9', () => {
    const price = (config: AndarBaharConfig) => game.markets(config)[0].runners.map((r) => `${r.selectionId} ${r.back}`);
    expect(price(BAHAR_FIRST)).toEqual(['ANDAR 190', 'BAHAR 200']);
    expect(price(ANDAR_FIRST)).toEqual(['ANDAR 190', 'BAHAR 200']);
    expect(price(BAHAR_FIRST_09)).toEqual(['ANDAR 200', 'BAHAR 190']);
    expect(price(ANDAR_FIRST_09)).toEqual(['ANDAR 190', 'BAHAR 200']);
  });

  it('config: Bahar first with the quarter rule by default; the rules print both flags', () => {
    expect(game.parseConfig(undefined)).toEqual(BAHAR_FIRST);
    expect(game.parseConfig({ firstSide: 'andar' })).toEqual(ANDAR_FIRST);
    expect(() => game.parseConfig({ firstSide: 'joker' })).toThrow('one of');
    const text = game.rules(ANDAR_FIRST_09).join('\n');
    expect(text).toContain('[firstSide: andar]');
    expect(text).toContain('[payouts: first-dealt-0.9]');
  });

  it('refuses a shoe with no match', () => {
    expect(() => game.resolve(['8DD', 'KSS', 'QSS'], BAHAR_FIRST)).toThrow("no card of the joker's rank");
    expect(() => game.resolve([], BAHAR_FIRST)).toThrow('joker');
  });
});
