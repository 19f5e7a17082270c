/**
 * The one place where errors become HTTP: DomainError → its code's status; request-validation
 * failures → 400 VALIDATION with the first readable message; Fastify's own client errors keep
 * their status; everything else → 500 with a generic message, logged with the request id.
 * Errors the router raises before any route runs (a badly encoded path, a path parameter past
 * maxParamLength) go through `frameworkErrors`, so they too answer in the envelope and never
 * echo the path back (found by the T14 fuzzer's response-schema oracle).
 *
 * Two security events are logged here, where every refusal passes (docs/rules/test-plan.md T16, ASVS
 * 16.3.1/16.3.2): `access_denied` for each 401 and 403 (code, route, caller if known, address)
 * and `upload_refused` for each refused multipart upload (413, 415, 422, 400). Neither carries
 * the token, the body or the file.
 */
import { MESSAGES, type ErrorCode } from '@backlay/shared/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDomainError } from '../common/domain-error';
import { isPoolExhausted } from '../db/database';
import { readableValidationMessage, type ValidationIssue } from './validation-message';

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'NO_AUTH_TOKEN';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 414:
      return 'URI_TOO_LONG';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 431:
      return 'HEADERS_TOO_LARGE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'VALIDATION';
  }
}

/** Fastify's `frameworkErrors` option: the router's own refusals, in the envelope. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : error.code === 'FST_ERR_BAD_URL' ? 400 : 500;
  if (status === 500) request.log.error({ err: error, reqId: request.id }, 'router error');
  void reply
    .status(status)
    .send(
      status === 500
        ? { data: { code: 'INTERNAL' }, message: MESSAGES.internal }
        : { data: { code: codeForStatus(status) }, message: tooLong ? MESSAGES.addressTooLong : MESSAGES.badAddress },
    );
}

/** The `access_denied` / `upload_refused` events of a refusal (docs/rules/test-plan.md T16). */
function logRefusal(request: FastifyRequest, status: number, code: string): void {
  const where = { method: request.method, route: request.routeOptions.url ?? null, userId: request.auth?.userId ?? null, ip: request.ip, code };
  if (status === 401 || status === 403) request.log.info({ event: 'access_denied', status, ...where }, 'access denied');
  else if (typeof request.isMultipart === 'function' && request.isMultipart() && [400, 413, 415, 422].includes(status)) {
    request.log.info({ event: 'upload_refused', status, ...where }, 'upload refused');
  }
}

async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDomainError(error)) {
      logRefusal(request, error.statusCode, error.code);
      if (error.headers !== undefined) reply.headers(error.headers);
      const data: Record<string, unknown> = { code: error.code, ...error.data };
      if (error.details !== undefined) data.details = error.details;
      // Maintenance is a planned 503, not a fault; other 5xx domain errors are.
      if (error.code === 'MAINTENANCE') request.log.debug({ code: error.code }, 'refused: maintenance');
      else if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(error.statusCode).send({ data, message: error.message });
    }
    if (error.validation !== undefined) {
      const issues = error.validation as unknown as ValidationIssue[];
      return reply.status(400).send({
        data: {
          code: 'VALIDATION',
          details: issues.map((issue) => ({
            field: issue.instancePath,
            keyword: issue.keyword,
            message: issue.message,
            params: issue.params,
          })),
        },
        message: readableValidationMessage(issues, error.validationContext),
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      logRefusal(request, status, codeForStatus(status));
      return reply.status(status).send({ data: { code: codeForStatus(status) }, message: error.message });
    }
    if (isPoolExhausted(error)) {
      // Overloaded: no connection came free in time, so what needed one did not run (writes go in
      // one transaction each) and the client may retry (every money request is idempotent).
      request.log.warn({ event: 'pool_exhausted', method: request.method, route: request.routeOptions.url ?? null }, 'database pool busy: 503');
      return reply.status(503).header('retry-after', '1').send({ data: { code: 'BUSY' }, message: MESSAGES.busy });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ data: { code: 'INTERNAL' }, message: MESSAGES.internal });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ data: { code: 'NOT_FOUND', details: { method: request.method } }, message: MESSAGES.notFound });
  });
}

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler', fastify: '5.x' });
