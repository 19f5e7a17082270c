import { baccarat, baccaratCoup, baccaratBankerDraws, baccaratPlayerDraws } from './baccarat';
import { canonicalDeck } from './cards';
import { RtpTally, printsAs, rtpMismatches } from './testing/rtp-tally';

const game = baccarat;
const config = game.defaultConfig;
const SHOE = 416;

/** One card of each baccarat value (0 … 9) and how many the 8-deck shoe holds. */
const CARD_OF_VALUE = ['KSS', 'ASS', '2SS', '3SS', '4SS', '5SS', '6SS', '7SS', '8SS', '9SS'];
const COPIES = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
const FILLER = 'QHH';

const falling = (from: number, count: number) => {
  let p = 1n;
  for (let i = 0; i < count; i++) p *= BigInt(from - i);
  return p;
};

/**
 * Every coup of the 8-deck shoe by card values: depth-first over the values of the cards the coup
 * actually uses (4, 5 or 6; resolve says how many), each weighted by its ordered draws and brought
 * to the common denominator of six ordered cards, 416 · 415 · … · 411.
 */
function enumerateCoups(): RtpTally {
  const tally = new RtpTally(game.markets(config).filter((m) => m.code === 'WINNER'));
  const left = [...COPIES];
  const codes: string[] = [];
  const walk = (ways: bigint) => {
    const result = game.resolve([...codes, FILLER, FILLER, FILLER, FILLER, FILLER, FILLER].slice(0, 6), config);
    const used = result.card.split(',').length;
    if (codes.length >= 4 && used <= codes.length) {
      tally.add(result, ways * falling(SHOE - codes.length, 6 - codes.length));
      return;
    }
    for (let v = 0; v <= 9; v++) {
      const n = left[v];
      left[v] = n - 1;
      codes.push(CARD_OF_VALUE[v]);
      walk(ways * BigInt(n));
      codes.pop();
      left[v] = n;
    }
  };
  walk(1n);
  return tally;
}

describe('Baccarat: exact RTP, 8 decks (CASINO.md §1.6)', () => {
  const coups = enumerateCoups();

  it('the weights cover every ordered six-card draw', () => {
    expect(coups.total).toBe(falling(SHOE, 6));
  });

  it('P(Banker) 0.458597, P(Player) 0.446247, P(Tie) 0.095156 (WoO appendix 3), and the exact counts baccarat.ts uses', () => {
    expect(printsAs(coups.probability('WINNER', 'BANKER', 'WIN'), '0.458597')).toBe(true);
    expect(printsAs(coups.probability('WINNER', 'PLAYER', 'WIN'), '0.446247')).toBe(true);
    expect(printsAs(coups.probability('WINNER', 'TIE', 'WIN'), '0.095156')).toBe(true);
    expect(coups.weight('WINNER', 'BANKER', 'WIN')).toBe(2_292_252_566_437_888n);
    expect(coups.weight('WINNER', 'PLAYER', 'WIN')).toBe(2_230_518_282_592_256n);
    expect(coups.weight('WINNER', 'TIE', 'WIN')).toBe(475_627_426_473_216n);
    expect(coups.weight('WINNER', 'PLAYER', 'PUSH')).toBe(475_627_426_473_216n); // a tie pushes Player and Banker
  });

  it.each([
    // selection, the doc's house edge
    ['PLAYER', '1.24'],
    ['BANKER', '1.06'],
    ['TIE', '14.36'], // 8:1
  ])('%s: house edge %s%%', (selection, edge) => {
    expect(((1 - coups.rtp('WINNER', selection)) * 100).toFixed(2)).toBe(edge);
  });

  it('Player / Banker / Tie: the runners\' rtp and the rules panel equal the enumeration', () => {
    expect(rtpMismatches(game.markets(config).filter((m) => m.code === 'WINNER'), coups, game.rules(config))).toEqual([]);
  });

  it('Player pair and Banker pair at 11:1: RTP 0.8964 over every first two cards of the hand', () => {
    const types = canonicalDeck(1);
    for (const [code, positions] of [['PLAYER_PAIR', [0, 2]], ['BANKER_PAIR', [1, 3]]] as const) {
      const markets = game.markets(config).filter((m) => m.code === code);
      const tally = new RtpTally(markets);
      for (const a of types) {
        for (const b of types) {
          const shoe = ['KCC', 'KCC', 'KCC', 'KCC', 'KCC', 'KCC'];
          shoe[positions[0]] = a;
          shoe[positions[1]] = b;
          tally.add(game.resolve(shoe, config), a === b ? 8 * 7 : 8 * 8);
        }
      }
      expect(tally.total).toBe(416n * 415n);
      expect(tally.rtp(code, 'PAIR').toFixed(4)).toBe('0.8964'); // 31/415 × 12
      expect(rtpMismatches(markets, tally, game.rules(config))).toEqual([]);
    }
  });
});

