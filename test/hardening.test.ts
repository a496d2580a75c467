import { afterAll, afterEach, describe, expect, test } from 'bun:test';
import { createModerator } from '../providers/moderation/moderators.ts';
import { createFileStorage } from '../providers/storage/file/file-storage.ts';
import type { AudioStorageV1 } from '../providers/spec/v1/audio-storage.ts';
import type { ModerationProviderV1 } from '../providers/spec/v1/moderation.ts';
import { englishText } from '../scripts/fixtures/english.ts';
import { recordClientAddress } from '../src/lib/client-address.ts';
import { isTrustedProxy } from '../src/lib/trusted-proxies.ts';
import { signPath } from '../src/lib/signed-url.ts';
import { resolveCallbackTarget, type HostResolver } from '../src/modules/webhooks/callback-target.ts';
import { webhookJobHandler } from '../src/jobs/webhook-job.ts';
import { createHarness, type Harness } from './support/harness.ts';

// Issue 17: each fault reproduced the way the probe found it, at the boundary where it happens.
const harnesses: Harness[] = [];
async function harnessWith(options: Parameters<typeof createHarness>[0] = {}) {
  const harness = await createHarness({ ...options, overrides: { runJobs: false, ...options.overrides } });
  harnesses.push(harness);
  return harness;
}
// Each test's harnesses stop when the test ends: sixteen servers' engine workers alive at once made this file, and
// every file after it in the same process, crawl on a 2-core machine.
const closeHarnesses = async () => {
  for (const harness of harnesses.splice(0)) await harness.close();
};
afterEach(closeHarnesses);
afterAll(closeHarnesses);
const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;
/** Polls a condition for up to a minute (a loaded CI machine synthesises slowly). */
const until = async (condition: () => boolean | Promise<boolean>, what: string) => {
  for (let index = 0; index < 2400; index++) {
    if (await condition()) return;
    await Bun.sleep(25);
  }
  throw new Error(`gave up waiting: ${what}`);
};

/** A full disk at the storage boundary: every put whose key starts with `prefix` fails with ENOSPC, as fs does. */
function fullDiskFor(storage: AudioStorageV1, prefix: string): AudioStorageV1 {
  return {
    ...storage,
    async put(key, body, options) {
      if (!key.startsWith(prefix)) return storage.put(key, body, options);
      for await (const _ of body) break;
      throw Object.assign(new Error(`ENOSPC: no space left on device, write '${key}'`), { code: 'ENOSPC', errno: -28 });
    },
  };
}

