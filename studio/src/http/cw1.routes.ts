/**
 * CW-1, operator → studio, signed both ways (http/cw1-signing.ts): POST /v1/sessions,
 * GET /v1/rounds/:roundId, GET /v1/reports/transactions?date= .
 */
import type { Cw1RoundResponse, Cw1SessionRequest, Cw1TransactionsReport } from '@backlay/shared/cw1';
import type { FastifyInstance } from 'fastify';
import { GAME_CODES, isGameCode } from '../games/outcome';
import type { Studio } from '../studio';
import type { Cw1Signing } from './cw1-signing';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A required text field: non-empty, bounded, no control characters (NUL included), well-formed UTF-16. */
const text = (v: unknown, max = 256): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max && !/[\uD800-\uDFFF]/.test(v.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, "")) && ![...v].some((c) => c.charCodeAt(0) < 0x20);

export async function cw1Routes(app: FastifyInstance, options: { studio: Studio; cw1: Cw1Signing }): Promise<void> {
  const { studio, cw1 } = options;
  const { signed, verified } = cw1;
  const { config } = studio;

  app.post('/v1/sessions', async (req, reply) => {
    if (!(await verified(req, reply))) return reply;
    const b = (req.body ?? {}) as Partial<Cw1SessionRequest>;
    if (!text(b.operatorId) || !text(b.playerId) || !text(b.sessionToken, 1024) || !text(b.currency, 3) || !text(b.lobbyUrl, 2048)) {
      return signed(reply, 200, { status: 'INVALID_REQUEST', message: 'operatorId, playerId, sessionToken, currency and lobbyUrl are required' });
    }
    if (!isGameCode(b.gameCode)) return signed(reply, 200, { status: 'INVALID_GAME', message: `Backlay Studio has no game '${String(b.gameCode)}' (${GAME_CODES.join(', ')})` });
    if (b.mode !== 'real') return signed(reply, 200, { status: 'INVALID_REQUEST', message: 'only real-money mode is offered' });
    return signed(reply, 200, studio.createSession(b as Cw1SessionRequest & { gameCode: (typeof GAME_CODES)[number] }));
  });

  app.get<{ Params: { roundId: string } }>('/v1/rounds/:roundId', async (req, reply) => {
    if (!(await verified(req, reply))) return reply;
    const round = studio.store.rounds.get(req.params.roundId);
    if (!round) return signed(reply, 200, { status: 'TRANSACTION_NOT_FOUND', message: 'No such round' } satisfies Cw1RoundResponse);
    const transactions = [...studio.store.txs.values()].filter((tx) => tx.roundId === round.roundId && tx.state === 'ok').map((tx) => studio.store.reportOf(tx));
    const state = round.state === 'rolled_back' ? 'rolled_back' : round.state === 'closed' || round.state === 'refused' ? 'closed' : 'open';
    const serverSeed = studio.revealedSeedOf(round);
    const body: Cw1RoundResponse = {
      status: 'OK',
      roundId: round.roundId,
      gameCode: round.gameCode,
      playerId: round.playerId,
      state,
      transactions,
      detail: {
        stake: String(round.stake),
        params: round.params,
        ...(state === 'open' ? {} : { outcome: round.outcome, resultCents: round.resultCents, payout: String(round.payout ?? 0), picks: round.picks, cashOutAt: round.cashOutAt }),
        startedAt: round.startedAt,
        fairness: { scheme: 'PF-1', serverSeedHash: round.serverSeedHash, clientSeed: round.clientSeed, nonce: round.nonce, serverSeed },
      },
    };
    return signed(reply, 200, body);
  });

  app.get<{ Querystring: { date?: string } }>('/v1/reports/transactions', async (req, reply) => {
    if (!(await verified(req, reply))) return reply;
    const date = req.query.date;
    if (typeof date !== 'string' || !DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
      return signed(reply, 200, { status: 'INVALID_REQUEST', message: 'date is YYYY-MM-DD' } satisfies Cw1TransactionsReport);
    }
    const transactions = [...studio.store.txs.values()]
      .filter((tx) => tx.state === 'ok' && new Date(tx.sentAt).toISOString().slice(0, 10) === date)
      .sort((a, b) => a.sentAt - b.sentAt)
      .map((tx) => studio.store.reportOf(tx));
    return signed(reply, 200, { status: 'OK', partnerId: config.partnerId, date, transactions } satisfies Cw1TransactionsReport);
  });
}
