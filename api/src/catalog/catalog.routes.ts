/** Routes of the catalog that step 1 serves. */
import { MESSAGES, PAGE_SIZE_MAX } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { bearerSecurity, isoTimeSchema, responses } from '../common/schemas';
import { signedIn } from '../plugins/auth';
import type { CatalogService } from './catalog.service';
import { MATCH_LIST_DEFAULT_LIMIT, MATCH_STATUS_VALUES, normalizeMatchQuery } from './match-query';

const sportListSchema = {
  tags: ['catalog'],
  security: bearerSecurity,
  response: responses({
    type: 'array',
    items: {
      type: 'object',
      required: ['sportId', 'name'],
      properties: { sportId: { type: 'integer' }, name: { type: 'string' } },
    },
  }),
};

const matchListSchema = {
  tags: ['catalog'],
  security: bearerSecurity,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      sportId: { type: 'integer', minimum: 1 },
      status: { type: 'string', enum: [...MATCH_STATUS_VALUES], default: 'all' },
      limit: { type: 'integer', minimum: 1, maximum: PAGE_SIZE_MAX, default: MATCH_LIST_DEFAULT_LIMIT },
    },
  },
  response: responses({
    type: 'array',
    items: {
      type: 'object',
      required: ['_id', 'sportId', 'name', 'openDate', 'inPlay', 'status'],
      properties: {
        _id: { type: 'string' },
        sportId: { type: 'integer' },
        name: { type: 'string' },
        openDate: isoTimeSchema,
        inPlay: { type: 'boolean' },
        status: { type: 'string', enum: ['upcoming', 'inplay', 'closed'] },
      },
    },
  }),
};

export async function catalogRoutes(app: FastifyInstance, options: { catalog: CatalogService }): Promise<void> {
  const { catalog } = options;

  app.get('/get-sport-list', { schema: sportListSchema, config: { access: signedIn() } }, async () => ({
    data: await catalog.sports(),
    message: MESSAGES.ok,
  }));

  app.get<{ Querystring: { sportId?: number; status?: string; limit?: number } }>(
    '/get-match-list',
    { schema: matchListSchema, config: { access: signedIn() } },
    async (request) => ({ data: await catalog.matches(normalizeMatchQuery(request.query)), message: MESSAGES.ok }),
  );
}
