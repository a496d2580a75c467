import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { AppError, errorResponse } from '../src/errors/index.ts';
import { browserErrorPage } from '../src/modules/dashboard/error-page.ts';
import { createHarness, type Harness } from './support/harness.ts';

// Issue 17 item 10 (headers, sign-up wording, 403 refusals) and item 12 (malformed cookies), through app.handle.
let harness: Harness;
const email = 'owner@example.test';
const password = 'correct horse battery';

beforeAll(async () => {
  harness = await createHarness({ overrides: { runJobs: false } });
  await harness.services.accounts.createAccount({ email, password, plan: 'basic' });
});
afterAll(async () => {
  await harness?.close();
});

/** A pre-session form: the csrf cookie and the same token from the page. */
async function formToken(path: string) {
  const response = await harness.request(path);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(await response.text())![1]!;
  return { cookie, csrf };
}

async function signIn() {
  const { cookie, csrf } = await formToken('/login');
  const response = await harness.request('/login', {
    method: 'POST',
    headers: { cookie },
    body: new URLSearchParams({ csrf, email, password }),
  });
  expect(response.status).toBe(303);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

function scriptPolicy(response: Response): string {
  const policy = response.headers.get('content-security-policy') ?? '';
  const directive =
    policy
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith('script-src')) ??
    policy
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith('default-src'));
  return directive ?? '';
}

