/** Routes of the hierarchy (admin area). */
import { MESSAGES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { bearerSecurity, isoTimeSchema, responses, roleSchema, rupeesSchema, uuidSchema } from '../common/schemas';
import { requireAuth, signedIn } from '../plugins/auth';
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

export async function usersRoutes(app: FastifyInstance, options: { users: UsersService }): Promise<void> {
  app.get('/downline', { schema: downlineSchema, config: { access: signedIn({ area: 'admin' }) } }, async (request) => ({
    data: await options.users.downline(requireAuth(request).userId),
    message: MESSAGES.ok,
  }));
}
