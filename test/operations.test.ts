import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { createApp } from '../src/app.ts';
import { createLogger, memoryDestination } from '../src/lib/logger.ts';
import { createHarness, type Harness } from './support/harness.ts';

const METRICS_TOKEN = 'metrics-token-0123456789';

/** The sum of a metric's samples over every value of one label (e.g. all engines). */
function total(text: string, name: string): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{.*\})? (\S+)$/.exec(line);
    if (match && match[1] === name) sum += Number(match[2]);
  }
  return sum;
}

/** Prometheus text -> value of one sample, matched by name and exact label set (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)) found[pair[1]!] = pair[2]!;
    if (
      Object.keys(found).length === Object.keys(labels).length &&
      Object.entries(labels).every(([key, value]) => found[key] === value)
    ) {
      return Number(match[3]);
    }
  }
  return 0;
}

const codePoints = (text: string) => [...text].length;

describe('metrics, request ids and logs after real traffic', () => {
  let harness: Harness;
  const logs = memoryDestination();
  const direct = 'The lighthouse keeper climbed the stairs and lit the lamp for the ships.';
  const long = 'The sea was calm that night, and the keeper wrote in his log. '.repeat(5).trim();
  let metrics = '';
  const requestIds: Record<string, string> = {};
  let jobId = '';
  let account: Awaited<ReturnType<Harness['account']>>;

  beforeAll(async () => {
    harness = await createHarness({
      environment: { RECITE_METRICS_TOKEN: METRICS_TOKEN, RECITE_RATE_LIMIT: '5', RECITE_DIRECT_MAX_CHARS: '200' },
      overrides: { runJobs: false, logger: createLogger('debug', logs) },
    });
    account = await harness.account({ credits: 10_000 });
    const limited = await harness.account({ credits: 10_000 });

    const speech = await harness.request('/api/v1/tts', { method: 'POST', key: account.key, json: { text: direct } });
    expect(speech.status).toBe(200);
    await speech.arrayBuffer();
    requestIds.direct = speech.headers.get('x-request-id')!;

    const queued = await harness.request('/api/v1/tts', { method: 'POST', key: account.key, json: { text: long } });
    expect(queued.status).toBe(202);
    jobId = ((await queued.json()) as { jobId: string }).jobId;
    requestIds.job = queued.headers.get('x-request-id')!;
    expect(await harness.services.scheduler.runDue()).toBeGreaterThanOrEqual(1);

    const rejected = await harness.request('/api/v1/tts', {
      method: 'POST',
      key: account.key,
      json: { text: 'All immigrants are vermin and should be exterminated.' },
    });
    expect(rejected.status).toBe(400);
    expect(((await rejected.json()) as { error: { code: string } }).error.code).toBe('content_rejected');

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await harness.request('/api/v1/voices', { key: limited.key });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);

    metrics = await scrape();
  });
  const scrape = async () => {
    const scraped = await harness.request('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toContain('text/plain');
    return scraped.text();
  };
  afterAll(() => harness?.close());

  test('HTTP requests are counted by route template and status', () => {
    expect(sample(metrics, 'recite_http_requests_total', { method: 'POST', route: '/api/v1/tts', status: '200' })).toBe(
      1,
    );
    expect(sample(metrics, 'recite_http_requests_total', { method: 'POST', route: '/api/v1/tts', status: '202' })).toBe(
      1,
    );
    expect(sample(metrics, 'recite_http_requests_total', { method: 'POST', route: '/api/v1/tts', status: '400' })).toBe(
      1,
    );
    expect(
      sample(metrics, 'recite_http_requests_total', { method: 'GET', route: '/api/v1/voices', status: '200' }),
    ).toBe(5);
    expect(
      sample(metrics, 'recite_http_requests_total', { method: 'GET', route: '/api/v1/voices', status: '429' }),
    ).toBe(1);
    expect(
      sample(metrics, 'recite_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/tts' }),
    ).toBe(3);
  });

  test('errors, moderation verdicts and rate-limit refusals are counted', () => {
    expect(sample(metrics, 'recite_errors_total', { code: 'content_rejected' })).toBe(1);
    expect(sample(metrics, 'recite_errors_total', { code: 'rate_limited' })).toBe(1);
    expect(sample(metrics, 'recite_rate_limit_refusals_total', { limit: 'rate_limited' })).toBe(1);
    expect(sample(metrics, 'recite_moderation_verdicts_total', { provider: 'local', category: 'hate' })).toBe(1);
    expect(
      sample(metrics, 'recite_moderation_verdicts_total', { provider: 'local', category: 'none' }),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(metrics, 'recite_moderation_duration_seconds_count', { provider: 'local' })).toBeGreaterThanOrEqual(
      3,
    );
    expect(sample(metrics, 'recite_moderation_fail_closed_total')).toBe(0);
  });

  test('synthesis counts every character an engine spoke, by the engine that spoke it', async () => {
    // The first use of a voice also synthesises a loudness calibration passage, so count the characters of one more
    // request in the same voice, between two scrapes.
    const before = await scrape();
    const text = 'A second short sentence for the same voice.';
    const response = await harness.request('/api/v1/tts', { method: 'POST', key: account.key, json: { text } });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const after = await scrape();
    const engine = harness.services.engine;
    const spoken = (text: string) => total(text, 'recite_synthesis_characters_total');
    expect(spoken(after) - spoken(before)).toBe(codePoints(text));
    expect(spoken(before)).toBeGreaterThanOrEqual(codePoints(direct) + codePoints(long));
    // The catalog's default voice is spoken by Flite; metrics name that engine, not the router over both.
    expect(sample(after, 'recite_synthesis_characters_total', { engine: 'flite' })).toBeGreaterThan(0);
    expect(after).not.toContain(`engine="${engine.id}"`);
    expect(total(after, 'recite_synthesis_audio_seconds_total')).toBeGreaterThan(5);
    expect(total(after, 'recite_synthesis_real_time_factor_count')).toBeGreaterThanOrEqual(3);
  });

  test('credits and jobs moved by the right amounts', () => {
    const credits = Math.ceil(codePoints(direct) / 10) + Math.ceil(codePoints(long) / 10);
    expect(sample(metrics, 'recite_credits_total', { operation: 'captured' })).toBe(credits);
    const reserved = sample(metrics, 'recite_credits_total', { operation: 'reserved' });
    expect(reserved - sample(metrics, 'recite_credits_total', { operation: 'voided' })).toBe(credits);
    expect(sample(metrics, 'recite_credits_held')).toBe(0);
    expect(sample(metrics, 'recite_jobs', { state: 'completed' })).toBe(1);
    expect(sample(metrics, 'recite_jobs', { state: 'queued' })).toBe(0);
    expect(sample(metrics, 'recite_job_attempts_total', { kind: 'narration', outcome: 'completed' })).toBe(1);
    expect(sample(metrics, 'recite_oldest_waiting_job_age_seconds')).toBe(0);
    expect(
      sample(metrics, 'recite_storage_operation_duration_seconds_count', { operation: 'put' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(metrics, 'recite_engine_queue_depth', { engine: 'flite' })).toBe(0);
    expect(sample(metrics, 'recite_engine_queue_depth', { engine: 'espeak' })).toBe(0);
    expect(metrics).toContain('process_resident_memory_bytes');
  });

  test('labels never carry keys, accounts or texts', () => {
    expect(metrics).not.toContain(account.accountId);
    expect(metrics).not.toContain(account.keyId);
    expect(metrics).not.toContain('ksk_');
    expect(metrics).not.toContain('lighthouse');
  });

  test('the output passes promtool check metrics', async () => {
    const promtool = Bun.spawn(['promtool', 'check', 'metrics'], {
      stdin: new TextEncoder().encode(metrics),
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [code, errors] = await Promise.all([promtool.exited, new Response(promtool.stderr).text()]);
    expect(errors.trim()).toBe('');
    expect(code).toBe(0);
  });

  test('/metrics needs the token', async () => {
    expect((await harness.request('/metrics')).status).toBe(401);
    expect(
      (await harness.request('/metrics', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status,
    ).toBe(401);
  });

  test('every log line of a request carries its id, and a job logs its id and the request that made it', () => {
    const lines = logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const direct = lines.filter((line) => line.requestId === requestIds.direct);
    expect(
      direct.some((line) => line.message === 'request' && line.status === 200 && line.route === '/api/v1/tts'),
    ).toBe(true);
    const job = lines.filter((line) => line.jobId === jobId);
    expect(job.map((line) => line.message)).toEqual(expect.arrayContaining(['job started', 'job completed']));
    for (const line of job) expect(line.requestId).toBe(requestIds.job);
    expect(new Set(Object.values(requestIds)).size).toBe(2);
  });

  test('no secret reaches the logs', () => {
    const text = logs.lines.join('\n');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(account.key);
    expect(text).not.toContain(account.key.slice(9));
    expect(text).not.toContain('correct horse battery');
  });
});

describe('X-Request-Id', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await createHarness({ overrides: { runJobs: false } });
  });
  afterAll(() => harness?.close());

  test('every response carries one, errors and unknown routes too, and ids differ', async () => {
    const responses = await Promise.all([
      harness.request('/healthz'),
      harness.request('/no/such/route'),
      harness.request('/api/v1/voices'),
    ]);
    const ids = responses.map((response) => response.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
    expect(new Set(ids).size).toBe(3);
    expect(responses.map((response) => response.status)).toEqual([200, 404, 401]);
  });

  test("a client's X-Request-Id is ignored unless it came through a trusted proxy", async () => {
    const untrusted = await harness.request('/healthz', { headers: { 'x-request-id': 'from-client-1' } });
    expect(untrusted.headers.get('x-request-id')).not.toBe('from-client-1');
    const app = createApp(harness.services, { trustsRequestId: () => true });
    const trusted = await app.handle(
      new Request('http://recite.test/healthz', { headers: { 'x-request-id': 'edge-7f3a' } }),
    );
    expect(trusted.headers.get('x-request-id')).toBe('edge-7f3a');
    const forged = await app.handle(
      new Request('http://recite.test/healthz', { headers: { 'x-request-id': 'bad id {"level":"error"}' } }),
    );
    expect(forged.headers.get('x-request-id')).toMatch(/^req_/);
  });

  test('/metrics is not served when no token is set', async () => {
    expect((await harness.request('/metrics')).status).toBe(404);
  });
});

describe('/readyz', () => {
  const directory = mkdtempSync(join(tmpdir(), 'recite-readyz-'));
  let s3: { run(): Promise<{ port: number }>; close(callback: (error?: Error) => void): void } | undefined;
  let s3Port = 0;
  let moderation: ReturnType<typeof Bun.serve> | undefined;
  let moderationPort = 0;
  let harness: Harness;

  const startS3 = async (port: number) => {
    const server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: join(directory, 's3'),
      configureBuckets: [{ name: 'narrations' }],
    });
    const address = await server.run();
    s3 = server;
    return address.port as number;
  };
  const stopS3 = () => new Promise<void>((resolve) => (s3 ? s3.close(() => resolve()) : resolve()));
  // A stand-in for OpenAI's moderation endpoint, speaking its documented response format.
  const startModeration = (port: number) =>
    Bun.serve({
      port,
      hostname: '127.0.0.1',
      async fetch(request) {
        const body = (await request.json()) as { model: string };
        const categories = {
          sexual: false,
          hate: false,
          harassment: false,
          violence: false,
          'violence/graphic': false,
        };
        const scores = Object.fromEntries(Object.keys(categories).map((key) => [key, 0.01]));
        return Response.json({
          id: 'modr-1',
          model: body.model,
          results: [{ flagged: false, categories, category_scores: scores }],
        });
      },
    });

  beforeAll(async () => {
    s3Port = await startS3(0);
    moderation = startModeration(0);
    moderationPort = moderation.port!;
    const environment = {
      RECITE_STORAGE: 's3://narrations/recite',
      RECITE_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      RECITE_S3_ACCESS_KEY_ID: 'S3RVER',
      RECITE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      RECITE_S3_REGION: 'us-east-1',
      RECITE_MODERATION: 'openai',
      RECITE_OPENAI_API_KEY: 'sk-test',
      RECITE_OPENAI_MODERATION_URL: `http://127.0.0.1:${moderationPort}`,
      RECITE_MODERATION_TIMEOUT_MS: '2000',
    };
    harness = await createHarness({
      environment,
      overrides: { runJobs: false, readiness: { cacheMs: 0, timeoutMs: 30_000 }, environment },
    });
  });
  afterAll(async () => {
    await harness?.close();
    await stopS3();
    moderation?.stop(true);
    rmSync(directory, { recursive: true, force: true });
  });

  const ready = async () => {
    const response = await harness.request('/readyz');
    const body = (await response.json()) as {
      status: string;
      failed: string[];
      checks: { name: string; ok: boolean; detail?: string }[];
    };
    return { status: response.status, body };
  };

  test('ready when database, storage, moderation and engine answer', async () => {
    const { status, body } = await ready();
    expect(body.failed).toEqual([]);
    expect(status).toBe(200);
    expect(body.checks.map((check) => check.name).sort()).toEqual(['database', 'engine', 'moderation', 'storage']);
  });

  test('503 naming storage while S3 is down, ready again once it is back', async () => {
    await stopS3();
    const down = await ready();
    expect(down.status).toBe(503);
    expect(down.body.failed).toEqual(['storage']);
    expect(down.body.checks.find((check) => check.name === 'storage')?.detail).toBeTruthy();
    await startS3(s3Port);
    const back = await ready();
    expect(back.body.failed).toEqual([]);
    expect(back.status).toBe(200);
  });

  test('503 naming moderation while the moderation provider is down, ready again once it is back', async () => {
    moderation?.stop(true);
    const down = await ready();
    expect(down.status).toBe(503);
    expect(down.body.failed).toEqual(['moderation']);
    moderation = startModeration(moderationPort);
    const back = await ready();
    expect(back.body.failed).toEqual([]);
    expect(back.status).toBe(200);
  });

  test('/healthz stays liveness: 200 while a dependency is down', async () => {
    await stopS3();
    try {
      expect((await harness.request('/healthz')).status).toBe(200);
      expect((await ready()).status).toBe(503);
    } finally {
      await startS3(s3Port);
    }
  });
});

/**
 * A recite server in a process of its own, on a temporary database and storage, with one engine and one encoder worker
 * and `environment` added. `logged` reads its log until each of the named messages has appeared and gives their `url`.
 */
