import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHarness, type Harness } from './support/harness.ts';

// Edges of Idempotency-Key, RateLimit headers and the usage report that billing-http.test.ts does not reach.
let harness: Harness;
beforeAll(async () => {
  harness = await createHarness({ overrides: { runJobs: false } });
});
afterAll(() => harness.close());

const speak = (key: string, body: unknown, idempotencyKey?: string) =>
  harness.request('/api/v1/tts', {
    method: 'POST',
    key,
    json: body,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });
const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;
const storedBodyKey = (accountId: string, key: string) =>
  harness.services.stores
    .sqlite!.$client.query<{ response_body_key: string | null; status: string }, [string, string]>(
      'SELECT response_body_key, status FROM idempotency_keys WHERE account_id = ? AND key = ?',
    )
    .get(accountId, key);

describe('Idempotency-Key', () => {
  test('a duplicate sent while the first is still streaming is 409 conflict; afterwards it replays; one charge', async () => {
    const { key, accountId } = await harness.account({ credits: 100 });
    const body = { text: 'Twins arrive together.' };
    const [first, second] = await Promise.all([speak(key, body, 'twin'), speak(key, body, 'twin')]);
    // The first still owes its body (nothing has read it), so its key is pending when the second arrives.
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const [winner, loser] = first.status === 200 ? [first, second] : [second, first];
    expect(await errorCode(loser)).toBe('conflict');
    expect(Number(loser.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(loser.headers.get('ratelimit')).toStartWith('"per-key";r=');
    const bytes = new Uint8Array(await winner.arrayBuffer());
    const replay = await speak(key, body, 'twin');
    expect(replay.status).toBe(200);
    for (const name of ['content-type', 'x-characters', 'x-credits-charged'])
      expect(replay.headers.get(name)).toBe(winner.headers.get(name));
    expect(replay.headers.get('ratelimit')).toStartWith('"per-key";r=');
    expect(new Uint8Array(await replay.arrayBuffer())).toEqual(bytes);
    expect(await harness.services.ledger.balance(accountId)).toBe(100 - 3);
  });

  test('format json replays the same JSON body', async () => {
    const { key, accountId } = await harness.account({ credits: 100 });
    const body = { text: 'JSON, please.', format: 'json' };
    const first = await speak(key, body, 'json-1');
    expect(first.status).toBe(200);
    const firstJson = await first.json();
    const again = await speak(key, body, 'json-1');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(await again.json()).toEqual(firstJson);
    expect(await harness.services.ledger.balance(accountId)).toBe(98);
  });

  test('keys are per account: another account may use the same key for its own request', async () => {
    const one = await harness.account({ credits: 10 });
    const two = await harness.account({ credits: 10 });
    await (await speak(one.key, { text: 'Account one.' }, 'shared')).arrayBuffer();
    const other = await speak(two.key, { text: 'Account two!' }, 'shared');
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    await other.arrayBuffer();
    expect(await harness.services.ledger.balance(one.accountId)).toBe(8);
    expect(await harness.services.ledger.balance(two.accountId)).toBe(8);
  });

  test('a malformed key is 400 invalid_request and charges nothing', async () => {
    const { key, accountId } = await harness.account({ credits: 10 });
    expect(await errorCode(await speak(key, { text: 'Hello.' }, 'x'.repeat(256)))).toBe('invalid_request');
    expect(await errorCode(await speak(key, { text: 'Hello.' }, 'has space'))).toBe('invalid_request');
    expect(await harness.services.ledger.balance(accountId)).toBe(10);
  });

  test('when the stored body has vanished, the retry is refused with 409 rather than run and charged again', async () => {
    const { key, accountId } = await harness.account({ credits: 100 });
    await (await speak(key, { text: 'Here today.' }, 'vanish')).arrayBuffer();
    const stored = storedBodyKey(accountId, 'vanish')!;
    expect(stored.status).toBe('completed');
    await harness.services.storage.delete(stored.response_body_key!);
    const retried = await speak(key, { text: 'Here today.' }, 'vanish');
    expect(retried.status).toBe(409);
    expect(await errorCode(retried)).toBe('conflict');
    // Charged once (issue 17: a key never runs again at a second price); a new key narrates again.
    expect(await harness.services.ledger.balance(accountId)).toBe(100 - 2);
    const fresh = await speak(key, { text: 'Here today.' }, 'vanish-2');
    expect(fresh.status).toBe(200);
    await fresh.arrayBuffer();
  });

  test('reusing an expired key deletes the old stored body, even when the new attempt fails', async () => {
    const { key, accountId } = await harness.account({ credits: 1 });
    await (await speak(key, { text: 'Ten chars.' }, 'old')).arrayBuffer();
    const bodyKey = storedBodyKey(accountId, 'old')!.response_body_key!;
    expect(await harness.services.storage.head(bodyKey)).not.toBeNull();
    harness.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect(await errorCode(await speak(key, { text: 'Ten chars!' }, 'old'))).toBe('insufficient_credits');
    expect(await harness.services.storage.head(bodyKey)).toBeNull();
    expect(storedBodyKey(accountId, 'old')).toBeNull();
  });

  test('purgeExpired drops keys older than 24 hours and returns their body keys', async () => {
    const { key, accountId } = await harness.account({ credits: 10 });
    await (await speak(key, { text: 'Purge me.' }, 'purge')).arrayBuffer();
    expect((await harness.services.idempotency.purgeExpired()).some((row) => row.accountId === accountId)).toBe(false);
    harness.clock.advance(24 * 60 * 60 * 1000 + 1);
    const purged = (await harness.services.idempotency.purgeExpired()).filter((row) => row.accountId === accountId);
    expect(purged.map((row) => row.key)).toEqual(['purge']);
    expect(purged[0]!.responseBodyKey).toStartWith('idempotency/');
  });
});

describe('RateLimit headers', () => {
  test('present on every Bearer-authenticated response, success or error; absent when the key is not accepted', async () => {
    const { key } = await harness.account({ credits: 10 });
    const responses = [
      await harness.request('/api/v1/voices', { key }),
      await harness.request('/api/v1/usage', { key }),
      await harness.request('/api/v1/tts?jobId=job_nope', { key }),
      await harness.request('/api/v1/tts', { key }),
      await speak(key, { text: 'x', speed: 'warp' }),
      await speak(key, { text: 'Far too long for ten credits. '.repeat(10) }),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 200, 404, 400, 400, 402]);
    const remaining = responses.map((response) => {
      expect(response.headers.get('ratelimit-policy')).toBe('"per-key";q=120;w=60');
      return Number(/^"per-key";r=(\d+);t=\d+$/.exec(response.headers.get('ratelimit') ?? '')?.[1]);
    });
    expect(remaining).toEqual([119, 118, 117, 116, 115, 114]);
    const unauthorized = await harness.request('/api/v1/voices', { key: 'ksk_live_nope' });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('ratelimit')).toBeNull();
  });
});

