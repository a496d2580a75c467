import { Database } from 'bun:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createS3Storage } from '../providers/storage/s3/s3-storage.ts';
import { englishText } from '../scripts/fixtures/english.ts';
import { createHarness, type Harness } from './support/harness.ts';

// Issue 17, the faults that need another process: a frozen S3 (s3rver stopped with SIGSTOP) and a server stopped
// with SIGTERM while a client holds a request open.
const root = join(import.meta.dir, '..');
const directory = mkdtempSync(join(tmpdir(), 'recite-hardening-'));
let s3: ChildProcess;
let endpoint = '';
beforeAll(async () => {
  s3 = spawn(process.execPath, ['test/support/s3rver-process.ts', join(directory, 's3'), 'narrations'], { cwd: root });
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    s3.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    s3.on('exit', (code) => reject(new Error(`s3rver exited ${code}`)));
  });
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  s3.kill('SIGCONT');
  s3.kill('SIGKILL');
  rmSync(directory, { recursive: true, force: true });
});

const freeze = () => s3.kill('SIGSTOP');
const thaw = () => s3.kill('SIGCONT');
const storage = () =>
  createS3Storage({
    bucket: 'narrations',
    prefix: crypto.randomUUID(),
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });

/** The app over real HTTP; `running()` counts handlers still working (Bun forgets a request once its client left). */
async function served(harness: Harness) {
  let handlers = 0;
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 120,
    fetch: async (request) => {
      handlers++;
      try {
        return await harness.app.fetch(request);
      } finally {
        handlers--;
      }
    },
  });
  return { server, url: `http://127.0.0.1:${server.port}`, running: () => handlers };
}

async function until(condition: () => boolean, what: string) {
  for (let index = 0; index < 2400; index++) {
    if (condition()) return;
    await Bun.sleep(25);
  }
  throw new Error(`gave up waiting: ${what}`);
}

describe('item 1: a frozen S3 and a client that gave up', () => {
  test('abandoned: a long-job request whose client timed out while S3 was frozen becomes no job and no charge', async () => {
    // A storage deadline longer than the freeze, so only the request's own abort can stop the enqueue.
    const harness = await createHarness({
      environment: { RECITE_DIRECT_MAX_CHARS: '400', RECITE_STORAGE_TIMEOUT_MS: '120000' },
      overrides: { storage: storage(), runJobs: false },
    });
    const { server, url, running } = await served(harness);
    try {
      const { key, accountId } = await harness.account({ credits: 5000 });
      freeze();
      const sent = fetch(`${url}/api/v1/tts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: englishText(21_000) }),
        signal: AbortSignal.timeout(3_000),
      });
      expect(sent).rejects.toThrow();
      await sent.catch(() => {});
      thaw();
      await until(() => running() === 0, "the abandoned request's handler to end");
      expect(await harness.services.scheduler.backlog()).toBe(0);
      expect(await harness.services.scheduler.runDue()).toBe(0);
      expect(await harness.services.ledger.heldCredits(accountId)).toBe(0);
      expect(await harness.services.ledger.balance(accountId)).toBe(5000);
    } finally {
      thaw();
      await server.stop(true);
      await harness.close();
    }
  }, 240_000);

  test('storage timeout: with S3 frozen, a long-job request answers 502 unavailable (not never) and charges nothing', async () => {
    const harness = await createHarness({
      environment: { RECITE_DIRECT_MAX_CHARS: '400', RECITE_STORAGE_TIMEOUT_MS: '1000' },
      overrides: { storage: storage(), runJobs: false },
    });
    try {
      const { key, accountId } = await harness.account({ credits: 5000 });
      freeze();
      const response = await harness.request('/api/v1/tts', {
        method: 'POST',
        key,
        json: { text: englishText(2_000) },
      });
      expect(response.status).toBe(502);
      expect(((await response.json()) as any).error.code).toBe('unavailable');
      expect(await harness.services.ledger.balance(accountId)).toBe(5000);
    } finally {
      thaw();
      await harness.close();
    }
  }, 240_000);

  test('job storage timeout: a job whose upload meets a frozen S3 gives the slot back (retrying), credits still held', async () => {
    const harness = await createHarness({
      environment: { RECITE_DIRECT_MAX_CHARS: '400', RECITE_STORAGE_TIMEOUT_MS: '1000' },
      overrides: { storage: storage(), runJobs: false },
    });
    try {
      const { key, accountId } = await harness.account({ credits: 5000 });
      const accepted = await harness.request('/api/v1/tts', {
        method: 'POST',
        key,
        json: { text: englishText(2_000) },
      });
      expect(accepted.status).toBe(202);
      const { jobId, credits_reserved } = (await accepted.json()) as { jobId: string; credits_reserved: number };
      freeze();
      expect(await harness.services.scheduler.runDue()).toBe(1);
      const job = (await harness.services.scheduler.find(jobId))!;
      expect(job.status).toBe('retrying');
      expect(job.lastError).toContain('storage');
      expect(await harness.services.ledger.heldCredits(accountId)).toBe(credits_reserved);
    } finally {
      thaw();
      await harness.close();
    }
  }, 240_000);
});

describe('item 13: bounded shutdown', () => {
  test('shutdown: SIGTERM with a client holding a stream open exits after the grace period and voids its reservation', async () => {
    const environment = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      RECITE_DATABASE: join(directory, 'shutdown.db'),
      RECITE_STORAGE: `file:${join(directory, 'audio')}`,
      RECITE_PORT: '0',
      RECITE_ENGINE_WORKERS: '1',
      RECITE_ENCODER_WORKERS: '1',
      RECITE_SHUTDOWN_GRACE_MS: '1500',
      RECITE_LOG_LEVEL: 'info',
    };
    const admin = (...args: string[]) => {
      const result = spawnSync(process.execPath, ['src/index.ts', 'admin', ...args], {
        cwd: root,
        env: environment,
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as Record<string, any>;
    };
    const account = admin(
      'create-account',
      '--email',
      'stop@example.test',
      '--password',
      'stop-password',
      '--plan',
      'basic',
    );
    const { key } = admin('create-key', '--account', account.id);
    const child = spawn(process.execPath, ['src/index.ts'], { cwd: root, env: environment });
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let log = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr!.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        const match = /"url":"([^"]+)"/.exec(log);
        if (match) resolve(match[1]!);
      });
      child.on('exit', (code) => reject(new Error(`server exited ${code}: ${log}`)));
    });
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    try {
      const response = await fetch(`${url}api/v1/tts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: englishText(19_000) }),
      });
      expect(response.status).toBe(200);
      reader = response.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      // The client now stops reading: the request stays in flight as long as the server lets it.
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
      expect(log).toContain('aborting them');
    } finally {
      await reader?.cancel().catch(() => {});
      child.kill('SIGKILL');
    }
    const db = new Database(environment.RECITE_DATABASE, { readonly: true });
    try {
      const rows = db.query<{ status: string }, []>("SELECT status FROM reservations WHERE product = 'speech'").all();
      expect(rows).toEqual([{ status: 'voided' }]);
    } finally {
      db.close();
    }
  }, 240_000);
});
