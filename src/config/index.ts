import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { availableParallelism } from 'node:os';

/**
 * Every RECITE_* setting, in one schema. Parsed once at start-up; all problems are reported together so a
 * self-hoster fixes their environment in one pass instead of one error per restart.
 */
export const ConfigSchema = Type.Object({
  RECITE_HOST: Type.String({ default: '127.0.0.1', description: 'Interface to listen on (0.0.0.0 for all).' }),
  RECITE_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080, description: 'TCP port; 0 picks a free one.' }),
  RECITE_PUBLIC_URL: Type.Optional(
    Type.String({ pattern: '^https?://', description: 'Base URL clients use to reach this server (for audio links).' }),
  ),
  RECITE_DATABASE: Type.String({ default: './data/recite.db', description: 'SQLite file, or :memory:.' }),
  RECITE_ENGINE: Type.String({ default: 'builtin', description: 'Speech engine: builtin (every engine, each voice on its own), or one provider id.' }),
  RECITE_ENGINE_WORKERS: Type.Integer({ minimum: 0, maximum: 64, default: 0, description: 'Engine workers; 0 = one per core.' }),
  RECITE_ENCODER_WORKERS: Type.Integer({ minimum: 0, maximum: 64, default: 0, description: 'MP3 encoder workers; 0 = one per core.' }),
  RECITE_MP3_VBR_QUALITY: Type.Number({ minimum: 0, maximum: 9.99, default: 9, description: 'LAME VBR quality (0 best, 9.99 smallest); 9 is about 38 kbit/s for 22 kHz speech.' }),
  RECITE_DIRECT_MAX_CHARS: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 20_000, description: 'Longer texts become jobs.' }),
  RECITE_RENDERER: Type.Union([Type.Literal('wasm'), Type.Literal('ffmpeg')], { default: 'wasm', description: 'Presenter video encoder: embedded WASM, or the system ffmpeg.' }),
  RECITE_SIGNUP: Type.Union([Type.Literal('open'), Type.Literal('closed')], { default: 'open', description: 'Whether the dashboard lets anyone create an account.' }),
  RECITE_RATE_LIMIT: Type.Integer({ minimum: 1, maximum: 100_000, default: 120, description: 'API requests per minute per key (burst up to the same number).' }),
  RECITE_MODERATION: Type.String({ default: 'local', description: 'Moderation provider id: local, openai or llamaguard.' }),
  RECITE_MODERATION_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 120_000, default: 15_000, description: 'A moderation call slower than this fails closed (503).' }),
  RECITE_STORAGE: Type.String({ default: 'file:./data/audio', description: 'Where narrations are kept: file:<directory> or s3://bucket/prefix.' }),
  RECITE_AUDIO_URL_TTL: Type.Integer({ minimum: 60, maximum: 7 * 24 * 3600, default: 3600, description: 'Seconds an audioUrl stays valid.' }),
  RECITE_JOB_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 16, default: 1, description: 'Long narrations run at once (each uses every engine worker).' }),
  RECITE_JOB_LEASE_MS: Type.Integer({ minimum: 200, maximum: 600_000, default: 30_000, description: 'A job whose process stops renewing its lease this long is taken up again.' }),
  RECITE_JOB_MAX_ATTEMPTS: Type.Integer({ minimum: 1, maximum: 20, default: 3, description: 'Attempts before a job fails for good.' }),
  RECITE_JOB_BACKLOG_LIMIT: Type.Integer({ minimum: 1, default: 100, description: 'Jobs waiting or running beyond this are refused with 503 unavailable.' }),
  RECITE_SECRET: Type.Optional(Type.String({ minLength: 32, description: 'Signs audio links and sessions; generated and stored in the database when unset.' })),
  RECITE_LOG_LEVEL: Type.Union([Type.Literal('debug'), Type.Literal('info'), Type.Literal('warn'), Type.Literal('error')], { default: 'info' }),
});

export type RawConfig = Static<typeof ConfigSchema>;

export interface Config {
  host: string;
  port: number;
  publicUrl: string | undefined;
  databasePath: string;
  engine: string;
  engineWorkers: number;
  encoderWorkers: number;
  mp3VbrQuality: number;
  directMaxCharacters: number;
  rateLimitPerMinute: number;
  signupOpen: boolean;
  renderer: 'wasm' | 'ffmpeg';
  moderation: string;
  moderationTimeoutMs: number;
  storage: string;
  audioUrlTtlSeconds: number;
  jobConcurrency: number;
  jobLeaseMs: number;
  jobMaxAttempts: number;
  jobBacklogLimit: number;
  secret: string | undefined;
  logLevel: RawConfig['RECITE_LOG_LEVEL'];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads RECITE_* variables from `environment` (process.env by default); throws ConfigError listing every problem. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = environment[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const unknown = Object.keys(environment).filter(
    (key) => key.startsWith('RECITE_') && !(key in ConfigSchema.properties) && !PROVIDER_SETTING_PREFIXES.some((prefix) => key.startsWith(prefix)),
  );
  const withDefaults = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, input));
  const problems = [...Value.Errors(ConfigSchema, withDefaults)].map(
    (error) => `${error.path.slice(1) || 'config'}: ${error.message} (got ${JSON.stringify(error.value)})`,
  );
  for (const key of unknown) problems.push(`${key}: unknown setting`);
  if (problems.length > 0) throw new ConfigError(problems);
  const raw = withDefaults as RawConfig;
  const cores = availableParallelism();
  return {
    host: raw.RECITE_HOST,
    port: raw.RECITE_PORT,
    publicUrl: raw.RECITE_PUBLIC_URL?.replace(/\/+$/, ''),
    databasePath: raw.RECITE_DATABASE,
    engine: raw.RECITE_ENGINE,
    engineWorkers: raw.RECITE_ENGINE_WORKERS || cores,
    encoderWorkers: raw.RECITE_ENCODER_WORKERS || cores,
    mp3VbrQuality: raw.RECITE_MP3_VBR_QUALITY,
    directMaxCharacters: raw.RECITE_DIRECT_MAX_CHARS,
    rateLimitPerMinute: raw.RECITE_RATE_LIMIT,
    signupOpen: raw.RECITE_SIGNUP === 'open',
    renderer: raw.RECITE_RENDERER,
    moderation: raw.RECITE_MODERATION,
    moderationTimeoutMs: raw.RECITE_MODERATION_TIMEOUT_MS,
    storage: raw.RECITE_STORAGE,
    audioUrlTtlSeconds: raw.RECITE_AUDIO_URL_TTL,
    jobConcurrency: raw.RECITE_JOB_CONCURRENCY,
    jobLeaseMs: raw.RECITE_JOB_LEASE_MS,
    jobMaxAttempts: raw.RECITE_JOB_MAX_ATTEMPTS,
    jobBacklogLimit: raw.RECITE_JOB_BACKLOG_LIMIT,
    secret: raw.RECITE_SECRET,
    logLevel: raw.RECITE_LOG_LEVEL,
  };
}

/** Settings read by providers and clients themselves (each checks its own); not flagged as unknown here. */
const PROVIDER_SETTING_PREFIXES = ['RECITE_S3_', 'RECITE_OPENAI_', 'RECITE_LLAMAGUARD_', 'RECITE_URL', 'RECITE_API_KEY'];
