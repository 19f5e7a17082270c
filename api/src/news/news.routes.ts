/** Routes of the news lines: everyone reads (players the active ones); admin and sadmin write. */
import { MESSAGES, SPORTS_ADMIN_ROLES } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import type { RouteTypes } from '../common/schemas';
import { requireAuth, signedIn } from '../plugins/auth';
import { actorOf, auditContextOf } from '../plugins/request-context';
import { messagesSchema, saveMessageSchema, updateMessageSchema } from './news.schemas';
import type { NewsService } from './news.service';

const writers = { access: signedIn({ roles: SPORTS_ADMIN_ROLES }) };

export async function newsRoutes(app: FastifyInstance, options: { news: NewsService }): Promise<void> {
  const { news } = options;

  app.get(
    '/get-messages',
    { schema: messagesSchema, config: { access: signedIn() } },
    async (request) => ({ data: await news.list(actorOf(request), SPORTS_ADMIN_ROLES.includes(requireAuth(request).role)), message: MESSAGES.ok }),
  );

  app.post<RouteTypes<typeof saveMessageSchema>>(
    '/save-message',
    { schema: saveMessageSchema, config: writers },
    async (request) => ({
      data: await news.create(actorOf(request), request.body, auditContextOf(request)),
      message: MESSAGES.messageSaved,
    }),
  );

  app.post<RouteTypes<typeof updateMessageSchema>>(
    '/update-message',
    { schema: updateMessageSchema, config: writers },
    async (request) => ({
      data: await news.update(actorOf(request), request.body, auditContextOf(request)),
      message: MESSAGES.messageUpdated,
    }),
  );
}
