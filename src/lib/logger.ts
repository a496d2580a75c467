import pino, { type DestinationStream } from 'pino';
import { currentContext } from '../observability/request-context.ts';

/**
 * Structured JSON logs (pino) on stderr. Every line written while a request or job runs carries its `requestId` and
 * `jobId` (from the request context), and secrets never reach the output: known secret fields are redacted by path,
 * and strings that look like API keys, session tokens or Bearer credentials are masked wherever they appear.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const SECRET_FIELDS = ['authorization', 'cookie', 'password', 'secret', 'token', 'apiKey', 'sessionToken', 'csrf'];
const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'request.headers.authorization',
  'request.headers.cookie',
];

/** API keys (`ksk_live_…`), Bearer credentials and webhook secrets, wherever they sit inside a string. */
const SECRET_IN_TEXT = /\b(ksk_(?:live|test)_|whsec_)[A-Za-z0-9_-]+|\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/g;

export function maskSecrets(text: string): string {
  return text.replace(
    SECRET_IN_TEXT,
    (_match, prefix: string | undefined, bearer: string | undefined) => `${prefix ?? bearer}[redacted]`,
  );
}

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskSecrets(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error)
    return { name: value.name, message: maskSecrets(value.message), stack: value.stack && maskSecrets(value.stack) };
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = scrub(item, depth + 1);
  return out;
}

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const base = pino(
    {
      level,
      base: undefined,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      mixin() {
        const context = currentContext();
        if (!context) return {};
        const fields: Record<string, string> = {};
        if (context.requestId) fields.requestId = context.requestId;
        if (context.jobId) fields.jobId = context.jobId;
        return fields;
      },
    },
    destination ?? pino.destination({ dest: 2, sync: true }),
  );
  const log =
    (at: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (!base.isLevelEnabled(at)) return;
      base[at](scrub(fields) as Record<string, unknown>, maskSecrets(message));
    };
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** A destination that keeps lines in memory (tests read what was logged). */
export function memoryDestination(): DestinationStream & { lines: string[] } {
  const lines: string[] = [];
  return { lines, write: (line: string) => void lines.push(line.trimEnd()) };
}
