/**
 * Which site a request is for (issue 35, ADR 0074): the host name of its Host header (or of
 * X-Forwarded-Host behind a trusted proxy, as Fastify's request.hostname reads it), in the one
 * form a site's domain is stored in. Pure: the directory (sites.service.ts) does the lookup.
 */

/** A site id: a lower-case slug (the `sites.id` check). */
export const SITE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,31}$/;

/** The default site migration 0049 creates: every account of a deployment older than sites is on it. */
export const DEFAULT_SITE_ID = 'backlay';

const HOST_NAME = /^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/;

/**
 * The host name a domain is stored as: lower case, no port, no trailing dot; null for anything
 * that is not a DNS name or an IPv4 address (an IPv6 literal, a user-info part, control
 * characters, an empty or over-long value): such a request is answered as the default site.
 */
export function hostNameOf(hostname: string | undefined): string | null {
  if (hostname === undefined || hostname.length === 0 || hostname.length > 260) return null;
  let name = hostname.toLowerCase();
  // request.hostname keeps the port of a Host header it could not split (Fastify 5 strips it).
  const colon = name.lastIndexOf(':');
  if (colon > 0 && !name.startsWith('[') && /^\d{1,5}$/.test(name.slice(colon + 1))) name = name.slice(0, colon);
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (!HOST_NAME.test(name) || name.includes('..')) return null;
  return name;
}
