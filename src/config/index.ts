import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { availableParallelism } from 'node:os';
import { invalidProxyEntries } from '../lib/trusted-proxies.ts';

/**
 * Every RECITE_* setting, in one schema. Parsed once at start-up; all problems are reported together so a
 * self-hoster fixes their environment in one pass instead of one error per restart.
 */
export const ConfigSchema = Type.Object({
  RECITE_HOST: Type.String({ default: '127.0.0.1', description: 'Interface to listen on (0.0.0.0 for all).' }),
  RECITE_PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 8080,
    description: 'TCP port; 0 picks a free one.',
  }),
  RECITE_PUBLIC_URL: Type.Optional(
    Type.String({ pattern: '^https?://', description: 'Base URL clients use to reach this server (for audio links).' }),
  ),
  RECITE_DATABASE: Type.String({
    default: './data/recite.db',
    description:
      'A SQLite file (or :memory:), the embedded default; or postgres://user:password@host:port/database for several nodes sharing one database.',
  }),
  RECITE_ENGINE: Type.String({
    default: 'builtin',
    description: 'Speech engine: builtin (every engine, each voice on its own), or one provider id.',
  }),
  RECITE_ENGINE_WORKERS: Type.Integer({
    minimum: 0,
    maximum: 64,
    default: 0,
    description: 'Engine workers; 0 = one per core.',
  }),
  RECITE_ENGINE_IDLE_STOP_MS: Type.Integer({
    minimum: 0,
    maximum: 86_400_000,
    default: 60_000,
    description:
      "An engine's workers stop after this long without a call (each holds 75-90 MB) and start again on the next; 0 = never.",
  }),
  RECITE_ENCODER_WORKERS: Type.Integer({
    minimum: 0,
    maximum: 64,
    default: 0,
    description: 'MP3 encoder workers; 0 = one per core.',
  }),
  RECITE_MP3_VBR_QUALITY: Type.Number({
    minimum: 0,
    maximum: 9.99,
    default: 9,
    description: 'LAME VBR quality (0 best, 9.99 smallest); 9 is about 38 kbit/s for 22 kHz speech.',
  }),
  RECITE_DIRECT_MAX_CHARS: Type.Integer({
    minimum: 1,
    maximum: 1_000_000,
    default: 20_000,
    description: 'Longer texts become jobs.',
  }),
  RECITE_RENDERER: Type.Union([Type.Literal('wasm'), Type.Literal('ffmpeg')], {
    default: 'wasm',
    description: 'Presenter video encoder: embedded WASM, or the system ffmpeg.',
  }),
  RECITE_SIGNUP: Type.Union([Type.Literal('open'), Type.Literal('closed')], {
    default: 'open',
    description: 'Whether the dashboard lets anyone create an account.',
  }),
  RECITE_RATE_LIMIT: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 120,
    description: 'API requests per minute per key (burst up to the same number).',
  }),
  RECITE_MODERATION: Type.String({
    default: 'local',
    description: 'Moderation provider id: local, openai or llamaguard, or a cascade local,openai / local,llamaguard.',
  }),
  RECITE_MODERATION_UNJUDGED: Type.Union([Type.Literal('reject'), Type.Literal('accept')], {
    default: 'reject',
    description:
      'Text in a language or script the local moderator cannot read, with no second stage: reject (content_rejected) or accept.',
  }),
  RECITE_MODERATION_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 120_000,
    default: 15_000,
    description: 'A moderation call slower than this fails closed (503).',
  }),
  RECITE_STORAGE: Type.String({
    default: 'file:./data/audio',
    description: 'Where narrations are kept: file:<directory> or s3://bucket/prefix.',
  }),
  RECITE_STORAGE_SHARED: Type.Union([Type.Literal('true'), Type.Literal('false')], {
    default: 'false',
    description:
      'Set to true when file: storage is a mount every node shares (NFS, CephFS). Required to use file: storage with a postgres:// database.',
  }),
  RECITE_AUDIO_URL_TTL: Type.Integer({
    minimum: 60,
    maximum: 7 * 24 * 3600,
    default: 3600,
    description: 'Seconds an audioUrl stays valid.',
  }),
  RECITE_JOB_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 16,
    default: 1,
    description: 'Long narrations run at once (each uses every engine worker).',
  }),
  RECITE_JOB_LEASE_MS: Type.Integer({
    minimum: 200,
    maximum: 600_000,
    default: 30_000,
    description: 'A job whose process stops renewing its lease this long is taken up again.',
  }),
  RECITE_JOB_MAX_ATTEMPTS: Type.Integer({
    minimum: 1,
    maximum: 20,
    default: 3,
    description: 'Attempts before a job fails for good.',
  }),
  RECITE_JOB_BACKLOG_LIMIT: Type.Integer({
    minimum: 1,
    default: 100,
    description: 'Jobs waiting or running beyond this are refused with 503 unavailable.',
  }),
  RECITE_STORAGE_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 600_000,
    default: 10_000,
    description:
      'A storage call (or an upload that makes no progress) slower than this fails, so a frozen store never holds a request or a job slot.',
  }),
  RECITE_SIGNUP_TRIAL_CREDITS: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 200,
    description:
      'Credits a self-service sign-up starts with (a trial grant); plan credits come from `recite admin set-plan`.',
  }),
  RECITE_SIGNUP_LIMIT: Type.Integer({
    minimum: 1,
    maximum: 10_000,
    default: 3,
    description: 'Sign-ups allowed per client address per hour.',
  }),
  RECITE_WEBHOOK_ALLOW_PRIVATE: Type.Union([Type.Literal('true'), Type.Literal('false')], {
    default: 'false',
    description: 'Allow callbackUrl targets on private, loopback and link-local addresses.',
  }),
  RECITE_WEBHOOK_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 64,
    default: 4,
    description: 'Webhook deliveries in flight at once (their own slots, apart from narrations).',
  }),
  RECITE_WEBHOOK_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 120_000,
    default: 10_000,
    description: 'A webhook receiver slower than this counts as failed (retried later).',
  }),
  RECITE_TRUSTED_PROXIES: Type.String({
    default: '',
    description: 'Comma-separated IPs/CIDRs of reverse proxies whose X-Forwarded-For is believed.',
  }),
  RECITE_SHUTDOWN_GRACE_MS: Type.Integer({
    minimum: 0,
    maximum: 600_000,
    default: 25_000,
    description: 'On SIGTERM, requests still running after this are aborted (their credits voided).',
  }),
  RECITE_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      description: 'Signs audio links and sessions; generated and stored in the database when unset.',
    }),
  ),
  RECITE_METRICS_TOKEN: Type.Optional(
    Type.String({ minLength: 16, description: 'Serve /metrics to scrapers that send this as a Bearer token.' }),
  ),
  RECITE_METRICS_ADDRESS: Type.Optional(
    Type.String({
      pattern: '^[^\\s:]+:[0-9]{1,5}$|^\\[[0-9a-fA-F:.]+\\]:[0-9]{1,5}$',
      description: 'host:port of a separate listener that serves /metrics without a token (e.g. 127.0.0.1:9464).',
    }),
  ),
  RECITE_LOG_LEVEL: Type.Union(
    [Type.Literal('debug'), Type.Literal('info'), Type.Literal('warn'), Type.Literal('error')],
    { default: 'info' },
  ),
});

