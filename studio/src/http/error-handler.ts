/**
 * The one place errors become answers: a PlayError is its own status and words; any other 4xx
 * keeps its message; everything else is logged and answered as a 500 without detail.
 */
import type { FastifyInstance } from 'fastify';
import { PlayError } from '../studio';

export function errorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: Error & { statusCode?: number }, _req, reply) => {
    if (error instanceof PlayError) return reply.code(error.statusCode).send({ message: error.message });
    const code = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (code === 500) app.log.error(error);
    return reply.code(code).send({ message: code === 500 ? 'Something went wrong at the studio' : error.message });
  });
}
