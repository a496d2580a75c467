import { speechEngineFactory } from '../providers/registry.ts';
import type { AudioStorageV1 } from '../providers/spec/v1/audio-storage.ts';
import { createStorage } from '../providers/storage/registry.ts';
import { withStorageTimeouts } from '../providers/storage/timeouts.ts';
import { createModerator } from '../providers/moderation/moderators.ts';
import type { ModerationProviderV1 } from '../providers/spec/v1/moderation.ts';
import type { SpeechEngineV1 } from '../providers/spec/v1/speech-engine.ts';
import { createMp3EncoderPool, type Mp3EncoderPool } from './audio/mp3-encoder-pool.ts';
import type { Config } from './config/index.ts';
import { randomIds, type IdGenerator } from './db/ids.ts';
import { openStores } from './db/open-stores.ts';
import type { AccountStore, IdempotencyStore, SessionStore, Stores, UsageStore } from './db/stores.ts';
import { CreditLedger } from './billing/credit-ledger.ts';
import { LoginThrottle } from './auth/login-throttle.ts';
import type { RateLimitStore } from './auth/rate-limit-store.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { registerJobHandlers } from './jobs/index.ts';
import { createRenderer } from '../providers/renderers/registry.ts';
import type { VideoRendererV1 } from '../providers/spec/v1/video-renderer.ts';
import { VOICES } from './modules/voices/catalog.ts';
import { Scheduler } from './scheduler/scheduler.ts';
import {
  instrumentEncoders,
  instrumentEngine,
  instrumentModerator,
  instrumentStorage,
} from './observability/instrument.ts';
import { causeOf, createMetrics, type Metrics } from './observability/metrics.ts';
import { createReadiness, type Readiness } from './observability/readiness.ts';

/**
 * Everything the app needs, built once from config. Modules reach the database only through the stores, so the same
 * code runs on SQLite (one node) and on Postgres (several). Tests build it with a fixed clock and a temporary database.
 */
export interface Services {
  config: Config;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** Every store, on the configured database. */
  stores: Stores;
  accounts: AccountStore;
  sessions: SessionStore;
  usage: UsageStore;
  ledger: CreditLedger;
  engine: SpeechEngineV1;
  encoders: Mp3EncoderPool;
  storage: AudioStorageV1;
  moderator: ModerationProviderV1;
  scheduler: Scheduler;
  /** Requests per API key per minute, shared by every node on the database. */
  rateLimits: RateLimitStore;
  /** Self-service sign-ups per client address per hour. */
  signups: RateLimitStore;
  loginThrottle: LoginThrottle;
  renderer: VideoRendererV1;
  idempotency: IdempotencyStore;
  metrics: Metrics;
  /** Database, storage, moderation and engine checks for /readyz. */
  readiness(): Promise<Readiness>;
  /** Signs audio links and sessions; read (or made once and stored) by start(). */
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
  metrics?: Metrics;
  /** How long /readyz reuses a moderation or engine check (default 15 s) and waits for one (default 3 s). */
  readiness?: { cacheMs?: number; timeoutMs?: number };
  /** Start the job scheduler's poll loop (tests drive it by hand with runDue). */
  runJobs?: boolean;
  environment?: Record<string, string | undefined>;
}

