import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { SpeechEngineV1 } from '../providers/spec/v1/speech-engine.ts';
import { createEspeakEngine } from '../providers/engines/espeak/espeak-engine.ts';
import { runAdmin } from '../src/cli/admin.ts';
import { loadConfig } from '../src/config/index.ts';
import { englishText } from '../scripts/fixtures/english.ts';
import { decodeMp3 } from './support/audio.ts';
import { createHarness, type Harness } from './support/harness.ts';

describe('over real HTTP on 127.0.0.1', () => {
  let harness: Harness;
  let server: ReturnType<typeof Bun.serve>;
  beforeAll(async () => {
    harness = await createHarness({ environment: { RECITE_RATE_LIMIT: '100000' }, overrides: { runJobs: false } });
    server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: harness.app.fetch, idleTimeout: 60 });
  });
  afterAll(async () => {
    await server.stop(true);
    await harness.close();
  });
  const post = (key: string, body: unknown, init: RequestInit = {}) =>
    fetch(`${server.url}api/v1/tts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...init,
    });

  test('200 parallel requests against a balance for exactly 100: 100 succeed, 100 get 402, balance 0', async () => {
    const { key, accountId } = await harness.account({ credits: 100 });
    const responses = await Promise.all(Array.from({ length: 200 }, () => post(key, { text: 'Ten chars.' })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    expect(statuses.filter((status) => status === 402)).toHaveLength(100);
    const bodies = await Promise.all(
      responses.map((response) => (response.status === 402 ? response.json() : response.arrayBuffer())),
    );
    for (const [index, body] of bodies.entries())
      if (statuses[index] === 402) expect((body as any).error.code).toBe('insufficient_credits');
    const audio = await decodeMp3(new Uint8Array(bodies[statuses.indexOf(200)] as ArrayBuffer));
    expect(audio.durationSeconds).toBeGreaterThan(0.3);
    expect(await harness.services.ledger.balance(accountId)).toBe(0);
    expect(await harness.services.ledger.heldCredits(accountId)).toBe(0);
  }, 120_000);

  test('a client that hangs up mid-stream is not charged', async () => {
    const { key, accountId } = await harness.account({ credits: 5000 });
    const controller = new AbortController();
    const response = await post(key, { text: englishText(15_000) }, { signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.cancel().catch(() => {});
    const deadline = Date.now() + 20_000;
    while ((await harness.services.ledger.heldCredits(accountId)) > 0 && Date.now() < deadline) await Bun.sleep(50);
    expect(await harness.services.ledger.heldCredits(accountId)).toBe(0);
    expect(await harness.services.ledger.balance(accountId)).toBe(5000);
  }, 60_000);
});

describe('engine failures', () => {
  test('when every third synthesis fails, only delivered audio is charged', async () => {
    const real = createEspeakEngine({ workers: 2, environment: {} });
    let calls = 0;
    const flaky: SpeechEngineV1 = {
      ...real,
      start: () => real.start(),
      stop: () => real.stop(),
      synthesize(request, options) {
        calls++;
        if (calls % 3 === 0) throw new Error('injected failure');
        return real.synthesize(request, options);
      },
    };
    const harness = await createHarness({ overrides: { engine: flaky, runJobs: false } });
    try {
      const { key, accountId } = await harness.account({ credits: 1000 });
      let delivered = 0;
      for (let index = 0; index < 12; index++) {
        const response = await harness.request('/api/v1/tts', {
          method: 'POST',
          key,
          json: { text: 'Twenty characters!!!' },
        });
        if (response.status === 200) {
          await response.arrayBuffer();
          delivered++;
        } else expect(((await response.json()) as any).error.code).toBe('synthesis_failed');
      }
      expect(delivered).toBeGreaterThan(0);
      expect(delivered).toBeLessThan(12);
      expect(await harness.services.ledger.balance(accountId)).toBe(1000 - delivered * 2);
      expect(await harness.services.ledger.heldCredits(accountId)).toBe(0);
    } finally {
      await harness.close();
    }
  });
});

describe('rate limits, idempotency and usage', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await createHarness({ environment: { RECITE_RATE_LIMIT: '5' }, overrides: { runJobs: false } });
  });
  afterAll(() => harness.close());

  test('the 6th request in a minute is 429 with Retry-After, not charged; headers on every response; the window refills', async () => {
    const { key, accountId } = await harness.account({ credits: 100 });
    for (let index = 0; index < 5; index++) {
      const response = await harness.request('/api/v1/voices', { key });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-policy')).toBe('"per-key";q=5;w=60');
      expect(response.headers.get('ratelimit')).toMatch(new RegExp(`^"per-key";r=${4 - index};t=\\d+$`));
    }
    const limited = await harness.request('/api/v1/tts', { method: 'POST', key, json: { text: 'Hello there.' } });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as any).error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit')).toMatch(/^"per-key";r=0;t=\d+$/);
    expect(await harness.services.ledger.balance(accountId)).toBe(100);
    // Errors after authentication carry the headers too.
    harness.clock.advance(60_000);
    const invalid = await harness.request('/api/v1/tts', { method: 'POST', key, json: { voice: 'x' } });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('ratelimit')).toStartWith('"per-key";r=');
    expect((await harness.request('/api/v1/tts', { method: 'POST', key, json: { text: 'Hello there.' } })).status).toBe(
      200,
    );
  });

  test('Idempotency-Key: a retry replays the same bytes without a second charge; another body is 400; 24 h later it is fresh', async () => {
    harness.clock.advance(60_000);
    const { key, accountId } = await harness.account({ credits: 100 });
    const send = (text: string, idempotencyKey = 'order-42') =>
      harness.request('/api/v1/tts', {
        method: 'POST',
        key,
        json: { text },
        headers: { 'idempotency-key': idempotencyKey },
      });
    const first = await send('The same story, twice.');
    expect(first.status).toBe(200);
    const firstBytes = new Uint8Array(await first.arrayBuffer());
    const again = await send('The same story, twice.');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('x-credits-charged')).toBe('3');
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(firstBytes);
    expect(await harness.services.ledger.balance(accountId)).toBe(97);
    const other = await send('A different story.');
    expect(other.status).toBe(400);
    expect(((await other.json()) as any).error.code).toBe('idempotency_key_reused');
    harness.clock.advance(24 * 60 * 60 * 1000 + 1);
    const fresh = await send('A different story.');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    await fresh.arrayBuffer();
    expect(await harness.services.ledger.balance(accountId)).toBe(95);
  });

  test('a key left pending by a crashed process is free again after 15 minutes', async () => {
    harness.clock.advance(60_000);
    const { key, accountId } = await harness.account({ credits: 100 });
    // What a crash mid-request leaves behind: a pending claim for this very body, and no response.
    const body = JSON.stringify({ text: 'After the crash.' });
    expect(
      (await harness.services.idempotency.begin(accountId, 'crashed', createHash('sha256').update(body).digest('hex')))
        .state,
    ).toBe('new');
    const send = () =>
      harness.request('/api/v1/tts', {
        method: 'POST',
        key,
        json: { text: 'After the crash.' },
        headers: { 'idempotency-key': 'crashed' },
      });
    const blocked = await send();
    expect(blocked.status).toBe(409);
    expect(((await blocked.json()) as any).error.code).toBe('conflict');
    harness.clock.advance(15 * 60 * 1000 + 1);
    const retried = await send();
    expect(retried.status).toBe(200);
    await retried.arrayBuffer();
  });

  test('a failed request does not consume its Idempotency-Key', async () => {
    harness.clock.advance(60_000);
    const { key } = await harness.account({ credits: 1 });
    const send = () =>
      harness.request('/api/v1/tts', {
        method: 'POST',
        key,
        json: { text: 'This needs more than one credit.' },
        headers: { 'idempotency-key': 'retry-me' },
      });
    expect((await send()).status).toBe(402);
    expect((await send()).status).toBe(402);
  });

  test('GET /api/v1/usage: balance, grants with expiry, month usage per key', async () => {
    harness.clock.advance(60_000);
    const { key, keyId, accountId } = await harness.account({ credits: 500, monthlyCap: 10_000 });
    await (
      await harness.request('/api/v1/tts', {
        method: 'POST',
        key,
        json: { text: 'Forty characters of text for the usage.' },
      })
    ).arrayBuffer();
    const response = await harness.request('/api/v1/usage', { key });
    expect(response.status).toBe(200);
    const usage = (await response.json()) as any;
    expect(usage.account).toBe(accountId);
    expect(usage.balance).toBe(496);
    expect(usage.held).toBe(0);
    expect(usage.grants[0].expires_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(usage.month.keys).toEqual([
      {
        key_id: keyId,
        name: 'API key',
        prefix: expect.stringMatching(/^ksk_live_/),
        characters: 39,
        credits: 4,
        requests: 1,
        monthly_cap_characters: 10_000,
      },
    ]);
  });
});

describe('admin CLI', () => {
  test('create-account, create-key (works on the API), grant-credits, balance, revoke-key; bad arguments exit 1 with JSON', async () => {
    const harness = await createHarness({ overrides: { runJobs: false } });
    try {
      const config = loadConfig({ RECITE_DATABASE: join(harness.directory, 'recite.db') });
      const run = async (...args: string[]) => {
        const out: string[] = [];
        const err: string[] = [];
        const code = await runAdmin(args, config, {
          clock: harness.clock,
          out: (line) => out.push(line),
          err: (line) => err.push(line),
        });
        return { code, json: JSON.parse((code === 0 ? out : err).join('\n')) };
      };
      const account = await run(
        'create-account',
        '--email',
        'cli@example.test',
        '--password',
        'cli-password',
        '--plan',
        'creator',
      );
      expect(account.code).toBe(0);
      expect(account.json.balance).toBe(20_000);
      const created = await run(
        'create-key',
        '--account',
        account.json.id,
        '--name',
        'laptop',
        '--monthly-cap',
        '5000',
      );
      expect(created.json.key).toStartWith('ksk_live_');
      expect((await harness.request('/api/v1/voices', { key: created.json.key })).status).toBe(200);
      expect(
        (await run('grant-credits', '--account', account.json.id, '--credits', '250', '--expires-in-days', '30')).json
          .balance,
      ).toBe(20_250);
      const balance = await run('balance', '--account', account.json.id);
      expect(balance.json.grants).toHaveLength(2);
      expect((await run('revoke-key', '--key-id', created.json.id)).json.revoked).toBe(true);
      expect((await harness.request('/api/v1/voices', { key: created.json.key })).status).toBe(401);
      const bad = await run('grant-credits', '--account', account.json.id, '--credits', '-5');
      expect(bad.code).toBe(1);
      expect(bad.json.error.code).toBe('invalid_request');
      expect(
        (await run('create-account', '--email', 'cli@example.test', '--password', 'cli-password', '--plan', 'gold'))
          .code,
      ).toBe(1);
      expect((await run('frobnicate')).code).toBe(1);
    } finally {
      await harness.close();
    }
  });
});
