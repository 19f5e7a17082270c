/**
 * The front-end's Content-Security-Policy, in one place for `pnpm start` and the e2e stack. Today
 * it governs frames only, both ways:
 *
 * - what the shell frames (frame-src): the international casino embeds each game provider's page
 *   (our own studio, on its own origin) in a frame, so the shell may frame the enabled providers'
 *   origins and nothing else — not its own: the 'Sport Betting' provider's tile opens the
 *   exchange itself (CasinoIntList), so no page of the product runs framed inside itself;
 * - who frames the product (frame-ancestors 'none', and X-Frame-Options DENY for browsers without
 *   CSP 2): nobody, not even itself (clickjacking; issue 29). serve.mjs sends NOT_FRAMED with every
 *   file of every unit, deploy/nginx/static.conf the same in production.
 *
 * Scripts, styles and connections are not restricted by it (the remotes load from their own origins).
 *
 * The providers' origins come from configuration: the studio's public URL (STUDIO_PUBLIC_URL, as
 * the studio itself is told; else its loopback address and port) and PROVIDER_FRAME_ORIGINS, a
 * comma-separated list for the other providers an admin enabled.
 */
import { STUDIO, portOf } from './apps.mjs';

/** The studio's origin as the browser sees it: what the studio is told and what the shell frames. */
export function studioPublicUrl(port = portOf(STUDIO), env = process.env) {
  return env.STUDIO_PUBLIC_URL ?? `http://127.0.0.1:${port}`;
}

/** The origins the shell may frame besides its own: the studio's and PROVIDER_FRAME_ORIGINS. */
export function providerFrameOrigins(studioUrl, env = process.env) {
  const extra = (env.PROVIDER_FRAME_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return [...new Set([studioUrl, ...extra].map((url) => new URL(url).origin))];
}

/** No page of the product may be framed, by anyone (itself included). */
export const NOT_FRAMED = "frame-ancestors 'none'";

/** The same for browsers that know only the older header. */
export const X_FRAME_OPTIONS = 'DENY';

/** The policy the shell's server sends with every page and file: frames of the providers only, never framed. */
export function shellCsp(frameOrigins) {
  return `frame-src ${frameOrigins.length > 0 ? frameOrigins.join(' ') : "'none'"}; ${NOT_FRAMED}`;
}
