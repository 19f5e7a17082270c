/** Routes of the news lines: everyone reads (players the active ones); admin and sadmin write. */
import {
  MESSAGES,
  NEWS_TEXT_MAX_LENGTH,
  SPORTS_ADMIN_ROLES,
  type SaveMessageRequest,
  type UpdateMessageRequest,
} from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { bearerSecurity, isoTimeSchema, responses, uuidSchema } from '../common/schemas';
import { requireAuth, signedIn } from '../plugins/auth';
import { auditContextOf } from '../plugins/request-context';
import type { NewsService } from './news.service';

const messageSchema = {
  type: 'object',
  required: ['_id', 'text', 'active', 'createdAt'],
  properties: { _id: uuidSchema, text: { type: 'string' }, active: { type: 'boolean' }, createdAt: isoTimeSchema },
};
/** Type-level bound only (the trimmed length is checked by news-rules.ts with its message). */
const textField = { type: 'string', maxLength: NEWS_TEXT_MAX_LENGTH * 4 };
const tags = ['news'];
const writers = { access: signedIn({ roles: SPORTS_ADMIN_ROLES }) };

export async function newsRoutes(app: FastifyInstance, options: { news: NewsService }): Promise<void> {
  const { news } = options;

  app.get(
    '/get-messages',
    { schema: { tags, security: bearerSecurity, response: responses({ type: 'array', items: messageSchema }) }, config: { access: signedIn() } },
    async (request) => ({ data: await news.list(SPORTS_ADMIN_ROLES.includes(requireAuth(request).role)), message: MESSAGES.ok }),
  );

  app.post<{ Body: SaveMessageRequest }>(
    '/save-message',
    {
      schema: {
        tags,
        security: bearerSecurity,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['text', 'active'],
          properties: { text: textField, active: { type: 'boolean' } },
        },
        response: responses(messageSchema),
      },
      config: writers,
    },
    async (request) => ({
      data: await news.create(request.body, auditContextOf(request)),
      message: MESSAGES.messageSaved,
    }),
  );

  app.post<{ Body: UpdateMessageRequest }>(
    '/update-message',
    {
      schema: {
        tags,
        security: bearerSecurity,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['_id'],
          properties: { _id: uuidSchema, text: textField, active: { type: 'boolean' } },
        },
        response: responses(messageSchema),
      },
      config: writers,
    },
    async (request) => ({
      data: await news.update(request.body, auditContextOf(request)),
      message: MESSAGES.messageUpdated,
    }),
  );
}
