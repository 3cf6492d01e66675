import { pino, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };
/** Where a logger writes (stdout unless told): a test running an app in its own process keeps its lines. */
export type LogDestination = pino.DestinationStream;

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

const PRETTY: pretty.PrettyOptions = { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,app' };

/**
 * Renders one JSON log line as the pretty format does (for a process that reads another's JSON logs and
 * shows them to a person: `npm start`); a line that is not a log entry comes back as it is.
 */
export function prettyLine(): (line: string) => string {
  const render = pretty.prettyFactory(PRETTY);
  return (line) => {
    if (!line.startsWith('{')) return line;
    try {
      return render(JSON.parse(line)).replace(/\n$/, '');
    } catch {
      return line;
    }
  };
}

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
  const out = destination ?? (format === 'pretty' ? pretty({ ...PRETTY, sync: true }) : undefined);
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