describe('Baccarat drawing rules (CASINO.md §1.6)', () => {
  it.each([0, 1, 2, 3, 4, 5])('Player draws on %i', (total) => expect(baccaratPlayerDraws(total)).toBe(true));
  it.each([6, 7])('Player stands on %i', (total) => expect(baccaratPlayerDraws(total)).toBe(false));

  // Banker's total (row) against Player's third card 0 … 9 (column): D draws, S stands.
  it.each([
    [0, 'DDDDDDDDDD'],
    [1, 'DDDDDDDDDD'],
    [2, 'DDDDDDDDDD'],
    [3, 'DDDDDDDDSD'], // stands only on an 8
    [4, 'SSDDDDDDSS'], // draws on 2–7
    [5, 'SSSSDDDDSS'], // draws on 4–7
    [6, 'SSSSSSDDSS'], // draws on 6–7
    [7, 'SSSSSSSSSS'],
  ])('Banker on %i after Player drew 0 … 9: %s', (total, row) => {
    expect(Array.from({ length: 10 }, (_, third) => (baccaratBankerDraws(total, third) ? 'D' : 'S')).join('')).toBe(row);
  });

  it.each([
    [0, true],
    [5, true],
    [6, false],
    [7, false],
  ])('Banker on %i when Player stood: draws %s', (total, draws) => {
    expect(baccaratBankerDraws(total, null)).toBe(draws);
  });

  it.each([
    // values in dealing order (P B P B …), Player's cards, Banker's cards, cards used
    [[9, 0, 0, 0, 5, 5], [9, 0], [0, 0], 4], // Player's natural 9: both stand
    [[6, 4, 2, 4, 5, 5], [6, 2], [4, 4], 4], // Banker's natural 8: both stand, Player's 8 too
    [[6, 3, 1, 3, 5, 5], [6, 1], [3, 3], 4], // Player 7 stands, Banker 6 stands
    [[3, 2, 3, 3, 5, 9], [3, 3], [2, 3, 5], 5], // Player 6 stands, Banker 5 draws (the 5th card)
    [[2, 1, 2, 2, 8, 9], [2, 2, 8], [1, 2], 5], // Player 4 draws an 8, Banker 3 stands on it
    [[2, 1, 2, 2, 7, 9], [2, 2, 7], [1, 2, 9], 6], // … on a 7, Banker 3 draws
    [[2, 0, 2, 6, 6, 4], [2, 2, 6], [0, 6, 4], 6], // Banker 6 draws on a 6
    [[2, 0, 2, 6, 5, 4], [2, 2, 5], [0, 6], 5], // … but not on a 5
  ])('%j: Player %j, Banker %j, %i cards', (values, player, banker, used) => {
    expect(baccaratCoup(values)).toMatchObject({ player, banker, used });
  });

  it('a coup as a round: dealing order, hands, pushes on a tie, pairs', () => {
    // P: 4♠ 4♥ → 8 (natural); B: 3♠ 5♣ → 8: a tie with a Player pair.
    const r = game.resolve(['4SS', '3SS', '4HH', '5CC', 'KDD', 'QDD'], config);
    expect(r).toMatchObject({ win: '3', card: '4SS,3SS,4HH,5CC', rdesc: 'Tie#P : 8 | B : 8#Yes#No', hands: { player: ['4SS', '4HH'], banker: ['3SS', '5CC'] } });
    expect(r.outcomes.WINNER).toEqual({ PLAYER: { rule: 'PUSH' }, TIE: { rule: 'WIN' }, BANKER: { rule: 'PUSH' } });
    expect(r.outcomes.PLAYER_PAIR).toEqual({ PAIR: { rule: 'WIN' }, NO_PAIR: { rule: 'LOSE' } });
    // P: 2 2 → 4, draws 7 → 1; B: A 2 → 3, draws 9 → 2. Banker wins; each hand's third card.
    const s = game.resolve(['2SS', 'AHH', '2HH', '2CC', '7DD', '9DD'], config);
    expect(s).toMatchObject({ win: '2', card: '2SS,AHH,2HH,2CC,7DD,9DD', hands: { player: ['2SS', '2HH', '7DD'], banker: ['AHH', '2CC', '9DD'] } });
    expect(s.outcomes.WINNER).toEqual({ PLAYER: { rule: 'LOSE' }, TIE: { rule: 'LOSE' }, BANKER: { rule: 'WIN' } });
    // Player stands on 6; Banker 5 draws: Banker's third is the 5th card.
    const t = game.resolve(['3SS', '2SS', '3HH', '3CC', '5DD', '9DD'], config);
    expect(t.hands).toEqual({ player: ['3SS', '3HH'], banker: ['2SS', '3CC', '5DD'] });
    expect(t.win).toBe('1'); // 6 against 0
    expect(() => game.resolve(['2SS', 'AHH', '2HH', '2CC'], config)).toThrow('ran out');
  });
});
