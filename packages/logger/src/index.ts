import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/**
 * Paths never written to logs. Keys, secrets and signatures can reach a log through a request's
 * headers, a config object or an error's context; pino replaces them before serialising.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-service-signature"]',
  'headers["X-Service-Signature"]',
  '*.authorization',
  '*.apiKey',
  '*.api_key',
  '*.key',
  '*.secret',
  '*.webhookSecret',
  '*.webhook_secret',
  '*.signature',
  '*.token',
  '*.password',
  'apiKey',
  'key',
  'secret',
  'webhookSecret',
  'signature',
  'token',
  'password',
];

export interface LoggerConfig {
  name: string;
  level?: LoggerOptions['level'];
}

/** One root logger per process; requests and jobs take `logger.child({...})`. */
export function createLogger({ name, level = 'info' }: LoggerConfig, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      name,
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      base: { app: name },
    },
    destination,
  );
}
