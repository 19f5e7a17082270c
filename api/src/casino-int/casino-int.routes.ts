/**
 * Routes of the international casino (docs/rules/product.md §7 Casino): players list providers and games and ask
 * for a launch URL; admin and sadmin manage the provider registry (providers, rotating secrets,
 * games) and read and run the reconciliation. The wallet callbacks are in wallet.routes.ts.
 */
import { CASINO_INT_MESSAGES, MESSAGES, SPORTS_ADMIN_ROLES, type Role } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../common/domain-error';
import type { RouteTypes } from '../common/schemas';
import { publicAccess, requireAuth, signedIn } from '../plugins/auth';
import { auditContextOf } from '../plugins/request-context';
import { schemas } from './casino-int.schemas';
import { switchMessage, type CasinoIntService } from './casino-int.service';
import { gameTileSvg } from './game-images';
import type { ReconciliationService } from './reconciliation';

const anyone = { access: signedIn() };
const players = { access: signedIn({ area: 'player', roles: ['user'] }) };
const house = { access: signedIn({ roles: SPORTS_ADMIN_ROLES }) };
/**
 * Who holds a provider's keys: only the Super Admin (`admin`) registers a provider (its first
 * secret) and rotates or retires its secrets; a leaked Admin account can not sign credits.
 */
const superAdmin = { access: signedIn({ roles: ['admin'] satisfies Role[] }) };

type Route<K extends keyof typeof schemas> = RouteTypes<(typeof schemas)[K]>;

export async function casinoIntRoutes(
  app: FastifyInstance,
  options: {
    casinoInt: CasinoIntService;
    reconciliation: ReconciliationService;
    /** The providers the request's site switched off (ADR 0074 "Content per site"). */
    providersOff: (siteId: string) => Promise<ReadonlySet<string>>;
  },
): Promise<void> {
  const { casinoInt, reconciliation, providersOff } = options;
  const ok = <T>(data: T, message: string = MESSAGES.ok) => ({ data, message });

  app.get('/get-casino-providers', { schema: schemas.providers, config: anyone }, async (request) =>
    ok(await casinoInt.providers(await providersOff(request.siteId))),
  );

  app.get<Route<'games'>>('/get-casino-int-games', { schema: schemas.games, config: anyone }, async (request) =>
    ok(await casinoInt.games(request.query, await providersOff(request.siteId))),
  );

  app.post<Route<'playUrl'>>('/get-cas-casino-play-url', { schema: schemas.playUrl, config: players }, async (request) => {
    const auth = requireAuth(request);
    return ok(await casinoInt.playUrl(auth.userId, auth.sessionId, request.body, request.ip, await providersOff(auth.siteId)));
  });

  // Tile images: public (an <img> sends no bearer token).
  app.get<Route<'image'>>('/casino-int/images/:file', { schema: schemas.image, config: { access: publicAccess() } }, async (request, reply) => {
    const svg = await gameTileSvg(casinoInt, request.params.file.replace(/\.svg$/, ''));
    if (svg === null) throw new DomainError('NOT_FOUND', CASINO_INT_MESSAGES.gameNotFound);
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });

  app.get('/casino-int-admin/providers', { schema: schemas.adminProviders, config: house }, async () => ok(await casinoInt.adminProviders()));

  app.post<Route<'createProvider'>>('/casino-int-admin/providers', { schema: schemas.createProvider, config: superAdmin }, async (request) =>
    ok(await casinoInt.createProvider(auditContextOf(request), request.body), CASINO_INT_MESSAGES.secretRotated),
  );

  app.post<Route<'setProviderEnabled'>>(
    '/casino-int-admin/providers/:id/enabled',
    { schema: schemas.setProviderEnabled, config: house },
    async (request) => {
      await casinoInt.setProviderEnabled(auditContextOf(request), request.params.id, request.body.enabled);
      return ok({ id: request.params.id, enabled: request.body.enabled }, switchMessage('provider', request.body.enabled));
    },
  );

  app.post<Route<'rotateSecret'>>('/casino-int-admin/providers/:id/secrets', { schema: schemas.rotateSecret, config: superAdmin }, async (request) =>
    ok(await casinoInt.rotateSecret(auditContextOf(request), request.params.id), CASINO_INT_MESSAGES.secretRotated),
  );

  app.post<Route<'retireSecret'>>(
    '/casino-int-admin/providers/:id/secrets/:secretId/retire',
    { schema: schemas.retireSecret, config: superAdmin },
    async (request) =>
      ok(await casinoInt.retireSecret(auditContextOf(request), request.params.id, request.params.secretId), CASINO_INT_MESSAGES.secretRetired),
  );

  app.post<Route<'createGame'>>('/casino-int-admin/providers/:id/games', { schema: schemas.createGame, config: house }, async (request) => {
    await casinoInt.createGame(auditContextOf(request), request.params.id, request.body);
    return ok({ providerId: request.params.id, code: request.body.code });
  });

  app.post<Route<'setGameEnabled'>>(
    '/casino-int-admin/games/:identifier/enabled',
    { schema: schemas.setGameEnabled, config: house },
    async (request) => {
      await casinoInt.setGameEnabled(auditContextOf(request), request.params.identifier, request.body.enabled);
      return ok({ identifier: request.params.identifier, enabled: request.body.enabled }, switchMessage('game', request.body.enabled));
    },
  );

  app.get<Route<'reconciliation'>>('/casino-int-admin/reconciliation', { schema: schemas.reconciliation, config: house }, async (request) =>
    ok(await reconciliation.report(request.query.provider, request.query.date)),
  );

  app.post<Route<'runReconciliation'>>('/casino-int-admin/reconciliation', { schema: schemas.runReconciliation, config: house }, async (request) =>
    ok(await reconciliation.run(request.body.provider, request.body.date), CASINO_INT_MESSAGES.reconciled),
  );
}