describe('item 2: Idempotency-Key when the replay copy cannot be stored', () => {
  test('idempotency: a full disk for the replay copy never charges the same key twice', async () => {
    const directory = `${process.env.TMPDIR ?? '/tmp'}/recite-full-${crypto.randomUUID()}`;
    const harness = await harnessWith({
      overrides: { storage: fullDiskFor(createFileStorage({ directory }), 'idempotency/') },
    });
    const { key, accountId } = await harness.account({ credits: 100 });
    const send = () =>
      harness.request('/api/v1/tts', {
        method: 'POST',
        key,
        json: { text: 'A short line, said once.' },
        headers: { 'idempotency-key': 'disk-full' },
      });
    const first = await send();
    expect(first.status).toBe(200);
    expect((await first.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(await harness.services.ledger.balance(accountId)).toBe(100 - 3);
    const second = await send();
    expect(second.status).toBe(409);
    expect(await errorCode(second)).toBe('conflict');
    expect(await harness.services.ledger.balance(accountId)).toBe(100 - 3);
    expect(await harness.services.ledger.heldCredits(accountId)).toBe(0);
  }, 240_000);
});

describe('item 3: sign-up mints no plan credits', () => {
  const signUp = async (harness: Harness, email: string, address: string) => {
    const form = await harness.request('/signup');
    const cookie = form.headers.get('set-cookie')!.split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())![1]!;
    const request = new Request('http://recite.test/signup', {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie },
      body: new URLSearchParams({ csrf, email, password: 'a long enough password' }),
    });
    recordClientAddress(request, address);
    return harness.app.handle(request);
  };

  test('signup: 10 scripted sign-ups from one address give 3 trial accounts, not 50,000 plan credits', async () => {
    const harness = await harnessWith({
      environment: { RECITE_SIGNUP_TRIAL_CREDITS: '150', RECITE_SIGNUP_LIMIT: '3' },
    });
    const statuses: number[] = [];
    for (let index = 0; index < 10; index++)
      statuses.push((await signUp(harness, `script${index}@example.test`, '203.0.113.9')).status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    let minted = 0;
    for (let index = 0; index < 10; index++) {
      const account = await harness.services.accounts.findAccountByEmail(`script${index}@example.test`);
      if (account) minted += await harness.services.ledger.balance(account.id);
    }
    expect(minted).toBe(3 * 150);
    // Another address is not held up; a month later there are still no plan credits.
    expect((await signUp(harness, 'other@example.test', '198.51.100.7')).status).toBe(303);
    const other = (await harness.services.accounts.findAccountByEmail('other@example.test'))!;
    harness.clock.advance(40 * 24 * 3600 * 1000);
    expect((await harness.services.ledger.grants(other.id)).filter((grant) => grant.source === 'plan')).toEqual([]);
  }, 240_000);

  test('signup: plan credits come from the operator (admin set-plan)', async () => {
    const { runAdmin } = await import('../src/cli/admin.ts');
    const harness = await harnessWith({ environment: { RECITE_SIGNUP_TRIAL_CREDITS: '100' } });
    expect((await signUp(harness, 'upgrade@example.test', '192.0.2.1')).status).toBe(303);
    const account = (await harness.services.accounts.findAccountByEmail('upgrade@example.test'))!;
    expect(await harness.services.ledger.balance(account.id)).toBe(100);
    const lines: string[] = [];
    const code = await runAdmin(['set-plan', '--account', account.id, '--plan', 'creator'], harness.services.config, {
      clock: harness.clock,
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
    });
    expect(code).toBe(0);
    expect(JSON.parse(lines[0]!)).toMatchObject({ plan: 'creator', balance: 20_100 });
  }, 240_000);
});

describe('item 4: voiding after an I/O error', () => {
  test('void retry: a failed direct request gives its credits back once the disk I/O error clears, without the reaper', async () => {
    const harness = await harnessWith();
    const { key, accountId } = await harness.account({ credits: 1000 });
    // EIO at the database boundary: every write transaction fails with SQLite's I/O error while `ioError` is set.
    let ioError = false;
    const db = harness.services.stores.sqlite!;
    const transaction = db.transaction.bind(db);
    (db as { transaction: typeof db.transaction }).transaction = ((run: any, config: any) => {
      if (ioError && config?.behavior === 'immediate')
        throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
      return transaction(run, config);
    }) as typeof db.transaction;
    // The client gives up mid-request; the abort voids the reservation, which fails while the disk errors.
    const controller = new AbortController();
    const response = await harness.app.handle(
      new Request('http://recite.test/api/v1/tts', {
        method: 'POST',
        signal: controller.signal,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: englishText(1500) }),
      }),
    );
    expect(response.status).toBe(200);
    const held = Number(response.headers.get('x-credits-charged'));
    expect(held).toBeGreaterThan(100);
    expect(await harness.services.ledger.heldCredits(accountId)).toBe(held);
    ioError = true;
    controller.abort();
    await response.body?.cancel().catch(() => {});
    await until(() => harness.services.ledger.voidsPending() > 0, 'a void to fail');
    expect(await harness.services.ledger.heldCredits(accountId)).toBe(held);
    ioError = false;
    await until(async () => (await harness.services.ledger.heldCredits(accountId)) === 0, 'the void to be retried');
    expect(await harness.services.ledger.balance(accountId)).toBe(1000);
  }, 240_000);
});

