/**
 * The shell's Content-Security-Policy, in one place for `pnpm start` and the e2e stack. Today it
 * governs frames only: the international casino embeds each game provider's page (our own studio,
 * on its own origin) in a frame, and the sport_betting provider's page is the shell's own, so the
 * shell may frame itself and the enabled providers' origins, nothing else. Scripts, styles and
 * connections are not restricted by it (the remotes load from their own origins).
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

/** The policy the shell's server sends with every page and file. */
export function shellCsp(frameOrigins) {
  return `frame-src 'self' ${frameOrigins.join(' ')}`.trim();
}
