/** @jest-environment node */
// jsdom has no crypto.subtle; PF-1 needs Web Crypto.
import { bollywoodCasino, bollywoodFilm } from './bollywood';
import { canonicalDeck, parseCard } from './cards';
import { CASINO_GAMES, drawShoe, playRound } from './registry';
import { RtpTally, rtpMismatches } from './testing/rtp-tally';
import { playedRoundProblems, ROUND_CHECK_TIMEOUT_MS } from './testing/round-check';

const game = bollywoodCasino;
const config = game.defaultConfig;
const SEED = '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e';

describe('Bollywood Casino: exact RTP of every market (CASINO.md §1.12)', () => {
  // Every card of the 32-card shoe (two copies of 16).
  const shoe = canonicalDeck(2, 'ace-and-court');
  const tally = new RtpTally(game.markets(config));
  for (const card of shoe) tally.add(game.resolve([card], config), 1);

  it('the shoe is two decks of A, J, Q, K of each suit', () => {
    expect(shoe).toHaveLength(32);
    expect(shoe.slice(0, 4)).toEqual(['ASS', 'JSS', 'QSS', 'KSS']);
    expect(new Set(shoe).size).toBe(16);
  });

  it.each([
    // film, the doc's fair decimal, back RTP, lay RTP of liability
    ['DON', '16.00', '0.9375', '0.9896'],
    ['AMAR_AKBAR_ANTHONY', '5.33', '0.9375', '0.9891'],
    ['SAHIB_BIBI_AUR_GHULAM', '5.33', '0.9375', '0.9891'],
    ['DHARAM_VEER', '8.00', '0.9375', '0.9886'],
    ['KIS_KISKO_PYAAR_KAROON', '4.00', '0.9375', '0.9844'],
    ['GHULAM', '5.33', '0.9375', '0.9891'],
  ])('%s: fair %s, back RTP %s, lay %s', (film, fair, back, lay) => {
    const p = tally.probability('FILM', film, 'WIN');
    expect((1 / p).toFixed(2)).toBe(fair);
    expect(tally.rtp('FILM', film).toFixed(4)).toBe(back);
    const runner = game.markets(config)[0].runners.find((r) => r.selectionId === film)!;
    expect(runner.layRtp).toBeCloseTo(((1 - p) * runner.lay!) / (runner.lay! - 100), 12);
    expect(runner.layRtp!.toFixed(4)).toBe(lay);
  });

  it.each([
    ['DULHA_BARATI', 'DULHA_DULHAN', '0.985'], // the doc's figures
    ['DULHA_BARATI', 'BARATI', '0.985'],
    ['COLOUR', 'BLACK', '0.985'],
    ['CARD', 'A', '0.9375'],
    ['ODD', 'ODD', '0.975'], // ours: 12/16 × 1.30
  ])('%s/%s: RTP %s', (market, selection, printed) => {
    expect(tally.rtp(market, selection).toFixed(printed.split('.')[1].length)).toBe(printed);
  });

  it('every runner\'s rtp and the rules panel equal the enumeration', () => {
    expect(rtpMismatches(game.markets(config), tally, game.rules(config))).toEqual([]);
  });
});

describe('Bollywood Casino rules', () => {
  it.each([
    ['ASS', 0], ['AHH', 1], ['ADD', 1], ['ACC', 1],
    ['KSS', 2], ['QSS', 2], ['JSS', 2],
    ['KDD', 3], ['KCC', 3],
    ['KHH', 4], ['QCC', 4], ['QDD', 4], ['QHH', 4],
    ['JHH', 5], ['JCC', 5], ['JDD', 5],
  ])('%s names film %i', (card, film) => {
    expect(bollywoodFilm(parseCard(card))).toBe(film);
    expect(game.resolve([card], config).win).toBe(String(film + 1));
  });

  it('refuses a card outside A, J, Q, K', () => {
    expect(() => game.resolve(['7SS'], config)).toThrow('A, J, Q, K');
  });

  it('a Queen loses Odd and wins Dulha Dulhan', () => {
    const r = game.resolve(['QHH'], config);
    expect(r.rdesc).toBe('E. Kis Kisko Pyaar Karoon#Even#Dulha Dulhan#Red#Card Q');
    expect(r.outcomes.ODD).toEqual({ ODD: { rule: 'LOSE' }, EVEN: { rule: 'WIN' } });
    expect(r.outcomes.DULHA_BARATI).toEqual({ DULHA_DULHAN: { rule: 'WIN' }, BARATI: { rule: 'LOSE' } });
  });

  it('from the seeds: the round deals the first card of the PF-1 shuffle of the 32-card shoe', async () => {
    const shoe = await drawShoe(CASINO_GAMES.btable, SEED, 'india-casino-demo', 0);
    expect(shoe).toHaveLength(32);
    const r = await playRound(CASINO_GAMES.btable, SEED, 'india-casino-demo', 0);
    expect(r.card).toBe(shoe[0]);
    expect(r.hands).toEqual({ card: [shoe[0]] });
  });

  it('settles every runner of every market in 200 PF-1 rounds', async () => {
    expect(await playedRoundProblems(game)).toEqual([]);
  }, ROUND_CHECK_TIMEOUT_MS);
});
