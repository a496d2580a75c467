/// <reference lib="dom" />
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createHarness, type Harness } from './support/harness.ts';

// A real browser (Debian's chromium, installed by scripts/test.sh) against a real server on 127.0.0.1.
const CHROMIUM = '/usr/bin/chromium';
let harness: Harness;
let server: ReturnType<typeof Bun.serve>;
let browser: Browser;
let base = '';

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run the tests through scripts/test.sh, which installs it`);
  harness = await createHarness({ overrides: { runJobs: false } });
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: harness.app.fetch });
  base = `http://127.0.0.1:${server.port}`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required'],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop(true);
  await harness?.close();
});

test('sign up, create a key, use it from the API, play a sample and speak in the playground, revoke the key', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${base}/signup`);
  await page.getByLabel('Email').fill('reader@example.test');
  await page.getByLabel(/^Password/).fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${base}/dashboard`);
  expect(await page.getByTestId('balance').textContent()).toBe('200');

  await page.getByLabel('Name').fill('e2e key');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-key').textContent())!.trim();
  expect(key).toStartWith('ksk_live_');
  // RECITE_SCREENSHOTS=<dir> keeps a phone-width screenshot of the dashboard for a human to look at.
  await page.screenshot({ path: join(process.env.RECITE_SCREENSHOTS ?? harness.directory, 'dashboard-phone.png'), fullPage: true });

  const speak = () => fetch(`${base}/api/v1/tts`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ text: 'Hello from the end-to-end test.' }) });
  const apiResponse = await speak();
  expect(apiResponse.status).toBe(200);
  expect((await apiResponse.arrayBuffer()).byteLength).toBeGreaterThan(1000);

  // A narration job made through the API shows up on the Narrations page with a player.
  const job = await fetch(`${base}/api/v1/tts`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ text: 'A short story, delivered as a link.', delivery: 'link' }) });
  expect(job.status).toBe(202);
  await harness.services.scheduler.runDue();
  await page.getByRole('link', { name: 'Narrations' }).click();
  await page.waitForURL(`${base}/dashboard/jobs`);
  expect(await page.locator('audio').first().getAttribute('src')).toContain('/files/narrations/');
  expect(await page.getByRole('cell', { name: 'completed' }).count()).toBe(1);

  await page.getByRole('link', { name: 'Playground' }).click();
  await page.waitForURL(`${base}/playground`);
  await page.getByLabel('Voice').selectOption('story-grandpa');
  await page.getByRole('button', { name: 'Play voice sample' }).click();
  await page.waitForFunction(() => (document.getElementById('player') as HTMLAudioElement).src.includes('/api/v1/voices/story-grandpa/sample.mp3'));
  await page.waitForFunction(() => (document.getElementById('player') as HTMLAudioElement).duration > 1, undefined, { timeout: 20_000 });

  await page.getByLabel('Text').fill('The bear found the honey jar.');
  expect(await page.locator('#counter').textContent()).toBe('29 / 300 characters');
  await page.getByRole('button', { name: 'Speak' }).click();
  await page.waitForFunction(() => (document.getElementById('player') as HTMLAudioElement).src.startsWith('blob:'), undefined, { timeout: 20_000 });
  await page.waitForFunction(() => (document.getElementById('player') as HTMLAudioElement).duration > 1, undefined, { timeout: 20_000 });
  // API call (4 credits for 31 characters), the job (4 for 35) and the playground (3 for 29) share one balance.
  const account = harness.services.accounts.findAccountByEmail('reader@example.test')!;
  expect(harness.services.ledger.balance(account.id)).toBe(200 - 4 - 4 - 3);

  // A rejected text shows a readable message and costs nothing.
  await page.getByLabel('Text').fill('All immigrants are vermin and should be exterminated.');
  await page.getByRole('button', { name: 'Speak' }).click();
  await page.getByText('outside the content policy').waitFor();
  expect(harness.services.ledger.balance(account.id)).toBe(189);

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('button', { name: 'Revoke e2e key' }).click();
  await page.waitForURL(`${base}/dashboard`);
  await page.getByText(/revoked/).waitFor();
  expect((await speak()).status).toBe(401);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${base}/login`);
  await page.goto(`${base}/dashboard`);
  await page.waitForURL(`${base}/login`);
  await context.close();
}, 90_000);

test('forms without the CSRF token change nothing; sign-in is throttled before hashing', async () => {
  const signup = await fetch(`${base}/signup`, { method: 'POST', body: new URLSearchParams({ email: 'x@example.test', password: 'a long enough password' }) });
  expect(await signup.text()).toContain('Request refused');
  expect(harness.services.accounts.findAccountByEmail('x@example.test')).toBeUndefined();

  const loginPage = await fetch(`${base}/login`);
  const cookie = loginPage.headers.get('set-cookie')!.split(';')[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(await loginPage.text())![1]!;
  const attempt = (password: string) => fetch(`${base}/login`, { method: 'POST', redirect: 'manual', headers: { cookie }, body: new URLSearchParams({ csrf, email: 'reader@example.test', password }) });
  for (let index = 0; index < 5; index++) expect((await attempt('wrong password')).status).toBe(401);
  const blocked = await attempt('a long enough password');
  expect(blocked.status).toBe(429);
  expect(await blocked.text()).toContain('Too many failed sign-ins');
  harness.clock.advance(16 * 60 * 1000);
  const allowed = await attempt('a long enough password');
  expect(allowed.status).toBe(303);
  const session = allowed.headers.get('set-cookie')!;
  expect(session).toContain('HttpOnly');
  expect(session).toContain('SameSite=Lax');
  expect(session).toStartWith('__Host-recite_session=');
});
