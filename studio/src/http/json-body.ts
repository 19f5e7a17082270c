/**
 * JSON bodies, with the raw text kept on the request (`req.rawBody`): CW-1's signature covers the
 * exact bytes. An empty body is no body; text that is not JSON is a 400.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

export function jsonBodyWithRaw(app: FastifyInstance): void {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    req.rawBody = body as string;
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = new Error('The body is not JSON') as Error & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });
}
