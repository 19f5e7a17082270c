import { RED_NUMBERS, ROULETTE_WHEEL_ORDER, pocketColour, roulette } from './roulette';
import { RtpTally, rtpMismatches } from './testing/rtp-tally';

const game = roulette;
const config = game.defaultConfig;

describe('Roulette: every bet\'s RTP is 36/37 (CASINO.md §1.15)', () => {
  const tally = new RtpTally(game.markets(config));
  for (let n = 0; n <= 36; n++) tally.add(game.resolve([String(n)], config), 1);

  it('97.30% for every runner of every market, and the rules panel says so', () => {
    for (const market of game.markets(config)) {
      for (const r of market.runners.filter((x) => x.back !== null)) {
        const { num, den } = tally.exactRtp(market.code, r.selectionId);
        expect(num * 37n).toBe(den * 36n); // exactly 36/37
      }
    }
    expect(rtpMismatches(game.markets(config), tally, game.rules(config))).toEqual([]);
    expect(game.rules(config).join('\n')).toContain('97.30%');
  });

  it('has 37 straight-up runners and the outside markets with a Zero outcome', () => {
    const markets = game.markets(config);
    expect(markets.map((m) => m.code)).toEqual(['STRAIGHT', 'RED_BLACK', 'ODD_EVEN', 'LOW_HIGH', 'DOZEN', 'COLUMN']);
    expect(markets[0].runners).toHaveLength(37);
    for (const m of markets.slice(1)) expect(m.runners.at(-1)).toEqual({ selectionId: 'ZERO', name: 'Zero', back: null });
  });
});

describe('Roulette rules', () => {
  it('18 red numbers, as the wheel has them', () => {
    expect(RED_NUMBERS.size).toBe(18);
    expect([1, 2, 10, 11, 18, 19, 28, 29, 36].map((n) => RED_NUMBERS.has(n))).toEqual([true, false, false, false, true, true, false, false, true]);
  });

  it('the wheel holds every pocket once, 0 first, and its colours alternate red and black after it', () => {
    expect([...ROULETTE_WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, n) => n));
    expect(ROULETTE_WHEEL_ORDER.slice(0, 4)).toEqual([0, 32, 15, 19]);
    const colours = ROULETTE_WHEEL_ORDER.map(pocketColour);
    expect(colours[0]).toBe('green');
    colours.slice(1).forEach((c, i) => expect(c).toBe(i % 2 === 0 ? 'red' : 'black'));
  });

  it('0 loses every outside bet', () => {
    const r = game.resolve(['0'], config);
    expect(r).toMatchObject({ win: '0', card: '0', rdesc: '0#Zero', hands: { pocket: ['0'] } });
    for (const code of ['RED_BLACK', 'ODD_EVEN', 'LOW_HIGH', 'DOZEN', 'COLUMN']) {
      for (const [id, outcome] of Object.entries(r.outcomes[code])) expect(outcome.rule).toBe(id === 'ZERO' ? 'WIN' : 'LOSE');
    }
    expect(r.outcomes.STRAIGHT['0']).toEqual({ rule: 'WIN' });
  });

  it.each([
    // pocket, the outside runners it wins
    [1, ['RED', 'ODD', 'LOW', 'FIRST_12', 'COLUMN_1']],
    [17, ['BLACK', 'ODD', 'LOW', 'SECOND_12', 'COLUMN_2']],
    [18, ['RED', 'EVEN', 'LOW', 'SECOND_12', 'COLUMN_3']],
    [19, ['RED', 'ODD', 'HIGH', 'SECOND_12', 'COLUMN_1']],
    [34, ['RED', 'EVEN', 'HIGH', 'THIRD_12', 'COLUMN_1']],
    [36, ['RED', 'EVEN', 'HIGH', 'THIRD_12', 'COLUMN_3']],
  ])('%i wins %j', (pocket, winners) => {
    const r = game.resolve([String(pocket)], config);
    const won = Object.entries(r.outcomes)
      .filter(([code]) => code !== 'STRAIGHT')
      .flatMap(([, runners]) => Object.entries(runners).filter(([, o]) => o.rule === 'WIN').map(([id]) => id));
    expect(won).toEqual(winners);
    expect(Object.entries(r.outcomes.STRAIGHT).filter(([, o]) => o.rule === 'WIN')).toEqual([[String(pocket), { rule: 'WIN' }]]);
    expect(r.win).toBe(String(pocket));
  });

  it.each([[['37']], [['-1']], [['07']], [['1', '2']], [[]], [['ASS']]])('refuses the shoe %j', (shoe) => {
    expect(() => game.resolve(shoe, config)).toThrow('one pocket');
  });
});
