import { afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../src/db/client.ts';
import { randomIds } from '../src/db/ids.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { silentLogger } from '../src/lib/logger.ts';
import { assertTransition, canTransition, retryDelayMs } from '../src/scheduler/job-states.ts';
import { Scheduler, type JobHandler } from '../src/scheduler/scheduler.ts';

let directory: string;
let db: Db;
const clock = fixedClock('2026-05-01T00:00:00Z');
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'recite-scheduler-'));
  db = openDatabase(join(directory, 'jobs.db'));
});
afterEach(() => {
  db.$client.close();
  rmSync(directory, { recursive: true, force: true });
});

const scheduler = (options = {}) =>
  new Scheduler(db, clock, randomIds, silentLogger, {
    leaseMs: 1000,
    maxAttempts: 3,
    retryBaseMs: 1000,
    retryCapMs: 8000,
    ...options,
  });

describe('job states', () => {
  test('only the legal transitions are allowed', () => {
    expect(canTransition('queued', 'running')).toBe(true);
    expect(canTransition('running', 'completed')).toBe(true);
    expect(canTransition('completed', 'running')).toBe(false);
    expect(canTransition('failed', 'queued')).toBe(false);
    expect(() => assertTransition('completed', 'failed')).toThrow('illegal job transition');
  });

  test('backoff is exponential, capped and jittered', () => {
    const low = () => 0;
    const high = () => 0.999;
    expect(retryDelayMs(1, { baseMs: 1000, capMs: 8000, random: low })).toBe(500);
    expect(retryDelayMs(3, { baseMs: 1000, capMs: 8000, random: high })).toBeLessThanOrEqual(4000);
    expect(retryDelayMs(3, { baseMs: 1000, capMs: 8000, random: low })).toBe(2000);
    expect(retryDelayMs(10, { baseMs: 1000, capMs: 8000, random: high })).toBeLessThanOrEqual(8000);
  });
});

describe('scheduler', () => {
  test('a poison job ends failed after N attempts and its failure hook runs once', async () => {
    const jobs = scheduler();
    let failures = 0;
    const handler: JobHandler = {
      run: async () => {
        throw new Error('always broken');
      },
      onFailed: () => {
        failures++;
      },
    };
    jobs.register('webhook', handler);
    const job = jobs.enqueue({ kind: 'webhook', input: {} });
    for (let attempt = 0; attempt < 5; attempt++) {
      await jobs.runDue();
      clock.advance(10_000);
    }
    const final = jobs.find(job.id)!;
    expect(final.status).toBe('failed');
    expect(final.attempts).toBe(3);
    expect(final.lastError).toBe('always broken');
    expect(failures).toBe(1);
  });

  test('find and listForAccount can leave big input fields out; the job itself keeps them', () => {
    const jobs = scheduler();
    const text = 'x'.repeat(200_000);
    const job = jobs.enqueue({
      kind: 'narration',
      accountId: 'acct_1',
      input: { text, characters: 200_000, voiceId: 'std-aria' },
    });
    const slim = JSON.parse(jobs.find(job.id, { omitInput: ['text'] })!.input);
    expect(slim).toEqual({ characters: 200_000, voiceId: 'std-aria' });
    expect(JSON.parse(jobs.listForAccount('acct_1', 'narration', 10, { omitInput: ['text'] })[0]!.input)).toEqual(slim);
    expect(JSON.parse(jobs.find(job.id)!.input).text).toBe(text);
    expect(() => jobs.find(job.id, { omitInput: ["text') --"] })).toThrow();
  });

  test('listForAccount can keep just the start of a big input field, for titles', () => {
    const jobs = scheduler();
    const text = `Once upon a time ${'y'.repeat(100_000)}`;
    jobs.enqueue({
      kind: 'narration',
      accountId: 'acct_clip',
      input: { text, characters: text.length, voiceId: 'std-aria' },
    });
    const listed = JSON.parse(jobs.listForAccount('acct_clip', 'narration', 10, { clipInput: { text: 20 } })[0]!.input);
    expect(listed).toEqual({ text: text.slice(0, 20), characters: text.length, voiceId: 'std-aria' });
    expect(() => jobs.listForAccount('acct_clip', 'narration', 10, { clipInput: { "text') --": 5 } })).toThrow();
  });

  test('a job whose worker died is taken over after its lease, and completes once', async () => {
    const dead = scheduler();
    const alive = scheduler();
    let completions = 0;
    // The first scheduler claims the job and then "dies": its handler hangs until the test ends.
    let wake!: () => void;
    dead.register('webhook', { run: () => new Promise<void>((resolve) => (wake = resolve)) });
    alive.register('webhook', {
      run: async ({ complete }) => {
        if (complete({ ok: true })) completions++;
      },
    });
    const job = alive.enqueue({ kind: 'webhook', input: {} });
    const deadRun = dead.runDue();
    await Bun.sleep(10);
    expect(alive.find(job.id)!.status).toBe('running');
    expect(await alive.runDue()).toBe(0); // lease still valid
    clock.advance(1001);
    expect(await alive.runDue()).toBe(1);
    expect(alive.find(job.id)!.status).toBe('completed');
    expect(alive.find(job.id)!.attempts).toBe(2);
    expect(completions).toBe(1);
    wake();
    await deadRun;
  });

  test('drain hands running jobs back to the queue without spending an attempt', async () => {
    const jobs = scheduler({ pollMs: 10 });
    let started = 0;
    jobs.register('webhook', {
      run: ({ signal }) =>
        new Promise((_, reject) => {
          started++;
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    });
    const job = jobs.enqueue({ kind: 'webhook', input: {} });
    jobs.start();
    while (started === 0) await Bun.sleep(5);
    await jobs.drain(20);
    const after = jobs.find(job.id)!;
    expect(after.status).toBe('queued');
    expect(after.attempts).toBe(0);
    expect(after.leaseOwner).toBeNull();
  });

  test('a completion after the lease was lost is refused', async () => {
    const first = scheduler();
    const second = scheduler();
    let release!: () => void;
    let firstResult: boolean | undefined;
    first.register('webhook', {
      run: async ({ complete }) => {
        await new Promise<void>((resolve) => (release = resolve));
        firstResult = complete({ from: 'first' });
      },
    });
    second.register('webhook', { run: async ({ complete }) => void complete({ from: 'second' }) });
    const job = first.enqueue({ kind: 'webhook', input: {} });
    const running = first.runDue();
    await Bun.sleep(10);
    clock.advance(1001);
    await second.runDue();
    release();
    await running;
    expect(firstResult).toBe(false);
    expect(JSON.parse(first.find(job.id)!.result!)).toEqual({ from: 'second' });
  });
});
