/**
 * Recomputing rounds from revealed seeds: each game's outcome equals what PF-1's own primitives
 * give for the same (serverSeed, clientSeed, nonce), so a player with the shared PF-1 code (or
 * any HMAC-SHA256 tool) gets the same crash point, mines and path.
 */
import { createHash } from 'node:crypto';
import { pf1Floats, pf1Index, pf1Shuffle, pf1Stream, serverSeedHash } from '@backlay/shared/casino';
import { crashPointFromWord } from './crash';
import { diceMultiplierCents } from './dice';
import { limboResultFromWord } from './limbo';
import { plinkoTable } from './plinko';
import { outcomeOf } from './outcome';

const SERVER_SEED = '5f2a0c4b8e7d6a1f3c9b2e4d7a8f0c1e6b3d9a2f4e7c8b1d0a5f3e6c9b2d4a7f';

describe('PF-1 outcome recomputation', () => {
  it.each([0, 1, 41, 1000])('nonce %i: crash, mines, plinko, dice, limbo and hilo follow from the seeds alone', async (nonce) => {
    const client = 'player-chosen-seed';
    const crash = await outcomeOf({ game: 'crash' }, SERVER_SEED, client, nonce);
    expect(crash).toEqual({ game: 'crash', crashCents: crashPointFromWord(await pf1Stream(SERVER_SEED, client, nonce).nextWord()) });

    const mines = await outcomeOf({ game: 'mines', mines: 7 }, SERVER_SEED, client, nonce);
    const shuffled = await pf1Shuffle([...Array(25).keys()], SERVER_SEED, client, nonce);
    expect(mines).toEqual({ game: 'mines', mines: 7, mineTiles: shuffled.slice(0, 7).sort((a, b) => a - b) });

    const plinko = await outcomeOf({ game: 'plinko', rows: 12, risk: 'medium' }, SERVER_SEED, client, nonce);
    const path = (await pf1Floats(SERVER_SEED, client, nonce, 12)).map((f) => f >= 0.5);
    const bucket = path.filter(Boolean).length;
    expect(plinko).toEqual({ game: 'plinko', rows: 12, risk: 'medium', path, bucket, cents: plinkoTable(12, 'medium')[bucket] });

    const roll = await pf1Index(pf1Stream(SERVER_SEED, client, nonce), 10_000);
    const dice = await outcomeOf({ game: 'dice', direction: 'under', target: 5_000 }, SERVER_SEED, client, nonce);
    expect(dice).toEqual({ game: 'dice', roll, direction: 'under', target: 5_000, cents: roll < 5_000 ? diceMultiplierCents('under', 5_000) : 0 });

    const result = limboResultFromWord(await pf1Stream(SERVER_SEED, client, nonce).nextWord());
    const limbo = await outcomeOf({ game: 'limbo', target: 200 }, SERVER_SEED, client, nonce);
    expect(limbo).toEqual({ game: 'limbo', resultCents: result, target: 200, cents: result >= 200 ? 200 : 0 });

    const stream = pf1Stream(SERVER_SEED, client, nonce);
    const cards: number[] = [];
    for (let k = 0; k < 52; k++) cards.push(await pf1Index(stream, 52));
    expect(await outcomeOf({ game: 'hilo' }, SERVER_SEED, client, nonce)).toEqual({ game: 'hilo', cards });
  });

  it('refuses parameters no game takes', async () => {
    await expect(outcomeOf({ game: 'dice', direction: 'under', target: 9_900 }, SERVER_SEED, 'c', 0)).rejects.toThrow(RangeError);
    await expect(outcomeOf({ game: 'limbo', target: 100 }, SERVER_SEED, 'c', 0)).rejects.toThrow(RangeError);
  });

  it('a different client seed or nonce gives another round, and the commitment is SHA-256 of the seed', async () => {
    const a = await outcomeOf({ game: 'plinko', rows: 16, risk: 'low' }, SERVER_SEED, 'a', 1);
    const b = await outcomeOf({ game: 'plinko', rows: 16, risk: 'low' }, SERVER_SEED, 'b', 1);
    const c = await outcomeOf({ game: 'plinko', rows: 16, risk: 'low' }, SERVER_SEED, 'a', 2);
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(c);
    expect(await serverSeedHash(SERVER_SEED)).toBe(createHash('sha256').update(SERVER_SEED, 'utf8').digest('hex'));
  });
});
