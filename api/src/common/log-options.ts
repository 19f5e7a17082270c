/** pino options shared by main's logger and the app's own: level and secret redaction. */
import type { LoggerOptions } from 'pino';

/** Strips secrets from logged URLs: a token in the query string must never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|refreshToken|refresh_token|access_token)=)[^&]*/gi, '$1[redacted]');
}

export function logOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