describe('item 5: callbackUrl SSRF', () => {
  // No network here: names that only public DNS knows come from this stub; localhost resolves locally.
  const stubResolver: HostResolver = async (name) => {
    const table: Record<string, string> = {
      'localtest.me': '127.0.0.1',
      'metadata.google.internal': '169.254.169.254',
      'hook.example': '127.0.0.1',
      'public.example': '93.184.215.14',
    };
    if (name === 'localhost')
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ];
    const address = table[name];
    if (!address) throw new Error(`ENOTFOUND ${name}`);
    return [{ address, family: 4 }];
  };

  test('ssrf: private, loopback, link-local, metadata and numeric forms are refused after resolution', async () => {
    const refused = [
      'http://127.0.0.1/',
      'http://localhost:8080/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/',
      'http://0.0.0.0/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://10.1.2.3/',
      'http://localtest.me/',
      'http://metadata.google.internal/',
      'http://[::ffff:127.0.0.1]/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://[fd00:ec2::254]/',
      'http://224.0.0.1/',
    ];
    for (const url of refused) {
      const target = await resolveCallbackTarget(url, { allowPrivate: false, resolver: stubResolver });
      expect({ url, ok: target.ok }).toEqual({ url, ok: false });
    }
    const allowed = await resolveCallbackTarget('https://public.example/hooks', {
      allowPrivate: false,
      resolver: stubResolver,
    });
    expect(allowed).toMatchObject({ ok: true, address: '93.184.215.14' });
    // With the operator's setting on, loopback is a valid target (tests and private deployments).
    expect(
      (await resolveCallbackTarget('http://localtest.me/', { allowPrivate: true, resolver: stubResolver })).ok,
    ).toBe(true);
  }, 240_000);

  test('ssrf: refused at submission with the setting off; a loopback receiver gets nothing, nothing is charged', async () => {
    const received: string[] = [];
    const receiver = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (request) => (received.push(request.url), new Response('ok')),
    });
    try {
      const harness = await harnessWith({ environment: { RECITE_DIRECT_MAX_CHARS: '400' } });
      const { key, accountId } = await harness.account({ credits: 1000 });
      for (const host of ['127.0.0.1', 'localhost', '[::1]', '0.0.0.0', '2130706433', '0x7f.1']) {
        const response = await harness.request('/api/v1/tts', {
          method: 'POST',
          key,
          json: { text: englishText(600), callbackUrl: `http://${host}:${receiver.port}/hook` },
        });
        expect({ host, status: response.status }).toEqual({ host, status: 400 });
        expect(await errorCode(response)).toBe('invalid_request');
      }
      expect(await harness.services.ledger.balance(accountId)).toBe(1000);
      expect(await harness.services.scheduler.backlog()).toBe(0);
      // A delivery already queued (e.g. before the setting changed) is refused at delivery time and never retried.
      await harness.services.scheduler.enqueue({
        kind: 'webhook',
        input: { url: `http://127.0.0.1:${receiver.port}/hook`, accountId, event: 'narration.completed', payload: {} },
        accountId,
        maxAttempts: 8,
      });
      await harness.services.scheduler.runDue();
      expect(received).toEqual([]);
      expect(await harness.services.scheduler.backlog('webhook')).toBe(0);
    } finally {
      await receiver.stop(true);
    }
  }, 240_000);

  test('ssrf: with the setting on, the delivery connects to the checked address (a name re-resolved elsewhere is not used)', async () => {
    const received: { host: string | null }[] = [];
    const receiver = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (request) => (received.push({ host: request.headers.get('host') }), new Response('ok')),
    });
    try {
      const harness = await harnessWith({ environment: { RECITE_WEBHOOK_ALLOW_PRIVATE: 'true' } });
      // hook.example exists only in the stub; were the POST to resolve the name again, it would fail (no DNS here).
      harness.services.scheduler.register('webhook', webhookJobHandler(harness.services, { resolver: stubResolver }), {
        concurrency: 2,
      });
      const { accountId } = await harness.account();
      harness.services.scheduler.enqueue({
        kind: 'webhook',
        input: {
          url: `http://hook.example:${receiver.port}/hook`,
          accountId,
          event: 'narration.completed',
          payload: {},
        },
        accountId,
      });
      await harness.services.scheduler.runDue();
      expect(received).toEqual([{ host: `hook.example:${receiver.port}` }]);
    } finally {
      await receiver.stop(true);
    }
  }, 240_000);
});

