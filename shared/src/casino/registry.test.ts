/** @jest-environment node */
import { CASINO_GAMES, playRound } from './registry';

const SEED = '3f1c5e0d9b2a47c68e5d0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e';

describe('playRound', () => {
  it('deals the CASINO.md §2.3 worked deals of the single-deck games from the nonce-0 shoe', async () => {
    const ab = await playRound(CASINO_GAMES.ab20!, SEED, 'india-casino-demo', 0, CASINO_GAMES.ab20!.defaultConfig);
    expect(ab.card.split(',')[0]).toBe('8DD');
    const tp = await playRound(CASINO_GAMES.teen20!, SEED, 'india-casino-demo', 0, CASINO_GAMES.teen20!.defaultConfig);
    expect(tp.card).toBe('8DD,KDD,5DD,KHH,10SS,10DD');
  });

  it('every game settles every runner of every market in every round', async () => {
    for (const game of Object.values(CASINO_GAMES)) {
      const config = game.parseConfig(game.defaultConfig);
      for (let nonce = 1; nonce <= 20; nonce += 1) {
        const result = await playRound(game, SEED, `table:${game.code}`, nonce, config);
        for (const market of game.markets(config)) {
          for (const runner of market.runners) expect(result.outcomes[market.code]?.[runner.selectionId]).toBeDefined();
        }
      }
    }
  });
});
