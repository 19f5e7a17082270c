/** The slice of pino that services use; Fastify's logger and pino instances both fit. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A logger that drops everything (unit tests). */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