function spawnServer(name: string, environment: Record<string, string> = {}) {
  const directory = mkdtempSync(join(tmpdir(), `recite-${name}-`));
  const server = Bun.spawn([process.execPath, 'src/index.ts'], {
    env: {
      ...process.env,
      RECITE_PORT: '0',
      RECITE_DATABASE: join(directory, 'recite.db'),
      RECITE_STORAGE: `file:${join(directory, 'audio')}`,
      RECITE_ENGINE_WORKERS: '1',
      RECITE_ENCODER_WORKERS: '1',
      ...environment,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  });
  const reader = server.stderr.getReader();
  let buffered = '';
  return {
    async logged(...messages: string[]): Promise<Record<string, string>> {
      const urls: Record<string, string> = {};
      while (messages.some((message) => !urls[message])) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`server exited early: ${buffered}`);
        buffered += new TextDecoder().decode(value);
        // Whole lines only: the last one may still be arriving.
        for (const line of buffered.split('\n').slice(0, -1)) {
          if (!line.startsWith('{')) continue;
          const entry = JSON.parse(line) as { message: string; url?: string };
          if (messages.includes(entry.message) && entry.url) urls[entry.message] = entry.url;
        }
      }
      return urls;
    },
    async stop() {
      reader.releaseLock();
      server.kill();
      await server.exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

describe('a separate metrics listener', () => {
  test('RECITE_METRICS_ADDRESS serves /metrics there without a token, and not on the main port', async () => {
    const server = spawnServer('metrics-listener', { RECITE_METRICS_ADDRESS: '127.0.0.1:0' });
    try {
      const urls = await server.logged('recite is listening', 'metrics are served');
      const scraped = await fetch(urls['metrics are served']!);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('# TYPE recite_http_requests_total counter');
      expect((await fetch(new URL('/metrics', urls['recite is listening']))).status).toBe(404);
    } finally {
      await server.stop();
    }
  }, 30_000);
});

describe('start-up', () => {
  test('the server listens while the engines start: /healthz answers, /readyz says starting, other requests wait', async () => {
    const server = spawnServer('start-up');
    try {
      const url = (await server.logged('recite is listening'))['recite is listening']!;
      // Flite compiles its program and load-checks its voices first, which takes far longer than these requests.
      // A synthesis asked for now is held until start-up is done, then served.
      const sample = fetch(new URL('/api/v1/voices/std-aria/sample.mp3', url));
      const [live, starting] = await Promise.all([fetch(new URL('/healthz', url)), fetch(new URL('/readyz', url))]);
      expect(live.status).toBe(200);
      expect(starting.status).toBe(503);
      const body = (await starting.json()) as { failed: string[]; checks: { name: string; detail?: string }[] };
      expect(body.failed).toContain('engine');
      expect(body.checks.find((check) => check.name === 'engine')?.detail).toStartWith('starting');
      const held = await sample;
      expect(held.status).toBe(200);
      expect(held.headers.get('content-type')).toBe('audio/mpeg');
      expect((await held.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      const after = (await (await fetch(new URL('/readyz', url))).json()) as {
        checks: { name: string; detail?: string }[];
      };
      expect(after.checks.find((check) => check.name === 'engine')?.detail ?? '').not.toStartWith('starting');
    } finally {
      await server.stop();
    }
  }, 60_000);
});