export type RawConfig = Static<typeof ConfigSchema>;

export interface Config {
  host: string;
  port: number;
  publicUrl: string | undefined;
  databasePath: string;
  engine: string;
  engineWorkers: number;
  engineIdleStopMs: number;
  encoderWorkers: number;
  mp3VbrQuality: number;
  directMaxCharacters: number;
  rateLimitPerMinute: number;
  signupOpen: boolean;
  renderer: 'wasm' | 'ffmpeg';
  moderation: string;
  moderationTimeoutMs: number;
  storage: string;
  /** file: storage is a mount every node shares. */
  storageShared: boolean;
  audioUrlTtlSeconds: number;
  jobConcurrency: number;
  jobLeaseMs: number;
  jobMaxAttempts: number;
  jobBacklogLimit: number;
  storageTimeoutMs: number;
  signupTrialCredits: number;
  signupLimitPerHour: number;
  webhookAllowPrivate: boolean;
  webhookConcurrency: number;
  webhookTimeoutMs: number;
  trustedProxies: string[];
  shutdownGraceMs: number;
  secret: string | undefined;
  logLevel: RawConfig['RECITE_LOG_LEVEL'];
  /** /metrics is served on the main port only to this Bearer token; undefined: not on the main port. */
  metricsToken: string | undefined;
  /** A separate listener for /metrics (no token), as host and port. */
  metricsAddress: { host: string; port: number } | undefined;
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
    (key) =>
      key.startsWith('RECITE_') &&
      !(key in ConfigSchema.properties) &&
      !PROVIDER_SETTING_PREFIXES.some((prefix) => key.startsWith(prefix)),
  );
  const withDefaults = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, input));
  const problems = [...Value.Errors(ConfigSchema, withDefaults)].map(
    (error) => `${error.path.slice(1) || 'config'}: ${error.message} (got ${JSON.stringify(error.value)})`,
  );
  for (const key of unknown) problems.push(`${key}: unknown setting`);
  const proxies =
    typeof withDefaults === 'object' && withDefaults && 'RECITE_TRUSTED_PROXIES' in withDefaults
      ? String(withDefaults.RECITE_TRUSTED_PROXIES)
      : '';
  for (const entry of invalidProxyEntries(
    proxies
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )) {
    problems.push(`RECITE_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
  }
  const chosen = (withDefaults ?? {}) as Partial<Record<string, unknown>>;
  if (
    isPostgresUrl(String(chosen.RECITE_DATABASE ?? '')) &&
    String(chosen.RECITE_STORAGE ?? '').startsWith('file:') &&
    chosen.RECITE_STORAGE_SHARED !== 'true'
  ) {
    problems.push(
      `RECITE_STORAGE: ${String(chosen.RECITE_STORAGE)} is one machine's disk, and with a postgres:// database every node must see the same audio: use s3://bucket/prefix, or set RECITE_STORAGE_SHARED=true if that directory is a mount every node shares`,
    );
  }
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
    engineIdleStopMs: raw.RECITE_ENGINE_IDLE_STOP_MS,
    encoderWorkers: raw.RECITE_ENCODER_WORKERS || cores,
    mp3VbrQuality: raw.RECITE_MP3_VBR_QUALITY,
    directMaxCharacters: raw.RECITE_DIRECT_MAX_CHARS,
    rateLimitPerMinute: raw.RECITE_RATE_LIMIT,
    signupOpen: raw.RECITE_SIGNUP === 'open',
    renderer: raw.RECITE_RENDERER,
    moderation: raw.RECITE_MODERATION,
    moderationTimeoutMs: raw.RECITE_MODERATION_TIMEOUT_MS,
    storage: raw.RECITE_STORAGE,
    storageShared: raw.RECITE_STORAGE_SHARED === 'true',
    audioUrlTtlSeconds: raw.RECITE_AUDIO_URL_TTL,
    jobConcurrency: raw.RECITE_JOB_CONCURRENCY,
    jobLeaseMs: raw.RECITE_JOB_LEASE_MS,
    jobMaxAttempts: raw.RECITE_JOB_MAX_ATTEMPTS,
    jobBacklogLimit: raw.RECITE_JOB_BACKLOG_LIMIT,
    storageTimeoutMs: raw.RECITE_STORAGE_TIMEOUT_MS,
    signupTrialCredits: raw.RECITE_SIGNUP_TRIAL_CREDITS,
    signupLimitPerHour: raw.RECITE_SIGNUP_LIMIT,
    webhookAllowPrivate: raw.RECITE_WEBHOOK_ALLOW_PRIVATE === 'true',
    webhookConcurrency: raw.RECITE_WEBHOOK_CONCURRENCY,
    webhookTimeoutMs: raw.RECITE_WEBHOOK_TIMEOUT_MS,
    trustedProxies: raw.RECITE_TRUSTED_PROXIES.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    shutdownGraceMs: raw.RECITE_SHUTDOWN_GRACE_MS,
    secret: raw.RECITE_SECRET,
    logLevel: raw.RECITE_LOG_LEVEL,
    metricsToken: raw.RECITE_METRICS_TOKEN,
    metricsAddress: parseAddress(raw.RECITE_METRICS_ADDRESS),
  };
}

/** A RECITE_DATABASE that names a Postgres server rather than a SQLite file. */
export const isPostgresUrl = (value: string) => /^postgres(ql)?:\/\//i.test(value);

function parseAddress(value: string | undefined): { host: string; port: number } | undefined {
  if (!value) return undefined;
  const cut = value.lastIndexOf(':');
  return { host: value.slice(0, cut).replace(/^\[(.*)\]$/, '$1'), port: Number(value.slice(cut + 1)) };
}

/** Settings read by providers and clients themselves (each checks its own); not flagged as unknown here. */
const PROVIDER_SETTING_PREFIXES = [
  'RECITE_S3_',
  'RECITE_OPENAI_',
  'RECITE_LLAMAGUARD_',
  'RECITE_URL',
  'RECITE_API_KEY',
];
