/**
 * The request context every domain's routes read, in one place: the caller as the policies see
 * it (`actorOf`), where the request came from, for sessions, throttling and the audit log
 * (`metaOf`), and both as an admin screen's change records them (`auditContextOf`). Services
 * take these plain values, never the Fastify request.
 */
import type { Role } from '@backlay/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from './auth';

/** Who is asking (from the authenticated session, whose role was read from the database). */
export interface Actor {
  userId: string;
  role: Role;
  /** The site of the request (ADR 0074): a username names an account of this site. */
  siteId: string;
}

/** Where a request came from, for sessions, throttling and the audit log. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  /** The site of the request's host (ADR 0074). */
  siteId: string;
}

/** The caller of a `signedIn` route as the policy sees it. */
export function actorOf(request: FastifyRequest): Actor {
  const auth = requireAuth(request);
  return { userId: auth.userId, role: auth.role, siteId: auth.siteId };
}

/** Where a request came from; the user agent is cut to 512 characters. */
export function metaOf(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: userAgent?.slice(0, 512) ?? null, requestId: request.id, siteId: request.siteId };
}

/** Who made a change (null: the system, e.g. the demo import) and from where, for the audit log. */
export interface AuditContext {
  actorId: string | null;
  ip: string | null;
  requestId: string | null;
}

/** The audit context of a `signedIn` route's caller. */
export function auditContextOf(request: FastifyRequest): AuditContext & { actorId: string } {
  return { actorId: requireAuth(request).userId, ip: request.ip, requestId: request.id };
}
