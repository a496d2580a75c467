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
  RECITE_ENGINE: Type.String({ default: 'espeak', description: 'Speech engine provider id.' }),
  RECITE_ENGINE_WORKERS: Type.Integer({ minimum: 0, maximum: 64, default: 0, description: 'Engine workers; 0 = one per core.' }),
  RECITE_ENCODER_WORKERS: Type.Integer({ minimum: 0, maximum: 64, default: 0, description: 'MP3 encoder workers; 0 = one per core.' }),
  RECITE_MP3_VBR_QUALITY: Type.Number({ minimum: 0, maximum: 9.99, default: 7, description: 'LAME VBR quality (0 best, 9.99 smallest); 7 is about 48 kbit/s for 22 kHz speech.' }),
  RECITE_DIRECT_MAX_CHARS: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 20_000, description: 'Longer texts become jobs.' }),
  RECITE_API_KEY: Type.Optional(Type.String({ minLength: 16, description: 'Bootstrap key accepted before accounts exist.' })),
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
  bootstrapApiKey: string | undefined;
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
    (key) => key.startsWith('RECITE_') && !(key in ConfigSchema.properties) && !EXTRA_SETTINGS.has(key),
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
    bootstrapApiKey: raw.RECITE_API_KEY,
    secret: raw.RECITE_SECRET,
    logLevel: raw.RECITE_LOG_LEVEL,
  };
}

/** Settings read by providers themselves (their own schemas); listed so they are not flagged as unknown. */
const EXTRA_SETTINGS = new Set<string>(['RECITE_URL']);
