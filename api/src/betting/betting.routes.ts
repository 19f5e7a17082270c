/** Routes of bet placement (player area): runner and fancy bets. Thin: the Idempotency-Key header is required. */
import { IDEMPOTENCY_HEADER, MESSAGES, SITE_CONTENT_MESSAGES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { DomainError, isDomainError } from '../common/domain-error';
import { confirmSession, requireAuth, signedIn } from '../plugins/auth';
import { betsSchema, placeBetSchema } from './betting.schemas';
import type { BettingService } from './betting.service';

export async function bettingRoutes(
  app: FastifyInstance,
  options: {
    betting: BettingService;
    /** The live casino tables the request's site switched off (ADR 0074 "Content per site"). */
    tablesOff?: (siteId: string) => Promise<ReadonlySet<string>>;
    /** Refuses (403) a bet on a match of a sport the request's site switched off (catalog/site-sports.service.ts). */
    assertSportOffered?: (siteId: string, matchId: string) => Promise<void>;
    /** Refuses (400) a stake outside the request's site's own stake limits (catalog/site-limits.service.ts). */
    assertStakeAllowed?: (siteId: string, stake: number) => Promise<void>;
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
      if (options.tablesOff !== undefined && (await options.tablesOff(auth.siteId)).has(request.body.matchId)) {
        await confirmSession(request);
        throw new DomainError('FORBIDDEN', SITE_CONTENT_MESSAGES.tableOffHere);
      }
      if (options.assertSportOffered !== undefined) {
        try {
          await options.assertSportOffered(auth.siteId, request.body.matchId);
          await options.assertStakeAllowed?.(auth.siteId, request.body.stake);
        } catch (error) {
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