describe('GET /api/v1/usage', () => {
  test('held credits, every active key (zeros when unused), a revoked key that was used, ISO dates', async () => {
    harness.clock.set('2026-05-10T12:00:00Z');
    const { key, keyId, accountId } = await harness.account({ credits: 300 });
    const spare = await harness.services.accounts.createApiKey({ accountId, name: 'spare' });
    const retired = await harness.services.accounts.createApiKey({ accountId, name: 'retired' });
    await (await speak(retired.key, { text: 'Used once, then retired.' })).arrayBuffer();
    await harness.services.accounts.revokeKey(retired.record.id);
    await (await speak(key, { text: 'Thirty characters, near enough' })).arrayBuffer();
    const held = await harness.services.ledger.reserve({
      accountId,
      apiKeyId: keyId,
      product: 'presenter_video',
      characters: 0,
      credits: 200,
      holdMs: 60_000,
    });
    expect(held.ok).toBe(true);

    const response = await harness.request('/api/v1/usage', { key });
    expect(response.status).toBe(200);
    expect(response.headers.get('ratelimit')).toStartWith('"per-key";r=');
    const usage = (await response.json()) as any;
    expect(usage.plan).toEqual({ id: 'basic', name: 'Basic', monthly_credits: 5000 });
    expect(usage.held).toBe(200);
    expect(usage.balance).toBe(300 - 3 - 3 - 200);
    expect(usage.grants).toEqual([
      {
        id: expect.any(String),
        source: 'admin',
        credits: 300,
        remaining: 94,
        granted_at: '2026-05-10T12:00:00.000Z',
        expires_at: '2026-08-08T12:00:00.000Z',
      },
    ]);
    expect(usage.month.start).toBe('2026-05-01T00:00:00.000Z');
    const byName = Object.fromEntries(usage.month.keys.map((row: any) => [row.name, row]));
    expect(Object.keys(byName).sort()).toEqual(['API key', 'retired', 'spare']);
    expect(byName['API key']).toMatchObject({ key_id: keyId, characters: 30, credits: 3, requests: 1 });
    expect(byName.spare).toMatchObject({ key_id: spare.record.id, characters: 0, credits: 0, requests: 0 });
    expect(byName.retired).toMatchObject({ key_id: retired.record.id, characters: 24, credits: 3, requests: 1 });

    // Held credits are not usage until captured; a void returns them.
    if (held.ok) await harness.services.ledger.void(held.reservationId, 'test');
    const after = (await (await harness.request('/api/v1/usage', { key })).json()) as any;
    expect(after.held).toBe(0);
    expect(after.balance).toBe(294);
  });

  test('next month starts from zero; credits banked last month still show with their expiry', async () => {
    harness.clock.set('2026-05-20T00:00:00Z');
    const { key } = await harness.account({ credits: 50 });
    await (await speak(key, { text: 'May words.' })).arrayBuffer();
    harness.clock.set('2026-06-01T00:00:00Z');
    const usage = (await (await harness.request('/api/v1/usage', { key })).json()) as any;
    expect(usage.month.start).toBe('2026-06-01T00:00:00.000Z');
    expect(usage.month.keys.map((row: any) => [row.characters, row.credits])).toEqual([[0, 0]]);
    expect(usage.balance).toBe(49);
    expect(usage.grants[0].expires_at).toBe('2026-08-18T00:00:00.000Z');
  });
});

describe('OpenAPI', () => {
  test('POST /api/v1/tts documents Idempotency-Key, 409 and the RateLimit headers; /api/v1/usage is listed', async () => {
    const spec = (await (await harness.request('/openapi.json')).json()) as any;
    const post = spec.paths['/api/v1/tts'].post;
    expect(post.parameters.map((parameter: any) => parameter.name)).toContain('Idempotency-Key');
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '400', '409', '429']));
    expect(post.responses['400'].description).toContain('idempotency_key_reused');
    expect(Object.keys(post.responses['200'].headers)).toEqual(
      expect.arrayContaining(['RateLimit', 'RateLimit-Policy', 'Idempotent-Replayed']),
    );
    expect(spec.paths['/api/v1/usage'].get.security).toEqual([{ bearer: [] }]);
  });
});
