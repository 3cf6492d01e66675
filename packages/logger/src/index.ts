import { pino, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

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
  '*.webhookSecretPrevious',
  '*.webhook_secret_previous',
  '*.secrets',
  '*.signature',
  '*.token',
  '*.password',
  'apiKey',
  'key',
  'secret',
  'webhookSecret',
  'webhookSecretPrevious',
  'secrets',
  'signature',
  'token',
  'password',
];

export interface LoggerConfig {
  name: string;
  level?: LoggerOptions['level'];
  /** JSON lines (for machines), or readable coloured lines (for a person at a terminal). Default: by stdout. */
  format?: 'json' | 'pretty' | undefined;
}

/**
 * One root logger per process; requests and jobs take `logger.child({...})`. JSON lines unless stdout is
 * a terminal (or LOG_FORMAT=pretty, which `npm start` sets when it runs on one): then one readable,
 * coloured line per entry. Redaction happens before either.
 */
export function createLogger(
  { name, level = 'info', format = process.stdout.isTTY ? 'pretty' : 'json' }: LoggerConfig,
  destination?: pino.DestinationStream,
): Logger {
  const out =
    destination ??
    (format === 'pretty'
      ? pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,app', sync: true })
      : undefined);
  return pino(
    {
      name,
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      base: { app: name },
    },
    out,
  );
}
