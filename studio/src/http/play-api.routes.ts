/**
 * The game page's own calls under /play-api/, authorised by the page's play token
 * (Authorization: Bearer): the state, seeds, a bet, crash cash-out, mines reveal and cash-out,
 * hilo guess and cash-out, and one round of the player's.
 */
import { parseMinorUnits } from '@backlay/shared/cw1';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HILO_GUESSES, hiloCents, hiloCentsAfter, hiloLabel, hiloProgress, hiloRank, type HiloGuess } from '../games/hilo';
import { parseGameParams, type GameParams } from '../games/outcome';
import type { PlayRecord, RoundRecord } from '../store';
import { PlayError, type Studio } from '../studio';

export async function playApiRoutes(app: FastifyInstance, options: { studio: Studio }): Promise<void> {
  const { studio } = options;

  function playOf(req: FastifyRequest): PlayRecord {
    const header = req.headers.authorization;
    return studio.playOf(typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined);
  }

  async function view(round: RoundRecord | undefined) {
    if (!round) return null;
    const open = round.state === 'open' || round.state === 'debiting';
    return {
      roundId: round.roundId,
      gameCode: round.gameCode,
      state: round.state,
      stake: String(round.stake),
      params: round.params,
      serverSeedHash: round.serverSeedHash,
      clientSeed: round.clientSeed,
      nonce: round.nonce,
      ...(round.gameCode === 'crash' ? { startedAt: round.startedAt, autoCents: round.autoCents ?? null, cashOutAt: round.cashOutAt } : {}),
      picks: round.picks,
      ...(round.outcome.game === 'hilo' ? { hilo: hiloView(round.outcome.cards, round.guesses ?? [], open) } : {}),
      outcome: open ? null : round.outcome,
      resultCents: round.resultCents ?? null,
      payout: round.payout === undefined ? null : String(round.payout),
      note: round.note,
    };
  }

  /**
   * A hilo round as far as the player has seen it: the cards up to the one showing (never the
   * next), the guesses, the multiplier held (hundredths, rounded down) and, while open, what each
   * guess would pay (hundredths) or null where it is not offered.
   */
  function hiloView(cards: number[], guesses: HiloGuess[], open: boolean) {
    const progress = hiloProgress(cards, guesses);
    const rank = hiloRank(cards[progress.step]);
    const seen = cards.slice(0, progress.step + 1);
    return {
      cards: seen,
      labels: seen.map(hiloLabel),
      guesses,
      cents: progress.lost ? 0 : hiloCents(progress.num, progress.den),
      next: open ? Object.fromEntries(HILO_GUESSES.map((g) => [g, hiloCentsAfter(progress, g, rank)])) : null,
    };
  }

  async function stateOf(play: PlayRecord) {
    const seeds = await studio.seedsOf(play.playerId);
    const history = [...studio.store.rounds.values()]
      .filter((r) => r.playerId === play.playerId && r.gameCode === play.gameCode && r.state !== 'refused')
      .slice(-10)
      .reverse();
    return {
      serverNow: Date.now(),
      player: { nickname: play.nickname, currency: play.currency, balance: String(play.balance) },
      seeds: { serverSeedHash: seeds.serverSeedHash, clientSeed: seeds.clientSeed, nonce: seeds.nonce },
      open: await view(studio.openRound(play)),
      history: await Promise.all(history.map(view)),
    };
  }

  app.get('/play-api/state', async (req) => stateOf(playOf(req)));

  app.post('/play-api/seeds', async (req) => {
    const play = playOf(req);
    const { revealedServerSeed, revealedHash } = await studio.rotateSeeds(play, (req.body as { clientSeed?: unknown } | undefined)?.clientSeed);
    return { revealed: { serverSeed: revealedServerSeed, serverSeedHash: revealedHash }, state: await stateOf(play) };
  });

  app.post('/play-api/bet', async (req) => {
    const play = playOf(req);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const stake = parseMinorUnits(b.stake);
    if (stake === null || stake < 100) throw new PlayError(400, 'The stake is a whole number of paise, at least 100 (₹1.00)');
    if (stake > 10_000_000) throw new PlayError(400, 'The stake is at most ₹1,00,000.00');
    let params: GameParams;
    try {
      params = parseGameParams(play.gameCode, b);
    } catch (error) {
      throw new PlayError(400, (error as Error).message);
    }
    let autoCents: number | null = null;
    if (play.gameCode === 'crash' && b.autoCashOut !== undefined && b.autoCashOut !== null) {
      if (!Number.isInteger(b.autoCashOut) || (b.autoCashOut as number) < 101 || (b.autoCashOut as number) > 1_000_000) {
        throw new PlayError(400, 'Auto cash-out is in hundredths of a multiplier, from 101 (1.01×) to 1000000');
      }
      autoCents = b.autoCashOut as number;
    }
    const round = await studio.bet(play, stake, params, autoCents);
    return { round: await view(round), state: await stateOf(play) };
  });

  app.post('/play-api/crash/cashout', async (req) => {
    const play = playOf(req);
    const round = await studio.crashCashOut(play, (req.body as { roundId?: unknown } | undefined)?.roundId);
    return { round: await view(round), state: await stateOf(play) };
  });

  app.get<{ Params: { roundId: string } }>('/play-api/rounds/:roundId', async (req) => {
    const play = playOf(req);
    const round = studio.store.rounds.get(req.params.roundId);
    if (!round || round.playerId !== play.playerId) throw new PlayError(404, 'No such round');
    return { round: await view(round), state: await stateOf(play) };
  });

  app.post('/play-api/mines/reveal', async (req) => {
    const play = playOf(req);
    const b = (req.body ?? {}) as { roundId?: unknown; tile?: unknown };
    const round = await studio.minesReveal(play, b.roundId, b.tile);
    return { round: await view(round), state: await stateOf(play) };
  });

  app.post('/play-api/mines/cashout', async (req) => {
    const play = playOf(req);
    const round = await studio.minesCashOut(play, (req.body as { roundId?: unknown } | undefined)?.roundId);
    return { round: await view(round), state: await stateOf(play) };
  });

  app.post('/play-api/hilo/guess', async (req) => {
    const play = playOf(req);
    const b = (req.body ?? {}) as { roundId?: unknown; guess?: unknown };
    const round = await studio.hiloGuess(play, b.roundId, b.guess);
    return { round: await view(round), state: await stateOf(play) };
  });

  app.post('/play-api/hilo/cashout', async (req) => {
    const play = playOf(req);
    const round = await studio.hiloCashOut(play, (req.body as { roundId?: unknown } | undefined)?.roundId);
    return { round: await view(round), state: await stateOf(play) };
  });
}
