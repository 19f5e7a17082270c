import { canonicalDeck, parseCard } from './cards';
import { DRAGON_TIGER_EXCHANGE, DRAGON_TIGER_STANDARD, dragonTiger20, dragonTigerWinner, type DragonTigerConfig } from './dragon-tiger';
import { RtpTally, printsAs, rtpMismatches } from './testing/rtp-tally';

const game = dragonTiger20;

/**
 * Every ordered (Dragon, Tiger) deal of the 8-deck shoe, by card type: 52 × 52 pairs, each
 * weighing 8 · 8 deals, or 8 · 7 when both are the same card (of 416 · 415 in all).
 */
function enumerate(config: DragonTigerConfig): RtpTally {
  const tally = new RtpTally(game.markets(config));
  const types = canonicalDeck(1);
  for (const d of types) for (const t of types) tally.add(game.resolve([d, t], config), d === t ? 8 * 7 : 8 * 8);
  expect(tally.total).toBe(416n * 415n);
  return tally;
}

describe('Dragon Tiger: exact RTP of every market, 8 decks (CASINO.md §1.2)', () => {
  const exchange = enumerate(DRAGON_TIGER_EXCHANGE);
  const standard = enumerate(DRAGON_TIGER_STANDARD);

  it('probabilities equal the doc (and WoO): P(Dragon) 0.462651, tie 0.074699, suited tie 0.016867; exchange Dragon 0.491566', () => {
    expect(printsAs(standard.probability('WINNER', 'DRAGON', 'WIN'), '0.462651')).toBe(true);
    expect(printsAs(standard.probability('WINNER', 'TIE', 'WIN'), '0.074699')).toBe(true);
    expect(printsAs(standard.probability('SUITED_TIE', 'SUITED_TIE', 'WIN'), '0.016867')).toBe(true);
    expect(printsAs(exchange.probability('WINNER', 'DRAGON', 'WIN'), '0.491566')).toBe(true);
    expect(printsAs(exchange.probability('WINNER', 'TIE', 'WIN'), '0.016867')).toBe(true);
    expect(printsAs(exchange.probability('PAIR', 'PAIR', 'WIN'), '0.074699')).toBe(true);
    expect(standard.probability('WINNER', 'DRAGON', 'HALF_LOSE')).toBe(standard.probability('WINNER', 'TIE', 'WIN'));
  });

  it.each([
    // variant, market, selection, the doc's RTP as printed
    ['exchange', 'WINNER', 'DRAGON', '0.9831'], // §1.2 exchange table: 0.9831 at 2.0
    ['exchange', 'WINNER', 'TIGER', '0.9831'],
    ['exchange', 'WINNER', 'TIE', '0.843'], // identical card at decimal 50
    ['exchange', 'PAIR', 'PAIR', '0.896'], // same rank at decimal 12
    ['standard', 'WINNER', 'DRAGON', '0.9627'], // 1:1, half lost on a tie
    ['standard', 'WINNER', 'TIGER', '0.9627'],
    ['standard', 'WINNER', 'TIE', '0.6723'], // 8:1
    ['standard', 'SUITED_TIE', 'SUITED_TIE', '0.8602'], // 50:1 (§1.0.4)
    // Side markets: the doc gives payouts, not RTPs; these are ours, from 7 odd and 6 even ranks.
    ['exchange', 'DRAGON_ODD_EVEN', 'ODD', '0.9423'], // 7/13 × 1.75
    ['exchange', 'TIGER_ODD_EVEN', 'EVEN', '0.9462'], // 6/13 × 2.05
    ['exchange', 'DRAGON_COLOUR', 'RED', '0.9750'], // 1/2 × 1.95
    ['standard', 'TIGER_SMALL_BIG', 'LOW', '0.9231'], // 6/13 × 2, a 7 loses
    ['standard', 'DRAGON_SMALL_BIG', 'HIGH', '0.9231'],
    ['exchange', 'TIGER_CARD', 'K', '0.9231'], // 1/13 × 12
  ])('%s %s/%s: RTP %s', (variant, market, selection, printed) => {
    const tally = variant === 'exchange' ? exchange : standard;
    expect(tally.rtp(market, selection).toFixed(printed.split('.')[1].length)).toBe(printed);
  });

  it.each([
    ['exchange', DRAGON_TIGER_EXCHANGE],
    ['standard', DRAGON_TIGER_STANDARD],
  ] as const)('%s: every runner\'s rtp and the rules panel equal the enumeration', (variant, config) => {
    const tally = variant === 'exchange' ? exchange : standard;
    expect(rtpMismatches(game.markets(config), tally, game.rules(config))).toEqual([]);
  });
});

