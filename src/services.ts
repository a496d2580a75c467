import { speechEngineFactory } from '../providers/registry.ts';
import type { SpeechEngineV1 } from '../providers/spec/v1/speech-engine.ts';
import { createMp3EncoderPool, type Mp3EncoderPool } from './audio/mp3-encoder-pool.ts';
import type { Config } from './config/index.ts';
import { AccountStore } from './db/accounts.ts';
import { openDatabase, type Db } from './db/client.ts';
import { randomIds, type IdGenerator } from './db/ids.ts';
import { Ledger } from './db/ledger.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { VOICES } from './modules/voices/catalog.ts';

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
  /** Starts workers and checks every catalog voice against the engine; throws listing all problems. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface ServiceOverrides {
  clock?: Clock;
  ids?: IdGenerator;
  logger?: Logger;
  engine?: SpeechEngineV1;
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
  let reaper: ReturnType<typeof setInterval> | undefined;

  return {
    config,
    clock,
    ids,
    logger,
    db,
    accounts,
    ledger,
    engine,
    encoders,
    async start() {
      await Promise.all([engine.start(), encoders.start()]);
      const problems = VOICES.flatMap((voice) => engine.validateVoice(voice));
      if (problems.length > 0) throw new Error(`The voice catalog does not fit engine "${engine.id}":\n  - ${problems.join('\n  - ')}`);
      const reaped = ledger.reap();
      if (reaped.voided > 0) logger.warn('voided reservations left by a previous run', reaped);
      reaper = setInterval(() => ledger.reap(), 60_000);
      reaper.unref?.();
    },
    async stop() {
      if (reaper) clearInterval(reaper);
      await Promise.all([engine.stop(), encoders.stop()]);
      db.$client.close();
    },
  };
}