describe('headers', () => {
  test('every response says X-Content-Type-Options: nosniff', async () => {
    const { key } = await harness.account({ credits: 100 });
    const responses = await Promise.all([
      harness.request('/healthz'),
      harness.request('/login'),
      harness.request('/docs'),
      harness.request('/openapi.json'),
      harness.request('/no/such/route'),
      harness.request('/api/v1/voices'),
      harness.request('/api/v1/tts', { method: 'POST', json: { text: 'hi' } }),
      harness.request('/api/v1/tts', { method: 'POST', key, json: { text: 'Hello.' } }),
    ]);
    for (const response of responses) expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  test('HTML pages, /docs included, forbid inline script: any inline script is data (or would need a nonce)', async () => {
    const session = await signIn();
    const pages = [
      await harness.request('/login'),
      await harness.request('/signup'),
      await harness.request('/docs'),
      await harness.request('/dashboard', { headers: { cookie: session } }),
      await harness.request('/dashboard/jobs', { headers: { cookie: session } }),
      await harness.request('/playground', { headers: { cookie: session } }),
      await harness.request('/nowhere', { headers: { accept: 'text/html' } }),
    ];
    for (const response of pages) {
      expect(response.headers.get('content-type')).toContain('text/html');
      const policy = scriptPolicy(response);
      expect(policy).toStartWith('script-src');
      expect(policy).not.toContain("'unsafe-inline'");
      expect(policy).not.toContain("'unsafe-eval'");
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      const html = await response.text();
      for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
        const attributes = match[1]!;
        if (/\bsrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
        expect(nonce).toBeDefined();
        expect(attributes).toContain(`nonce="${nonce}"`);
      }
    }
  });
});

describe('forms', () => {
  test('a self-service account shows its trial, not a plan it never bought; an operator-set plan shows by name', async () => {
    const { cookie, csrf } = await formToken('/signup');
    const signedUp = await harness.request('/signup', {
      method: 'POST',
      headers: { cookie },
      body: new URLSearchParams({ csrf, email: 'trial@example.test', password: 'a long enough password' }),
    });
    expect(signedUp.status).toBe(303);
    const session = signedUp.headers.get('set-cookie')!.split(';')[0]!;
    const trial = await (await harness.request('/dashboard', { headers: { cookie: session } })).text();
    expect(trial).toContain('data-testid="plan">Trial<');
    const basic = await (await harness.request('/dashboard', { headers: { cookie: await signIn() } })).text();
    expect(basic).toContain('data-testid="plan">Basic<');
  });
  test('sign-up with a known email says the same as any refused sign-up, with no 409', async () => {
    const { cookie, csrf } = await formToken('/signup');
    const known = await harness.request('/signup', {
      method: 'POST',
      headers: { cookie },
      body: new URLSearchParams({ csrf, email, password: 'another long password' }),
    });
    const text = await known.text();
    expect(known.status).not.toBe(409);
    expect(known.status).toBe(400);
    expect(text).not.toMatch(/exists|already (registered|taken|in use)|is taken/i);
    expect(text).toContain('could not create an account');
  });

  test('CSRF failures and foreign origins answer 403', async () => {
    const missing = await harness.request('/signup', {
      method: 'POST',
      body: new URLSearchParams({ email: 'x@example.test', password: 'a long enough password' }),
    });
    expect(missing.status).toBe(403);
    expect(await harness.services.accounts.findAccountByEmail('x@example.test')).toBeUndefined();

    const { cookie, csrf } = await formToken('/login');
    const foreign = await harness.request('/login', {
      method: 'POST',
      headers: { cookie, origin: 'https://evil.example' },
      body: new URLSearchParams({ csrf, email, password }),
    });
    expect(foreign.status).toBe(403);

    const session = await signIn();
    const keys = await harness.request('/dashboard/keys', {
      method: 'POST',
      headers: { cookie: session },
      body: new URLSearchParams({ csrf: 'wrong', name: 'x' }),
    });
    expect(keys.status).toBe(403);
    const speak = await harness.request('/playground/speak', {
      method: 'POST',
      headers: { cookie: session, 'x-csrf-token': 'wrong' },
      body: '{}',
    });
    expect(speak.status).toBe(403);
  });
});

describe('malformed cookies', () => {
  for (const [method, path] of [
    ['GET', '/'],
    ['GET', '/dashboard'],
    ['GET', '/dashboard/jobs'],
    ['GET', '/playground'],
    ['GET', '/login'],
    ['GET', '/signup'],
    ['POST', '/login'],
    ['POST', '/signup'],
    ['POST', '/logout'],
    ['POST', '/playground/speak'],
  ] as const) {
    test(`${method} ${path} with a broken %-escape in the session or csrf cookie answers 4xx`, async () => {
      // Sign-up pages read only the csrf cookie; every other route reads the session cookie too.
      const cookies =
        path === '/signup'
          ? ['recite_csrf=%zz']
          : ['recite_session=%E0%A4%A', 'recite_csrf=%zz; recite_session=%', 'recite_session=%'];
      for (const cookie of cookies) {
        const response = await harness.request(path, {
          method,
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: method === 'POST' ? 'csrf=x' : undefined,
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      }
    });
  }
  test('a broken cookie of some other site or app on the same host is ignored', async () => {
    const response = await harness.request('/login', { headers: { cookie: 'other=%E0%A4%A' } });
    expect(response.status).toBe(200);
  });
});

describe('error pages', () => {
  test('a browser gets an HTML 404 page; API clients get the JSON envelope', async () => {
    const browser = await harness.request('/no/such/page', {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(browser.status).toBe(404);
    expect(browser.headers.get('content-type')).toContain('text/html');
    const html = await browser.text();
    expect(html).toContain('<h1');
    expect(html).toContain('href="/"');
    for (const accept of [undefined, 'application/json', '*/*']) {
      const api = await harness.request('/no/such/page', { headers: accept ? { accept } : {} });
      expect(api.status).toBe(404);
      expect(((await api.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    // API paths stay JSON even for a browser, since scripts read them.
    const apiPath = await harness.request('/api/v1/nothing', { headers: { accept: 'text/html' } });
    expect(apiPath.headers.get('content-type')).toContain('application/json');
  });

  test('a server error reaches a browser as an HTML 500 page and an API client as the envelope', async () => {
    const failure = () =>
      errorResponse(new AppError('internal_error', 'Something went wrong on our side; nothing was charged.'));
    const page = await browserErrorPage(
      new Request('http://recite.test/dashboard', { headers: { accept: 'text/html' } }),
      failure(),
    );
    expect(page.status).toBe(500);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Something went wrong on our side');
    const api = await browserErrorPage(
      new Request('http://recite.test/api/v1/tts', { headers: { accept: 'text/html' } }),
      failure(),
    );
    expect(api.headers.get('content-type')).toContain('application/json');
    expect(api.status).toBe(500);
  });
});
