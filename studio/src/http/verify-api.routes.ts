/** POST /verify-api/outcome: recomputes a round from its seeds (anyone may call it; the verify page's script does the same sums). */
import { serverSeedHash } from '@backlay/shared/casino';
import type { FastifyInstance } from 'fastify';
import { isClientSeed } from '../games/fairness';
import { hiloLabel } from '../games/hilo';
import { GAME_CODES, isGameCode, outcomeOf, parseGameParams, type GameParams } from '../games/outcome';
import { PlayError } from '../studio';

export async function verifyApiRoutes(app: FastifyInstance): Promise<void> {
  app.post('/verify-api/outcome', async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (typeof b.serverSeed !== 'string' || !/^[0-9a-f]{64}$/.test(b.serverSeed)) throw new PlayError(400, 'The server seed is 64 lowercase hex characters');
    if (!isClientSeed(b.clientSeed)) throw new PlayError(400, 'The client seed is 1 to 64 letters, digits or symbols, without spaces');
    if (!Number.isSafeInteger(b.nonce) || (b.nonce as number) < 0) throw new PlayError(400, 'The nonce is a whole number, 0 or more');
    if (!isGameCode(b.game)) throw new PlayError(400, `game is one of ${GAME_CODES.join(', ')}`);
    let params: GameParams;
    try {
      params = parseGameParams(b.game, b);
    } catch (error) {
      throw new PlayError(400, (error as Error).message);
    }
    const outcome = await outcomeOf(params, b.serverSeed, b.clientSeed, b.nonce as number);
    return {
      serverSeedHash: await serverSeedHash(b.serverSeed),
      outcome,
      // HiLo's cards as the game page names them (Stake's infinite-deck order).
      ...(outcome.game === 'hilo' ? { cardLabels: outcome.cards.map(hiloLabel) } : {}),
    };
  });
}
