/** GET /api/health: the process answers and the database runs `select 1`. */
import { MESSAGES, type HealthResponse } from '@backlay/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { publicAccess } from '../plugins/auth';
import { healthSchema } from './health.schemas';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { schema: healthSchema, config: { access: publicAccess() } }, async () => {
    await app.db.query('SELECT 1');
    const data: HealthResponse = { status: 'ok', db: 'up' };
    return { data, message: MESSAGES.ok };
  });
}