describe('items 6 and 7: sign-in throttle', () => {
  const loginAs = async (harness: Harness, email: string, password: string, address: string) => {
    const form = await harness.request('/login');
    const cookie = form.headers.get('set-cookie')!.split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())![1]!;
    const request = new Request('http://recite.test/login', {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie },
      body: new URLSearchParams({ csrf, email, password }),
    });
    recordClientAddress(request, address);
    return (await harness.app.handle(request)).status;
  };

  test('login race: 50 parallel wrong passwords are not all verified; the attempt is reserved before hashing', async () => {
    const harness = await harnessWith();
    await harness.services.accounts.createAccount({
      email: 'racer@example.test',
      password: 'the right password',
      plan: 'basic',
    });
    const statuses = await Promise.all(
      Array.from({ length: 50 }, () => loginAs(harness, 'racer@example.test', 'wrong password', '203.0.113.50')),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45);
  }, 240_000);

  test('lock-out: a guesser slows only itself; the victim and other accounts on the guesser address still sign in', async () => {
    const harness = await harnessWith();
    await harness.services.accounts.createAccount({
      email: 'victim@example.test',
      password: 'victim password',
      plan: 'basic',
    });
    await harness.services.accounts.createAccount({
      email: 'neighbour@example.test',
      password: 'neighbour password',
      plan: 'basic',
    });
    for (let index = 0; index < 5; index++)
      expect(await loginAs(harness, 'victim@example.test', 'guess', '198.51.100.66')).toBe(401);
    expect(await loginAs(harness, 'victim@example.test', 'guess', '198.51.100.66')).toBe(429);
    expect(await loginAs(harness, 'victim@example.test', 'victim password', '192.0.2.10')).toBe(303);
    expect(await loginAs(harness, 'neighbour@example.test', 'neighbour password', '198.51.100.66')).toBe(303);
    // Growing delays, not a 15-minute lock: after 1 s the guesser may try again, then waits 2 s, 4 s ...
    harness.clock.advance(1_000);
    expect(await loginAs(harness, 'victim@example.test', 'guess', '198.51.100.66')).toBe(401);
    harness.clock.advance(1_000);
    expect(await loginAs(harness, 'victim@example.test', 'guess', '198.51.100.66')).toBe(429);
    harness.clock.advance(1_000);
    expect(await loginAs(harness, 'victim@example.test', 'victim password', '198.51.100.66')).toBe(303);
  }, 240_000);

  test('trusted proxies: X-Forwarded-For counts only from a configured proxy', async () => {
    expect(isTrustedProxy('10.0.0.5', ['10.0.0.0/8'])).toBe(true);
    expect(isTrustedProxy('::ffff:10.0.0.5', ['10.0.0.0/8'])).toBe(true);
    expect(isTrustedProxy('192.0.2.1', ['10.0.0.0/8', '::1'])).toBe(false);
    expect(isTrustedProxy('::1', ['::1'])).toBe(true);
    expect(isTrustedProxy(undefined, ['10.0.0.0/8'])).toBe(false);
    const { clientAddress } = await import('../src/lib/client-address.ts');
    const viaProxy = new Request('http://recite.test/', {
      headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.7, 10.0.0.2' },
    });
    recordClientAddress(viaProxy, '10.0.0.1', ['10.0.0.0/8']);
    expect(clientAddress(viaProxy)).toBe('203.0.113.7');
    const spoofed = new Request('http://recite.test/', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    recordClientAddress(spoofed, '198.51.100.20', ['10.0.0.0/8']);
    expect(clientAddress(spoofed)).toBe('198.51.100.20');
    const { loadConfig } = await import('../src/config/index.ts');
    expect(() => loadConfig({ RECITE_TRUSTED_PROXIES: '10.0.0.0/8, nonsense' })).toThrow('RECITE_TRUSTED_PROXIES');
    expect(loadConfig({ RECITE_TRUSTED_PROXIES: '10.0.0.0/8, ::1' }).trustedProxies).toEqual(['10.0.0.0/8', '::1']);
  }, 240_000);
});