describe('Dragon Tiger rules', () => {
  it.each([
    // dragon, tiger, exchange winner, standard winner
    ['8DD', 'KDD', 'TIGER', 'TIGER'], // §2.3 worked deal
    ['ASS', '2DD', 'TIGER', 'TIGER'], // ace is low
    ['KDD', 'QSS', 'DRAGON', 'DRAGON'], // rank beats suit
    ['KSS', 'KHH', 'DRAGON', 'TIE'], // ♠ > ♥
    ['7HH', '7CC', 'DRAGON', 'TIE'], // ♥ > ♣
    ['7DD', '7CC', 'TIGER', 'TIE'], // ♣ > ♦
    ['QDD', 'QDD', 'TIE', 'TIE'], // identical
  ])('%s v %s: exchange %s, standard %s', (d, t, ex, st) => {
    expect(dragonTigerWinner(parseCard(d), parseCard(t), DRAGON_TIGER_EXCHANGE)).toBe(ex);
    expect(dragonTigerWinner(parseCard(d), parseCard(t), DRAGON_TIGER_STANDARD)).toBe(st);
  });

  it('standard: a same-rank tie wins Tie and halves Dragon and Tiger; Suited tie loses unless the cards are identical', () => {
    const r = game.resolve(['KSS', 'KHH'], DRAGON_TIGER_STANDARD);
    expect(r.win).toBe('3');
    expect(r.outcomes.WINNER).toEqual({ DRAGON: { rule: 'HALF_LOSE' }, TIE: { rule: 'WIN' }, TIGER: { rule: 'HALF_LOSE' } });
    expect(r.outcomes.SUITED_TIE).toEqual({ SUITED_TIE: { rule: 'LOSE' }, NO_SUITED_TIE: { rule: 'WIN' } });
    expect(game.resolve(['KSS', 'KSS'], DRAGON_TIGER_STANDARD).outcomes.SUITED_TIE.SUITED_TIE).toEqual({ rule: 'WIN' });
  });

  it('exchange: the same rank pays Pair and the higher suit; an identical card wins Tie, Dragon and Tiger lose in full', () => {
    const pair = game.resolve(['KSS', 'KHH'], DRAGON_TIGER_EXCHANGE);
    expect(pair.win).toBe('1');
    expect(pair.outcomes.WINNER).toEqual({ DRAGON: { rule: 'WIN' }, TIE: { rule: 'LOSE' }, TIGER: { rule: 'LOSE' } });
    expect(pair.outcomes.PAIR).toEqual({ PAIR: { rule: 'WIN' }, NO_PAIR: { rule: 'LOSE' } });
    const tie = game.resolve(['QDD', 'QDD'], DRAGON_TIGER_EXCHANGE);
    expect(tie.win).toBe('3');
    expect(tie.outcomes.WINNER).toEqual({ DRAGON: { rule: 'LOSE' }, TIE: { rule: 'WIN' }, TIGER: { rule: 'LOSE' } });
  });

  it('the Diamond result shape: win, cards in dealing order, rdesc, hands', () => {
    const r = game.resolve(['JDD', 'JCC', 'ASS'], DRAGON_TIGER_EXCHANGE);
    expect(r).toMatchObject({ win: '2', card: 'JDD,JCC', hands: { dragon: ['JDD'], tiger: ['JCC'] } });
    expect(r.rdesc).toBe('Tiger#Yes#D : Odd | T : Odd#D : Red | T : Black#D : J | T : J#D : Big | T : Big');
    expect(r.outcomes.DRAGON_CARD.J).toEqual({ rule: 'WIN' });
    expect(r.outcomes.TIGER_SMALL_BIG).toEqual({ LOW: { rule: 'LOSE' }, HIGH: { rule: 'WIN' }, SEVEN: { rule: 'LOSE' } });
    expect(game.resolve(['7HH', '2SS'], DRAGON_TIGER_STANDARD).outcomes.DRAGON_SMALL_BIG).toEqual({ LOW: { rule: 'LOSE' }, HIGH: { rule: 'LOSE' }, SEVEN: { rule: 'WIN' } });
  });

  it('config: exchange by default; only the two coherent rule sets are accepted', () => {
    expect(game.parseConfig(undefined)).toEqual(DRAGON_TIGER_EXCHANGE);
    expect(game.parseConfig({ tieMode: 'rank', suitPriority: false })).toEqual(DRAGON_TIGER_STANDARD);
    expect(() => game.parseConfig({ tieMode: 'rank' })).toThrow('either exchange');
    expect(() => game.parseConfig({ tieMode: 'identical', suitPriority: false })).toThrow('either exchange');
    expect(() => game.parseConfig({ tieMode: 'suit' })).toThrow('one of');
    expect(() => game.parseConfig({ decks: 6 })).toThrow("unknown table config key 'decks'");
  });

  it('the rules print the active rule set', () => {
    expect(game.rules(DRAGON_TIGER_EXCHANGE).join('\n')).toContain('Rule set: exchange (tieMode identical, suitPriority on)');
    expect(game.rules(DRAGON_TIGER_STANDARD).join('\n')).toContain('Rule set: standard (tieMode rank, suitPriority off)');
    expect(game.rules(DRAGON_TIGER_STANDARD).join('\n')).toContain('lose half the stake');
  });

  it('refuses a short shoe', () => {
    expect(() => game.resolve(['KSS'], DRAGON_TIGER_EXCHANGE)).toThrow('needs 2 cards');
  });
});