export function createServices(config: Config, overrides: ServiceOverrides = {}): Services {
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? randomIds;
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const environment = overrides.environment ?? process.env;
  const stores = openStores({
    database: config.databasePath,
    clock,
    ids,
    rateLimitPerMinute: config.rateLimitPerMinute,
    signupLimitPerHour: config.signupLimitPerHour,
  });
  const metrics = overrides.metrics ?? createMetrics();
  // Every engine is measured on its own (under the voice router), so metrics name the engine that did the work.
  const measured: SpeechEngineV1[] = [];
  const measure = (engine: SpeechEngineV1) => {
    const wrapped = instrumentEngine(engine, metrics, () => readiness.recordSynthesis());
    measured.push(wrapped);
    return wrapped;
  };
  const engine = overrides.engine
    ? measure(overrides.engine)
    : speechEngineFactory(
        config.engine,
        measure,
      )({
        workers: config.engineWorkers,
        environment,
        idleStopMs: config.engineIdleStopMs,
      });
  const encoders = instrumentEncoders(
    createMp3EncoderPool({ workers: config.encoderWorkers, vbrQuality: config.mp3VbrQuality }),
    config.encoderWorkers,
  );
  const ledger = new CreditLedger(stores.ledger);
  stores.ledger.observer = (operation, credits) => metrics.credits.inc({ operation }, credits);
  const baseStorage = overrides.storage ?? createStorage(config.storage, environment);
  // Timed out inside, measured outside: a frozen store shows in the metrics as errors, not as endless calls.
  const storage = instrumentStorage(withStorageTimeouts(baseStorage, config.storageTimeoutMs), metrics);
  const moderator = instrumentModerator(
    overrides.moderator ??
      createModerator(config.moderation, environment, { workersIdleStopMs: config.engineIdleStopMs }),
    metrics,
  );
  const scheduler = new Scheduler(stores.jobs, ids, logger, {
    concurrency: config.jobConcurrency,
    leaseMs: config.jobLeaseMs,
    maxAttempts: config.jobMaxAttempts,
    observer: {
      attemptEnded(kind, outcome, error) {
        metrics.jobAttempts.inc({ kind, outcome });
        if (error !== undefined) metrics.jobFailures.inc({ kind, cause: causeOf(error) });
        if (kind === 'webhook')
          metrics.webhookDeliveries.inc({ outcome: outcome === 'completed' ? 'delivered' : outcome });
      },
    },
  });
  /** Set once the engines have started and every catalog voice passed; /readyz is not ready before. */
  let started = false;
  const readiness = createReadiness({
    pingDatabase: () => stores.ping(),
    storage,
    moderator,
    engine,
    probeVoice: VOICES[0]!,
    started: () => started,
    ...overrides.readiness,
  });
  metrics.setCollectors({
    engineQueueDepth: () => Object.fromEntries(measured.map((one) => [one.id, one.queueDepth()])),
    encoderQueue: () => encoders.stats(),
    jobsByState: async () => (await scheduler.stats()).byState,
    oldestWaitingJobAgeSeconds: async () => (await scheduler.stats()).oldestWaitingMs / 1000,
    creditsHeld: () => ledger.totalHeldCredits(),
  });
  let reaper: ReturnType<typeof setInterval> | undefined;

  const services: Services = {
    config,
    clock,
    ids,
    logger,
    stores,
    accounts: stores.accounts,
    sessions: stores.sessions,
    usage: stores.usage,
    ledger,
    engine,
    encoders,
    storage,
    moderator,
    scheduler,
    rateLimits: stores.rateLimits,
    signups: stores.signups,
    loginThrottle: new LoginThrottle(stores.loginThrottle),
    renderer: createRenderer(config.renderer),
    idempotency: stores.idempotency,
    metrics,
    readiness: () => readiness.check(),
    secret: config.secret ?? '',
    async start() {
      await stores.migrate();
      services.secret = await stores.settings.secret(config.secret);
      await Promise.all([engine.start(), encoders.start()]);
      const problems = VOICES.flatMap((voice) => engine.validateVoice(voice));
      if (problems.length > 0)
        throw new Error(`The voice catalog does not fit engine "${engine.id}":\n  - ${problems.join('\n  - ')}`);
      const reaped = await ledger.reap();
      if (reaped.voided > 0) logger.warn('voided reservations left by a previous run', reaped);
      reaper = setInterval(() => {
        void housekeeping().catch((error) => logger.warn('housekeeping failed', { error: String(error) }));
      }, 60_000);
      reaper.unref?.();
      if (overrides.runJobs !== false) scheduler.start();
      started = true;
    },
    async stop() {
      if (reaper) clearInterval(reaper);
      // Running jobs get a moment to finish; the rest go back to the queue for the next start.
      await scheduler.drain(overrides.runJobs === false ? 0 : 10_000);
      await Promise.all([engine.stop(), encoders.stop()]);
      await stores.close();
    },
  };
  /** Once a minute on every node: abandoned holds, expired grants and idempotency keys, idle limit rows. */
  const housekeeping = async () => {
    await ledger.reap();
    for (const expired of await services.idempotency.purgeExpired())
      if (expired.responseBodyKey) void storage.delete(expired.responseBodyKey).catch(() => {});
    await Promise.all([stores.rateLimits.sweep(), stores.signups.sweep(), stores.loginThrottle.sweep()]);
  };
  registerJobHandlers(scheduler, services);
  return services;
}