describe('item 8: an account that cannot pay cannot stall the server', () => {
  test('zero balance: 10 parallel 1,000,000-character texts are refused with 402 before any screening', async () => {
    let screenings = 0;
    const real = createModerator('local', {});
    const counting: ModerationProviderV1 = {
      ...real,
      moderate: (text, options) => (screenings++, real.moderate(text, options)),
    };
    const harness = await harnessWith({ overrides: { moderator: counting } });
    const { key } = await harness.account({ credits: 0 });
    const text = 'word '.repeat(200_000);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => harness.request('/api/v1/tts', { method: 'POST', key, json: { text } })),
    );
    for (const response of responses) expect(await errorCode(response)).toBe('insufficient_credits');
    expect(screenings).toBe(0);
    const capped = await harness.account({ credits: 1000, monthlyCap: 50 });
    expect(
      await errorCode(
        await harness.request('/api/v1/tts', { method: 'POST', key: capped.key, json: { text: englishText(400) } }),
      ),
    ).toBe('key_cap_exceeded');
    expect(screenings).toBe(0);
  }, 240_000);

  test('screening bound: a key gets at most 2 screenings at once; the third is 429 and charges nothing', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const real = createModerator('local', {});
    const held: ModerationProviderV1 = {
      ...real,
      moderate: async (text, options) => (started++, await gate, real.moderate(text, options)),
    };
    const harness = await harnessWith({
      environment: { RECITE_DIRECT_MAX_CHARS: '400' },
      overrides: { moderator: held },
    });
    const { key, accountId } = await harness.account({ credits: 1000 });
    const send = () => harness.request('/api/v1/tts', { method: 'POST', key, json: { text: englishText(600) } });
    const first = send();
    const second = send();
    await until(() => started === 2, 'two screenings');
    const third = await send();
    expect(third.status).toBe(429);
    expect(await errorCode(third)).toBe('rate_limited');
    release();
    const accepted = await Promise.all([first, second]);
    expect(accepted.map((response) => response.status)).toEqual([202, 202]);
    const reserved = await Promise.all(
      accepted.map(async (response) => ((await response.json()) as { credits_reserved: number }).credits_reserved),
    );
    expect(started).toBe(2);
    expect(await harness.services.ledger.heldCredits(accountId)).toBe(reserved[0]! + reserved[1]!);
  }, 240_000);
});

describe('item 9: a stuck webhook receiver', () => {
  test("webhook lane: six deliveries to a receiver that never answers do not delay another account's narration", async () => {
    const hanging: (() => void)[] = [];
    const receiver = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () => new Promise<Response>((resolve) => hanging.push(() => resolve(new Response('late')))),
    });
    const harness = await harnessWith({
      environment: {
        RECITE_DIRECT_MAX_CHARS: '400',
        RECITE_WEBHOOK_ALLOW_PRIVATE: 'true',
        RECITE_WEBHOOK_CONCURRENCY: '6',
        // Deliveries that outlast the whole test: the narration can only get through on its own slots.
        RECITE_WEBHOOK_TIMEOUT_MS: '120000',
      },
      overrides: { runJobs: true },
    });
    try {
      const stuck = await harness.account();
      for (let index = 0; index < 6; index++) {
        await harness.services.scheduler.enqueue({
          kind: 'webhook',
          input: {
            url: `http://127.0.0.1:${receiver.port}/never`,
            accountId: stuck.accountId,
            event: 'narration.completed',
            payload: { index },
          },
          accountId: stuck.accountId,
        });
      }
      await until(() => hanging.length === 6, 'six deliveries to be in flight');
      const other = await harness.account({ credits: 1000 });
      const accepted = (await (
        await harness.request('/api/v1/tts', { method: 'POST', key: other.key, json: { text: englishText(600) } })
      ).json()) as { jobId: string };
      await until(
        async () => (await harness.services.scheduler.find(accepted.jobId))?.status === 'completed',
        'the narration to complete',
      );
      expect(hanging).toHaveLength(6);
      expect(await harness.services.scheduler.backlog('webhook')).toBe(6);
    } finally {
      for (const answer of hanging) answer();
      await receiver.stop(true);
    }
  }, 240_000);

  test('webhook timeout: a receiver that never answers fails the attempt after RECITE_WEBHOOK_TIMEOUT_MS and is retried later', async () => {
    const receiver = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Promise<Response>(() => {}) });
    try {
      const harness = await harnessWith({
        environment: { RECITE_WEBHOOK_ALLOW_PRIVATE: 'true', RECITE_WEBHOOK_TIMEOUT_MS: '300' },
      });
      const { accountId } = await harness.account();
      const job = await harness.services.scheduler.enqueue({
        kind: 'webhook',
        input: { url: `http://127.0.0.1:${receiver.port}/never`, accountId, event: 'narration.completed', payload: {} },
        accountId,
        maxAttempts: 8,
      });
      await harness.services.scheduler.runDue();
      expect(await harness.services.scheduler.find(job.id)).toMatchObject({ status: 'retrying' });
    } finally {
      await receiver.stop(true);
    }
  }, 240_000);
});

