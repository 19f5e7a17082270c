/** @jest-environment node */
// jsdom has no crypto.subtle; PF-1 needs Web Crypto.
import { DRAGON_TIGER_EXCHANGE, DRAGON_TIGER_STANDARD, dragonTiger20, type DragonTigerConfig } from './dragon-tiger';
import { lucky7 } from './lucky7';
import { CASINO_GAMES, casinoGame, drawShoe, playRound } from './registry';
import { roundProblems } from './testing/round-check';
import { type CasinoGame } from './types';

const SERVER_SEED = '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e';
const CLIENT_SEED = 'india-casino-demo';

describe('the §2.3 worked deals, from the seeds (CASINO.md §2.3)', () => {
  it('Dragon Tiger: D = 8♦, T = K♦, Tiger wins (one deck, as the doc deals it)', async () => {
    // The doc deals its examples from the 52-card nonce-0 deck; the 20-20 table itself uses 8 decks.
    const oneDeck: CasinoGame<DragonTigerConfig> = { ...dragonTiger20, shoe: { kind: 'cards', decks: 1 } };
    for (const config of [DRAGON_TIGER_EXCHANGE, DRAGON_TIGER_STANDARD]) {
      const r = await playRound(oneDeck, SERVER_SEED, CLIENT_SEED, 0, config);
      expect(r).toMatchObject({ win: '2', card: '8DD,KDD', hands: { dragon: ['8DD'], tiger: ['KDD'] } });
    }
  });

  it('Teen Patti: A = 8♦ 5♦ 10♠ (high card), B = K♦ K♥ 10♦ (pair of kings), B wins', async () => {
    const r = await playRound(CASINO_GAMES.teen20, SERVER_SEED, CLIENT_SEED, 0);
    expect(r).toMatchObject({ win: '2', rdesc: 'Player B#A : High Card | B : Pair', hands: { playerA: ['8DD', '5DD', '10SS'], playerB: ['KDD', 'KHH', '10DD'] } });
  });

  it('Lucky 7: 8♦ is High, Even and Red (one deck)', async () => {
    const r = await playRound({ ...lucky7, shoe: { kind: 'cards', decks: 1 } }, SERVER_SEED, CLIENT_SEED, 0);
    expect(r).toMatchObject({ win: '2', card: '8DD', rdesc: 'High Card#Even#Red#Card 8' });
  });

  it('Andar Bahar: joker 8♦, the first other 8 (8♠) is the 23rd card after it, so the side dealt first wins', async () => {
    const bahar = await playRound(CASINO_GAMES.ab20, SERVER_SEED, CLIENT_SEED, 0);
    expect(bahar).toMatchObject({ win: '2', rdesc: 'Bahar#Joker : 8#Cards : 23' });
    expect(bahar.card.split(',').at(-1)).toBe('8SS');
    const andar = await playRound(CASINO_GAMES.ab20, SERVER_SEED, CLIENT_SEED, 0, { firstSide: 'andar', payouts: 'bahar-quarter-on-first' });
    expect(andar.win).toBe('1');
  });
});

describe('the registry', () => {
  it.each([
    ['teen20', 20, 1],
    ['dt20', 23, 8],
    ['lucky7', 27, 8],
    ['ab20', 26, 1],
    ['card32', 24, 1],
    ['baccarat', 22, 8],
    ['lucky7b', 27, 8],
    ['card32b', 24, 1],
    ['war', 29, 1],
    ['aaa', 32, 1],
    ['btable', 32, 2],
    ['queen', 40, 1],
    ['teen3cj', 28, 1],
    ['worli', 30, 1],
    ['lottery', 33, 1],
    ['race20', 41, 1],
    ['poker20', 21, 1],
  ])('%s: category %i, %i deck(s)', (code, categoryId, decks) => {
    const game = casinoGame(code)!;
    expect(game.code).toBe(code);
    expect(game.categoryId).toBe(categoryId);
    expect(game.shoe).toMatchObject({ kind: 'cards', decks });
  });

  it('roulette draws one pocket; unknown codes are undefined', async () => {
    expect(casinoGame('roulette')!.categoryId).toBe(31);
    await expect(drawShoe(CASINO_GAMES.roulette, SERVER_SEED, CLIENT_SEED, 0)).resolves.toEqual(['35']);
    expect(casinoGame('teen9')).toBeUndefined();
    expect(casinoGame('toString')).toBeUndefined();
  });

  it('the shoe is the PF-1 shuffle of the canonical shoe of the table (416 cards for 8 decks, 32 for 32 Cards)', async () => {
    expect(await drawShoe(CASINO_GAMES.dt20, SERVER_SEED, CLIENT_SEED, 0)).toHaveLength(416);
    const card32 = await drawShoe(CASINO_GAMES.card32, SERVER_SEED, CLIENT_SEED, 0);
    expect(card32).toHaveLength(32);
    expect(card32.every((c) => !/^([2-5]|A)/.test(c))).toBe(true);
  });
});

/**
 * Invariants of every table over real PF-1 rounds: each market's outcome names exactly its runners,
 * money returned is one of the rules' amounts, at most one runner wins, results are deterministic,
 * selection ids are unique, and the rules panel has a line per market.
 */
describe.each(Object.values(CASINO_GAMES).map((g) => [g.code, g] as const))('%s over 60 PF-1 rounds', (_code, game) => {
  it('settles every runner of every market and stays within its rules', async () => {
    const config = game.parseConfig(undefined);
    const markets = game.markets(config);
    const rules = game.rules(config);
    expect(new Set(markets.map((m) => m.code)).size).toBe(markets.length);
    for (const m of markets) {
      expect(new Set(m.runners.map((r) => r.selectionId)).size).toBe(m.runners.length);
      expect(rules.some((l) => l.startsWith(`${m.name}:`))).toBe(true);
    }
    const problems: string[] = [];
    for (let nonce = 0; nonce < 60; nonce++) {
      const r = await playRound(game, SERVER_SEED, `${game.code}-table`, nonce, config);
      problems.push(...roundProblems(game, config, r).map((p) => `nonce ${nonce}: ${p}`));
      if (r.card.length === 0) problems.push(`nonce ${nonce}: no cards`);
      if (nonce % 10 === 0) await expect(playRound(game, SERVER_SEED, `${game.code}-table`, nonce, config)).resolves.toEqual(r);
    }
    expect(problems).toEqual([]);
  });
});
