import { speechEngineFactory } from '../providers/registry.ts';
import type { AudioStorageV1 } from '../providers/spec/v1/audio-storage.ts';
import { createStorage } from '../providers/storage/registry.ts';
import { withStorageTimeouts } from '../providers/storage/timeouts.ts';
import { createModerator } from '../providers/moderation/moderators.ts';
import type { ModerationProviderV1 } from '../providers/spec/v1/moderation.ts';
import type { SpeechEngineV1 } from '../providers/spec/v1/speech-engine.ts';
import { createMp3EncoderPool, type Mp3EncoderPool } from './audio/mp3-encoder-pool.ts';
import type { Config } from './config/index.ts';
import { AccountStore } from './db/accounts.ts';
import { openDatabase, type Db } from './db/client.ts';
import { randomIds, type IdGenerator } from './db/ids.ts';
import { Ledger } from './db/ledger.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { serverSecret } from './db/settings.ts';
import { narrationJobHandler } from './modules/jobs/narration-job.ts';
import { webhookJobHandler } from './modules/webhooks/webhook-job.ts';
import { storybookJobHandler } from './modules/storybooks/storybook-job.ts';
import { createRenderer } from '../providers/renderers/registry.ts';
import type { VideoRendererV1 } from '../providers/spec/v1/video-renderer.ts';
import { VOICES } from './modules/voices/catalog.ts';
import { Scheduler } from './scheduler/scheduler.ts';
import { RateLimiter } from './auth/rate-limiter.ts';
import { IdempotencyStore } from './db/idempotency.ts';

/** Everything the app needs, built once from config. Tests build it with a fixed clock and an in-memory database. */
export interface Services {
  config: Config;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  db: Db;
  accounts: AccountStore;
  ledger: Ledger;
  engine: SpeechEngineV1;
  encoders: Mp3EncoderPool;
  storage: AudioStorageV1;
  moderator: ModerationProviderV1;
  scheduler: Scheduler;
  rateLimiter: RateLimiter;
  renderer: VideoRendererV1;
  idempotency: IdempotencyStore;
  /** Signs audio links and sessions. */
  secret: string;
  /** Starts workers and checks every catalog voice against the engine; throws listing all problems. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface ServiceOverrides {
  clock?: Clock;
  ids?: IdGenerator;
  logger?: Logger;
  engine?: SpeechEngineV1;
  storage?: AudioStorageV1;
  moderator?: ModerationProviderV1;
  /** Start the job scheduler's poll loop (tests drive it by hand with runDue). */
  runJobs?: boolean;
  environment?: Record<string, string | undefined>;
}

export function createServices(config: Config, overrides: ServiceOverrides = {}): Services {
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? randomIds;
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const environment = overrides.environment ?? process.env;
  const db = openDatabase(config.databasePath);
  const engine = overrides.engine ?? speechEngineFactory(config.engine)({ workers: config.engineWorkers, environment });
  const encoders = createMp3EncoderPool({ workers: config.encoderWorkers, vbrQuality: config.mp3VbrQuality });
  const accounts = new AccountStore(db, clock, ids);
  const ledger = new Ledger(db, clock, ids);
  const storage = withStorageTimeouts(overrides.storage ?? createStorage(config.storage, environment), config.storageTimeoutMs);
  const scheduler = new Scheduler(db, clock, ids, logger, { concurrency: config.jobConcurrency, leaseMs: config.jobLeaseMs, maxAttempts: config.jobMaxAttempts });
  let reaper: ReturnType<typeof setInterval> | undefined;

  const services: Services = {
    config,
    clock,
    ids,
    logger,
    db,
    accounts,
    ledger,
    engine,
    encoders,
    storage,
    moderator: overrides.moderator ?? createModerator(config.moderation, environment),
    scheduler,
    rateLimiter: new RateLimiter(config.rateLimitPerMinute, clock),
    renderer: createRenderer(config.renderer),
    idempotency: new IdempotencyStore(db, clock),
    secret: serverSecret(db, config.secret),
    async start() {
      await Promise.all([engine.start(), encoders.start()]);
      const problems = VOICES.flatMap((voice) => engine.validateVoice(voice));
      if (problems.length > 0) throw new Error(`The voice catalog does not fit engine "${engine.id}":\n  - ${problems.join('\n  - ')}`);
      const reaped = ledger.reap();
      if (reaped.voided > 0) logger.warn('voided reservations left by a previous run', reaped);
      reaper = setInterval(() => {
        ledger.reap();
        for (const expired of services.idempotency.purgeExpired()) if (expired.responseBodyKey) void storage.delete(expired.responseBodyKey).catch(() => {});
      }, 60_000);
      reaper.unref?.();
      if (overrides.runJobs !== false) scheduler.start();
    },
    async stop() {
      if (reaper) clearInterval(reaper);
      // Running jobs get a moment to finish; the rest go back to the queue for the next start.
      await scheduler.drain(overrides.runJobs === false ? 0 : 10_000);
      await Promise.all([engine.stop(), encoders.stop()]);
      db.$client.close();
    },
  };
  scheduler.register('narration', narrationJobHandler(services));
  scheduler.register('webhook', webhookJobHandler(services), { concurrency: config.webhookConcurrency });
  scheduler.register('presenter_video', storybookJobHandler(services));
  return services;
}
