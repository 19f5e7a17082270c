/**
 * pino options shared by main's logger and the app's own: level, secret redaction, and lines a
 * person and a log pipeline both read (issue 34): the time as ISO 8601 (`"time":"2026-11-29T02:40:05.123Z"`)
 * and the level by name (`"level":"info"`), not epoch milliseconds and pino's numbers.
 */
import { stdTimeFunctions, type LoggerOptions } from 'pino';

/** Strips secrets from logged URLs: a token in the query string must never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|refreshToken|refresh_token|access_token)=)[^&]*/gi, '$1[redacted]');
}

export function logOptions(level: string): LoggerOptions {
  return {
    level,
    timestamp: stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
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
