/**
 * Routes of the hierarchy. Thin: parse, call the service, wrap in the envelope. Every route is
 * open to any signed-in caller of either area; the policy (users/policy.ts) answers 403 to
 * players and decides each target, so a player token gets 403 here rather than a logout.
 */
import { MESSAGES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { agentsOnly, signedIn } from '../plugins/auth';
import { csvExportSchema, sendCsv } from '../plugins/csv-reply';
import { actorOf, metaOf } from '../plugins/request-context';
import type { AccountAdminService } from './account-admin.service';
import {
  addUserSchema,
  betLockSchema,
  changeChildPasswordSchema,
  downlineSchema,
  listClientsSchema,
  lockSchema,
  updateUserSchema,
  userDetailSchema,
} from './users.schemas';
import type { UsersService } from './users.service';

export async function usersRoutes(
  app: FastifyInstance,
  options: { users: UsersService; accounts: AccountAdminService },
): Promise<void> {
  const { users, accounts } = options;
  // Every route here but /downline acts on another account: agents only, refused before validation.
  const access = { access: agentsOnly() };
  // The account each route acts on (docs/rules/test-plan.md T9 targets, `x-target` in the OpenAPI document).
  const inQuery = { ...access, targets: [{ in: 'query', field: 'username', kind: 'user' }] } as const;
  const inBody = { ...access, targets: [{ in: 'body', field: 'username', kind: 'user' }] } as const;

  app.get('/downline', { schema: downlineSchema, config: { access: signedIn({ area: 'admin' }) } }, async (request) => ({
    data: await users.downline(actorOf(request)),
    message: MESSAGES.ok,
  }));

  app.get<RouteTypes<typeof listClientsSchema>>('/list-clients', { schema: listClientsSchema, config: inQuery }, async (request) => ({
    data: await users.listClients(actorOf(request), request.query),
    message: MESSAGES.ok,
  }));

  // The same list as a CSV file (ADR 0067): the same filters and access, every row.
  const clientsExport = csvExportSchema('/list-clients', listClientsSchema.querystring, listClientsSchema.tags);
  app.get<RouteTypes<typeof clientsExport>>('/list-clients/export', { schema: clientsExport, config: inQuery }, async (request, reply) =>
    sendCsv(reply, await options.users.listClientsCsv(actorOf(request), request.query)),
  );

  app.get<RouteTypes<typeof userDetailSchema>>('/user-detail', { schema: userDetailSchema, config: inQuery }, async (request) => ({
    data: await users.userDetail(actorOf(request), request.query.username),
    message: MESSAGES.ok,
  }));

  app.post<RouteTypes<typeof addUserSchema>>('/add-user', { schema: addUserSchema, config: access }, async (request) => ({
    data: await accounts.addUser(actorOf(request), request.body, metaOf(request)),
    message: MESSAGES.userCreated,
  }));

  app.post<RouteTypes<typeof updateUserSchema>>('/update-user', { schema: updateUserSchema, config: inBody }, async (request) => ({
    data: await accounts.updateUser(actorOf(request), request.body, metaOf(request)),
    message: MESSAGES.userUpdated,
  }));

  app.post<RouteTypes<typeof lockSchema>>('/users-lock', { schema: lockSchema, config: inBody }, async (request) => ({
    data: await accounts.setLock(actorOf(request), request.body, metaOf(request)),
    message: request.body.lock ? MESSAGES.accountLockedNow : MESSAGES.accountUnlocked,
  }));

  app.post<RouteTypes<typeof betLockSchema>>('/bet-lock', { schema: betLockSchema, config: inBody }, async (request) => {
    const { marketId, ...body } = request.body;
    if (marketId !== undefined) {
      await accounts.setMarketBetLock(actorOf(request), { ...body, marketId }, metaOf(request));
      return { data: null, message: body.lock ? MESSAGES.marketLocked : MESSAGES.marketUnlocked };
    }
    return {
      data: await accounts.setBetLock(actorOf(request), body, metaOf(request)),
      message: body.lock ? MESSAGES.betLocked : MESSAGES.betUnlocked,
    };
  });

  app.post<RouteTypes<typeof changeChildPasswordSchema>>(
    '/change-child-password',
    { schema: changeChildPasswordSchema, config: inBody },
    async (request) => {
      await accounts.changeChildPassword(actorOf(request), request.body, metaOf(request));
      return { data: null, message: MESSAGES.childPasswordReset };
    },
  );
}
