/** Routes of bet placement (player area): runner and fancy bets. Thin: the Idempotency-Key header is required. */
import { IDEMPOTENCY_HEADER, MESSAGES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { isDomainError } from '../common/domain-error';
import { confirmSession, requireAuth, signedIn } from '../plugins/auth';
import { betsSchema, placeBetSchema } from './betting.schemas';
import type { BettingService } from './betting.service';

export async function bettingRoutes(
  app: FastifyInstance,
  options: {
    betting: BettingService;
    /**
     * What the request's site allows its players (ADR 0074 "Content per site"): refuses a bet on a
     * table or a sport the site switched off (403) or a stake outside its own limits (400), from
     * the cached site directory; composed in app.ts.
     */
    assertSiteAllows?: (siteId: string, bet: { matchId: string; stake: number }) => Promise<void>;
  },
): Promise<void> {
  const config = { access: signedIn({ area: 'player', roles: ['user'] }) };
  // One database round trip per bet: the auth hook verifies the JWT only, and place_runner_bet /
  // place_fancy_bet_checked check the session with the same answers as the hook (plugins/auth.ts).
  const placeConfig = { access: signedIn({ area: 'player', roles: ['user'], sessionCheckedByHandler: true }) };
  // attachValidation: a refused body is thrown from the handler, after confirmSession, so that a
  // dead session still answers 401/403 before a 400, as the hook's own check would have.
  app.post<RouteTypes<typeof placeBetSchema>>('/placebet', { schema: placeBetSchema, config: placeConfig, attachValidation: true }, async (request) => {
    const auth = requireAuth(request);
    const session = auth.sessionUnchecked === true ? { sessionId: auth.sessionId, area: auth.area } : null;
    try {
      if (request.validationError !== undefined) throw request.validationError;
      if (options.assertSiteAllows !== undefined) {
        try {
          await options.assertSiteAllows(auth.siteId, request.body);
        } catch (error) {
          // A refusal of the site answers after the session's own check, as every refusal here.
          await confirmSession(request);
          throw error;
        }
      }
      return {
        data: await options.betting.placeBet(auth.userId, request.body, request.headers[IDEMPOTENCY_HEADER], session),
        message: MESSAGES.betPlaced,
      };
    } catch (error) {
      if (request.validationError !== undefined || (isDomainError(error) && error.code === 'VALIDATION')) await confirmSession(request);
      throw error;
    }
  });
  app.get<RouteTypes<typeof betsSchema>>('/bets', { schema: betsSchema, config }, async (request) => ({
    data: await options.betting.betsOnMatch(requireAuth(request).userId, request.query.matchId),
    message: MESSAGES.ok,
  }));
}
