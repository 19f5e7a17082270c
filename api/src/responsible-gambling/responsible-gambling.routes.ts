/**
 * Routes of responsible gambling (ADR 0019). The player's own settings (players only: nobody else
 * sets or lifts them), the reality check, and the agents' read-only view of their downline.
 */
import { MESSAGES } from '@backlay/shared/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { agentsOnly, requireAuth, signedIn } from '../plugins/auth';
import { metaOf } from '../plugins/request-context';
import type { ResponsibleGamblingService, RgMeta } from './responsible-gambling.service';
import {
  downlineSchema,
  ownSchema,
  realityCheckSchema,
  realityCheckSettingSchema,
  selfExcludeSchema,
  setLimitSchema,
  timeOutSchema,
} from './responsible-gambling.schemas';

const playersOnly = signedIn({ roles: ['user'], forbiddenMessage: MESSAGES.rgPlayersOnly });

function rgMeta(request: FastifyRequest): RgMeta {
  const meta = metaOf(request);
  return { ip: meta.ip, requestId: meta.requestId };
}

export async function responsibleGamblingRoutes(app: FastifyInstance, options: { rg: ResponsibleGamblingService }): Promise<void> {
  const { rg } = options;

  app.get('/responsible-gambling', { schema: ownSchema, config: { access: playersOnly } }, async (request) => ({
    data: await rg.own(requireAuth(request)),
    message: MESSAGES.ok,
  }));

  app.post<RouteTypes<typeof setLimitSchema>>('/rg-set-limit', { schema: setLimitSchema, config: { access: playersOnly } }, async (request) => {
    const { view, message } = await rg.setLimit(requireAuth(request), request.body.type, request.body.amount, rgMeta(request));
    return { data: view, message };
  });

  app.post<RouteTypes<typeof realityCheckSettingSchema>>(
    '/rg-reality-check',
    { schema: realityCheckSettingSchema, config: { access: playersOnly } },
    async (request) => ({
      data: await rg.setRealityCheck(requireAuth(request), request.body.minutes, rgMeta(request)),
      message: MESSAGES.rgRealityCheckSaved,
    }),
  );

  app.post<RouteTypes<typeof timeOutSchema>>('/rg-time-out', { schema: timeOutSchema, config: { access: playersOnly } }, async (request) => ({
    data: await rg.exclude(requireAuth(request), 'time_out', request.body.days, request.body.confirm, rgMeta(request)),
    message: MESSAGES.rgTimeOutStarted,
  }));

  app.post<RouteTypes<typeof selfExcludeSchema>>(
    '/rg-self-exclude',
    { schema: selfExcludeSchema, config: { access: playersOnly } },
    async (request) => ({
      data: await rg.exclude(requireAuth(request), 'self_exclusion', request.body.months, request.body.confirm, rgMeta(request)),
      message: MESSAGES.rgSelfExclusionStarted,
    }),
  );

  app.get('/reality-check', { schema: realityCheckSchema, config: { access: playersOnly } }, async (request) => ({
    data: await rg.realityCheck(requireAuth(request)),
    message: MESSAGES.ok,
  }));

  app.get<RouteTypes<typeof downlineSchema>>(
    '/downline-responsible-gambling',
    { schema: downlineSchema, config: { access: agentsOnly(), targets: [{ in: 'query', field: 'username', kind: 'player' }] } },
    async (request) => ({ data: await rg.downline(requireAuth(request), request.query), message: MESSAGES.ok }),
  );
}