describe('item 11: a full database disk during a job failure', () => {
  test('scheduler: fail() hitting SQLITE_FULL leaves no unhandled rejection; the job is taken up again later', async () => {
    const harness = await harnessWith();
    const { scheduler } = harness.services;
    const db = harness.services.stores.sqlite!;
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      let ran = 0;
      scheduler.register('presenter_video', {
        async run() {
          ran++;
          // Fill the database to its last page: any write that needs a new page now fails with SQLITE_FULL.
          const pages = db.$client.query<{ page_count: number }, []>('PRAGMA page_count').get()!.page_count;
          db.$client.run(`PRAGMA max_page_count = ${pages}`);
          throw new Error(`render failed: ${'x'.repeat(200_000)}`);
        },
      });
      const job = await scheduler.enqueue({ kind: 'presenter_video', input: {}, maxAttempts: 2 });
      scheduler.start();
      await until(() => ran === 1, 'the job to run');
      await Bun.sleep(200);
      expect(rejections).toEqual([]);
      expect((await scheduler.find(job.id))?.status).toBe('running');
      await scheduler.drain(1000);
    } finally {
      process.off('unhandledRejection', onRejection);
      harness.services.stores.sqlite!.$client.run('PRAGMA max_page_count = 1073741823');
    }
  }, 240_000);

  test('renderer: loading the WASM video encoder installs no process-wide handlers in the server', async () => {
    const before = {
      rejection: process.listeners('unhandledRejection').length,
      exception: process.listeners('uncaughtException').length,
    };
    const { createWasmRenderer } = await import('../providers/renderers/wasm/wasm-renderer.ts');
    const renderer = createWasmRenderer();
    const frame = new Uint8Array(64 * 64 * 4).fill(200);
    const harness = await harnessWith();
    const { key } = await harness.account();
    const audio = new Uint8Array(
      await (
        await harness.request('/api/v1/tts', { method: 'POST', key, json: { text: 'One second of speech.' } })
      ).arrayBuffer(),
    );
    const mp4 = await renderer.render({ width: 64, height: 64, fps: 5, frames: 5, frame: () => frame, audio });
    expect(mp4.byteLength).toBeGreaterThan(100);
    expect(new TextDecoder().decode(mp4.subarray(4, 8))).toBe('ftyp');
    expect({
      rejection: process.listeners('unhandledRejection').length,
      exception: process.listeners('uncaughtException').length,
    }).toEqual(before);
  }, 240_000);
});

describe('item 12: odd signed /files paths', () => {
  test('files: ..%2f, backslash, NUL, double encoding and broken escapes answer 4xx with the envelope, never 500', async () => {
    const harness = await harnessWith();
    const expires = Math.floor(harness.clock.now() / 1000) + 600;
    const paths = [
      '/files/..%2f..%2fetc%2fpasswd',
      '/files/narrations%5c..%5c..%5csecret',
      '/files/a%00.mp3',
      '/files/%252e%252e%252fetc',
      '/files/%E0%A4%A',
      '/files/%',
      '/files/narrations/%2e%2e/%2e%2e/x.mp3',
    ];
    for (const raw of paths) {
      let decoded: string | undefined;
      try {
        decoded = decodeURIComponent(raw);
      } catch {}
      // Signed as recite would sign the decoded path, so the request gets past the signature check.
      const signature = decoded ? signPath(harness.services.secret, decoded, expires) : 'x';
      const response = await harness.app.handle(
        new Request(`http://recite.test${raw}?expires=${expires}&signature=${signature}`),
      );
      expect({ raw, status: response.status >= 400 && response.status < 500 }).toEqual({ raw, status: true });
      expect(((await response.json()) as any).error.code).toBeString();
    }
  }, 240_000);
});
