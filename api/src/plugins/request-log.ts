/**
 * One log line per request (issue 34, ADR 0060: "Logs a person can read"), written when the answer
 * has gone: "GET /api/get-match-list?sportId=4 200 12.3 ms" with `method`, `url` (tokens in the
 * query string redacted), `statusCode` and `responseTimeMs` as fields, and the request id the
 * logger's child carries (`reqId`). It is Fastify's LogController for the app (app.ts): the
 * "incoming request" line goes, and "request completed", which named neither the method nor the
 * URL, becomes this line. The probes (health, liveness, metrics), which a platform calls every
 * few seconds, log at debug; a response that failed while it was being sent, at error.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from '../common/log-options';

/** The routes a platform polls: their lines are at debug. */
export const PROBE_URLS: ReadonlySet<string> = new Set(['/api/health', '/api/health/live', '/metrics']);

export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // The request's one line is written when it is answered (requestCompleted).
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const url = redactUrl(request.url);
    const path = url.split('?')[0] ?? url;
    const responseTimeMs = Math.round(reply.elapsedTime * 10) / 10;
    const line = { method: request.method, url, statusCode: reply.statusCode, responseTimeMs };
    const message = `${request.method} ${url} ${reply.statusCode} ${responseTimeMs} ms`;
    if (error) request.log.error({ ...line, err: error }, `${message} (the response failed)`);
    else if (PROBE_URLS.has(path)) request.log.debug(line, message);
    else request.log.info(line, message);
  }
}
