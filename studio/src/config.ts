/**
 * The studio's settings, all from the environment (studio/README.md lists them). It refuses to
 * start without a shared secret of at least 32 characters: every CW-1 message is signed with it.
 */
export interface StudioConfig {
  host: string;
  port: number;
  /** The studio's origin as the browser sees it: the launch URLs point here. */
  publicUrl: string;
  /** The operator's API base (its wallet callbacks are `${operatorUrl}/api/wallet/{op}`). */
  operatorUrl: string;
  partnerId: string;
  /** The active secret first; a previous one, during a rotation, still verifies. */
  secrets: string[];
  dataDir: string;
  /** Origins allowed to frame the game page (CSP frame-ancestors). */
  frameAncestors: string[];
  /** How long a debit may take before the studio gives up on it and rolls it back. */
  debitTimeoutMs: number;
  /** Each credit / rollback attempt's timeout. */
  callTimeoutMs: number;
  backoff: { baseMs: number; maxMs: number };
  /** How long a launch token may wait for its page load. */
  launchTtlMs: number;
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (!/^[0-9]+$/.test(text) || Number(text) < min) throw new ConfigError(`${name} must be a whole number ≥ ${min}`);
  return Number(text);
}

function origin(name: string, text: string): string {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
    return url.origin;
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, not '${text}'`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StudioConfig {
  const port = int(env, 'PORT_STUDIO', 8095, 0);
  const secret = env.STUDIO_SECRET ?? '';
  if (secret.length < 32) throw new ConfigError('STUDIO_SECRET must be set to at least 32 characters (the CW-1 secret shared with the operator)');
  const previous = env.STUDIO_SECRET_PREVIOUS;
  if (previous !== undefined && previous !== '' && previous.length < 32) throw new ConfigError('STUDIO_SECRET_PREVIOUS must be at least 32 characters');
  const host = env.STUDIO_HOST ?? '127.0.0.1';
  const publicUrl = origin('STUDIO_PUBLIC_URL', env.STUDIO_PUBLIC_URL ?? `http://${host}:${port}`);
  const ancestors = (env.STUDIO_FRAME_ANCESTORS ?? 'http://127.0.0.1:8080 http://127.0.0.1:9180')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((a) => origin('STUDIO_FRAME_ANCESTORS', a));
  return {
    host,
    port,
    publicUrl,
    operatorUrl: origin('STUDIO_OPERATOR_URL', env.STUDIO_OPERATOR_URL ?? 'http://127.0.0.1:8090'),
    partnerId: env.STUDIO_PARTNER_ID || 'backlay-studio',
    secrets: previous ? [secret, previous] : [secret],
    dataDir: env.STUDIO_DATA_DIR || 'data/studio',
    frameAncestors: ancestors,
    debitTimeoutMs: int(env, 'STUDIO_DEBIT_TIMEOUT_MS', 5_000, 1),
    callTimeoutMs: int(env, 'STUDIO_CALL_TIMEOUT_MS', 10_000, 1),
    backoff: { baseMs: int(env, 'STUDIO_RETRY_BASE_MS', 500, 1), maxMs: int(env, 'STUDIO_RETRY_MAX_MS', 60_000, 1) },
    launchTtlMs: int(env, 'STUDIO_LAUNCH_TTL_MS', 120_000, 1),
  };
}
