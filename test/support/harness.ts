import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/index.ts';
import type { PlanId } from '../../src/billing/plans.ts';
import { fixedClock } from '../../src/lib/clock.ts';
import pino from 'pino';
import { createLogger, silentLogger, type Logger } from '../../src/lib/logger.ts';
import { createServices, type ServiceOverrides, type Services } from '../../src/services.ts';

export const TEST_START = '2026-03-10T12:00:00Z';

export interface Harness {
  services: Services;
  app: ReturnType<typeof createApp>;
  clock: ReturnType<typeof fixedClock>;
  directory: string;
  /** app.handle() with a path relative to http://recite.test */
  request(path: string, init?: RequestInit & { json?: unknown; key?: string }): Promise<Response>;
  /** An account with exactly `credits` spendable (no plan grant unless `planGrant`), and one API key. */
  account(options?: {
    credits?: number;
    plan?: PlanId;
    planGrant?: boolean;
    monthlyCap?: number;
  }): Promise<{ accountId: string; key: string; keyId: string }>;
  close(): Promise<void>;
}

/** A real SQLite file in a temp directory, a fixed clock, real engine workers. */
export async function createHarness(
  options: { environment?: Record<string, string>; overrides?: ServiceOverrides; start?: boolean } = {},
): Promise<Harness> {
  const directory = mkdtempSync(join(tmpdir(), 'recite-test-'));
  const config: Config = loadConfig({
    RECITE_DATABASE: join(directory, 'recite.db'),
    RECITE_ENGINE_WORKERS: '2',
    RECITE_ENCODER_WORKERS: '1',
    RECITE_LOG_LEVEL: 'error',
    RECITE_STORAGE: `file:${join(directory, 'audio')}`,
    ...options.environment,
  });
  const clock = fixedClock(TEST_START);
  const services = createServices(config, { clock, logger: testLogger(), ...options.overrides });
  if (options.start !== false) await services.start();
  const app = createApp(services);
  let accounts = 0;
  return {
    services,
    app,
    clock,
    directory,
    request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.key) headers.set('authorization', `Bearer ${init.key}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      return app.handle(new Request(`http://recite.test${path}`, { ...init, headers, body }));
    },
    async account({ credits = 10_000, plan = 'basic', planGrant = false, monthlyCap } = {}) {
      accounts++;
      const created = await services.accounts.createAccount({
        email: `user${accounts}@example.test`,
        password: 'correct horse battery',
        plan,
        firstPlanGrantAt: planGrant ? undefined : Number.MAX_SAFE_INTEGER,
      });
      if (!created) throw new Error('account exists');
      if (credits > 0) await services.ledger.grant({ accountId: created.id, credits, source: 'admin' });
      const { key, record } = await services.accounts.createApiKey({
        accountId: created.id,
        monthlyCapCharacters: monthlyCap,
      });
      return { accountId: created.id, key, keyId: record.id };
    },
    async close() {
      await services.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

let sharedTestLogger: Logger | undefined;

/**
 * Silent, unless TEST_LOG_FILE names a file: then every harness logs there at debug level, so scripts/test.sh can
 * grep a whole test run's logs for secrets.
 */
function testLogger(): Logger {
  const file = process.env.TEST_LOG_FILE;
  if (!file) return silentLogger;
  sharedTestLogger ??= createLogger('debug', pino.destination({ dest: file, append: true, sync: true }));
  return sharedTestLogger;
}
