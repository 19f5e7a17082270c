/**
 * Routes of the hierarchy. Thin: parse, call the service, wrap in the envelope. Every route is
 * open to any signed-in caller of either area; the policy (users/policy.ts) answers 403 to
 * players and decides each target, so a player token gets 403 here rather than a logout.
 */
import {
  MESSAGES,
  type AddUserRequest,
  type ChangeChildPasswordRequest,
  type ListClientsQuery,
  type LockRequest,
  type MarketBetLockRequest,
  type UpdateUserRequest,
  type UserDetailQuery,
} from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { bearerSecurity, isoTimeSchema, nullSchema, responses, roleSchema, rupeesSchema, uuidSchema } from '../common/schemas';
import { agentsOnly, requireAuth, signedIn } from '../plugins/auth';
import { actorOf, metaOf } from '../plugins/request-context';
import type { AccountAdminService } from './account-admin.service';
import {
  addUserSchema,
  changeChildPasswordSchema,
  clientRowSchema,
  listClientsSchema,
  lockSchema,
  updateUserSchema,
  userDetailSchema,
} from './users.schemas';
import type { UsersService } from './users.service';

const downlineSchema = {
  tags: ['users'],
  security: bearerSecurity,
  response: responses({
    type: 'array',
    items: {
      type: 'object',
      required: ['_id', 'username', 'role', 'roleLabel', 'status', 'balance', 'exposer', 'createdAt'],
      properties: {
        _id: uuidSchema,
        username: { type: 'string' },
        role: roleSchema,
        roleLabel: { type: 'string' },
        status: { type: 'string', enum: ['active', 'locked', 'closed'] },
        balance: rupeesSchema,
        exposer: rupeesSchema,
        createdAt: isoTimeSchema,
      },
    },
  }),
};

/**
 * POST bet-lock: the user bet-lock ({username, lock} → the ClientRow), or with a marketId the
 * market bet-lock of that user's subtree ({username, marketId, lock} → null).
 */
const betLockSchema = {
  ...lockSchema,
  body: {
    ...lockSchema.body,
    properties: { ...lockSchema.body.properties, marketId: { type: 'string', minLength: 1, maxLength: 64 } },
  },
  response: responses({ anyOf: [clientRowSchema, nullSchema] }),
};

export async function usersRoutes(
  app: FastifyInstance,
  options: { users: UsersService; accounts: AccountAdminService },
): Promise<void> {
  const { users, accounts } = options;
  // Every route here but /downline acts on another account: agents only, refused before validation.
  const access = { access: agentsOnly() };

  app.get('/downline', { schema: downlineSchema, config: { access: signedIn({ area: 'admin' }) } }, async (request) => ({
    data: await users.downline(requireAuth(request).userId),
    message: MESSAGES.ok,
  }));

  app.get<{ Querystring: ListClientsQuery }>('/list-clients', { schema: listClientsSchema, config: access }, async (request) => ({
    data: await users.listClients(actorOf(request), request.query),
    message: MESSAGES.ok,
  }));

  app.get<{ Querystring: UserDetailQuery }>('/user-detail', { schema: userDetailSchema, config: access }, async (request) => ({
    data: await users.userDetail(actorOf(request), request.query.username),
    message: MESSAGES.ok,
  }));

  app.post<{ Body: AddUserRequest }>('/add-user', { schema: addUserSchema, config: access }, async (request) => ({
    data: await accounts.addUser(actorOf(request), request.body, metaOf(request)),
    message: MESSAGES.userCreated,
  }));

  app.post<{ Body: UpdateUserRequest }>('/update-user', { schema: updateUserSchema, config: access }, async (request) => ({
    data: await accounts.updateUser(actorOf(request), request.body, metaOf(request)),
    message: MESSAGES.userUpdated,
  }));

  app.post<{ Body: LockRequest }>('/users-lock', { schema: lockSchema, config: access }, async (request) => ({
    data: await accounts.setLock(actorOf(request), request.body, metaOf(request)),
    message: request.body.lock ? MESSAGES.accountLockedNow : MESSAGES.accountUnlocked,
  }));

  app.post<{ Body: LockRequest | MarketBetLockRequest }>('/bet-lock', { schema: betLockSchema, config: access }, async (request) => {
    const body = request.body;
    if ('marketId' in body && body.marketId !== undefined) {
      await accounts.setMarketBetLock(actorOf(request), body, metaOf(request));
      return { data: null, message: body.lock ? MESSAGES.marketLocked : MESSAGES.marketUnlocked };
    }
    return {
      data: await accounts.setBetLock(actorOf(request), body, metaOf(request)),
      message: body.lock ? MESSAGES.betLocked : MESSAGES.betUnlocked,
    };
  });

  app.post<{ Body: ChangeChildPasswordRequest }>(
    '/change-child-password',
    { schema: changeChildPasswordSchema, config: access },
    async (request) => {
      await accounts.changeChildPassword(actorOf(request), request.body, metaOf(request));
      return { data: null, message: MESSAGES.childPasswordReset };
    },
  );
}
