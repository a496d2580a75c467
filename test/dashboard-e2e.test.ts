/// <reference lib="dom" />
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createHarness, type Harness } from './support/harness.ts';

// A real browser (Debian's chromium, installed by scripts/test.sh) against a real server on 127.0.0.1, as a new user:
// sign-up -> key -> the quickstart's curl -> playground take with highlighting -> narration with live progress ->
// downloads. Every page is checked with axe-core at 1280x800 and 390x844 and photographed for a human to look at.
const CHROMIUM = '/usr/bin/chromium';
const SCREENSHOTS = process.env.RECITE_SCREENSHOTS ?? join(import.meta.dir, '..', 'test-output', 'screenshots');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
] as const;

let harness: Harness;
let server: ReturnType<typeof Bun.serve>;
let browser: Browser;
let base = '';
let scratch = '';

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: run the tests through scripts/test.sh, which installs it`);
  mkdirSync(SCREENSHOTS, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'recite-e2e-'));
  harness = await createHarness({ overrides: { runJobs: false } });
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: harness.app.fetch });
  base = `http://127.0.0.1:${server.port}`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop(true);
  await harness?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const settle = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** axe-core in the page (through the debugging protocol, so the page's own CSP stays on): serious and critical only. */
async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation: any) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node: any) => node.target.join(' ')),
    }));
  });
  return violations
    .filter((violation: { impact: string }) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation: any) => `${violation.id}: ${violation.help} at ${violation.targets.join(', ')}`);
}

/** At phone width: no horizontal scrolling, and every visible control lies inside the viewport. */
async function offScreenControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const element of document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, summary, audio[controls], [tabindex="0"]',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      if (element.closest('.skip')) continue;
      if (box.left < -1 || box.right > width + 1)
        problems.push(
          `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}" spans ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`,
        );
    }
    return problems;
  });
}

/** Checks the current page at both widths (axe, phone layout) and saves a full-page screenshot of each. */
async function checkPage(page: Page, name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await settle(page);
    expect({ page: name, width: size.width, problems: await axeProblems(page) }).toEqual({
      page: name,
      width: size.width,
      problems: [],
    });
    if (size.width === 390) {
      expect({ page: name, problems: await offScreenControls(page) }).toEqual({ page: name, problems: [] });
      const menu = page.getByRole('button', { name: 'Menu' });
      if (await menu.count()) {
        // Navigation sits behind the menu button and opens inside the viewport.
        expect(await page.locator('#nav').isVisible()).toBe(false);
        await menu.click();
        expect(await page.locator('#nav').isVisible()).toBe(true);
        expect({ page: name, menu: true, problems: await offScreenControls(page) }).toEqual({
          page: name,
          menu: true,
          problems: [],
        });
        await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size.name}-menu.png`) });
        await menu.click();
      }
    }
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size.name}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a new user: sign-up, key, quickstart curl, playground take with highlighting, narration with live progress, downloads', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const cspProblems: string[] = [];
  try {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspProblems.push(message.text());
    });
    page.on('pageerror', (error) => cspProblems.push(String(error)));

    await page.goto(`${base}/signup`);
    await checkPage(page, '01-signup');
    await page.getByLabel('Email').fill('reader@example.test');
    await page.getByLabel(/^Password/).fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${base}/dashboard`);
    const account = (await harness.services.accounts.findAccountByEmail('reader@example.test'))!;
    const startingBalance = await harness.services.ledger.balance(account.id);
    expect(await page.getByTestId('balance').textContent()).toBe(startingBalance.toLocaleString('en-US'));
    await page.getByText('No usage in the last 30 days').waitFor();
    await page.getByText('No keys yet').waitFor();
    await checkPage(page, '02-dashboard-new');

    // A key, and the quickstart with it filled in.
    await page.getByLabel('Name').fill('e2e key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-key').textContent())!.trim();
    expect(key).toStartWith('ksk_live_');
    const curl = (await page.getByTestId('qs-curl').textContent())!;
    expect(curl).toContain(key);
    expect(curl).toContain(`${base}/api/v1/tts`);
    for (const tab of ['Node.js', 'Python', 'MCP']) {
      await page.getByRole('tab', { name: tab }).click();
      expect(await page.getByRole('tabpanel').filter({ visible: true }).first().textContent()).toContain(key);
    }
    const stdio = JSON.parse((await page.getByTestId('qs-mcp-stdio').textContent())!);
    expect(stdio.mcpServers.recite).toEqual({
      command: 'recite',
      args: ['mcp'],
      env: { RECITE_URL: base, RECITE_API_KEY: key },
    });
    expect(JSON.parse((await page.getByTestId('qs-mcp-http').textContent())!).mcpServers.recite.url).toBe(
      `${base}/mcp`,
    );
    await page.getByRole('tab', { name: 'curl' }).click();
    await checkPage(page, '03-dashboard-quickstart');

    // The curl line exactly as the panel shows it, run by the real curl.
    // Asynchronous: the server answering it runs in this process.
    const run = Bun.spawn(['bash', '-c', curl], { cwd: scratch, stdout: 'pipe', stderr: 'pipe' });
    expect(await run.exited).toBe(0);
    expect(await new Response(run.stderr).text()).toBe('');
    const mp3 = readFileSync(join(scratch, 'hello.mp3'));
    expect(mp3.byteLength).toBeGreaterThan(1000);
    expect(mp3[0] === 0x49 || mp3[0] === 0xff).toBe(true); // ID3 tag or an MPEG frame

    // The Node.js snippet too, run by Bun from a folder inside the checkout so `openai` resolves to the dev dependency.
    const nodeSnippet = (await page.getByTestId('qs-node').textContent())!;
    const snippetFolder = join(import.meta.dir, '..', 'test-output', `quickstart-${server.port}`);
    mkdirSync(snippetFolder, { recursive: true });
    try {
      await Bun.write(join(snippetFolder, 'quickstart.mjs'), nodeSnippet);
      const node = Bun.spawn([process.execPath, 'quickstart.mjs'], {
        cwd: snippetFolder,
        stdout: 'pipe',
        stderr: 'pipe',
      });
      expect({ exit: await node.exited, stderr: await new Response(node.stderr).text() }).toEqual({
        exit: 0,
        stderr: '',
      });
      expect(readFileSync(join(snippetFolder, 'hello.mp3')).byteLength).toBeGreaterThan(1000);
    } finally {
      rmSync(snippetFolder, { recursive: true, force: true });
    }

    // Usage shows up as a dated bar with a tooltip and a table, and the balance gets a runway estimate.
    await page.goto(`${base}/dashboard`);
    expect(await page.locator('.chart rect.bar-rect').count()).toBe(1);
    expect(await page.locator('.chart rect.bar-rect title').textContent()).toBe('Mar 10: 4 credits, 36 characters');
    expect(await page.getByTestId('runway').textContent()).toMatch(
      /^(Runs out in ~[\d,]+ days|Lasts more than a year) at this rate \(4\.0 credits a day over the last 1 day\)\.$/,
    );
    await page.getByText(/Show as a table/).click();
    await checkPage(page, '04-dashboard-usage');

    // Playground: a voice preview, then a take whose words light up as it plays.
    await page.getByRole('link', { name: 'Playground' }).click();
    await page.waitForURL(`${base}/playground`);
    await page.getByText('No takes yet').waitFor();
    await checkPage(page, '05-playground-empty');
    await page.getByRole('button', { name: 'Preview Story Grandpa' }).click();
    await page.waitForFunction(() =>
      (document.getElementById('preview') as HTMLAudioElement).src.includes('/sample.mp3'),
    );
    await page.waitForFunction(() => (document.getElementById('preview') as HTMLAudioElement).duration > 1, undefined, {
      timeout: 20_000,
    });
    await page.evaluate(() => (document.getElementById('preview') as HTMLAudioElement).pause());
    await page.locator('input[name="voice"][value="story-grandpa"]').check();
    await page.getByLabel('Text').fill('The bear found the honey jar and smiled at the morning sun.');
    expect(await page.locator('#counter').textContent()).toBe('59 / 300 characters');
    await page.getByRole('button', { name: 'Speak' }).click();
    const take = page.locator('#takes li.take').first();
    await take.waitFor({ timeout: 20_000 });
    expect(await take.locator('.words span').count()).toBeGreaterThanOrEqual(10);
    await page.waitForFunction(
      () => (document.querySelector('#takes audio') as HTMLAudioElement).duration > 1,
      undefined,
      { timeout: 20_000 },
    );
    // Highlighting follows the audio clock: seek into the take and play; some word gets the mark.
    await page.evaluate(() => {
      const audio = document.querySelector('#takes audio') as HTMLAudioElement;
      audio.currentTime = 0.8;
      return audio.play();
    });
    await page.waitForFunction(() => document.querySelectorAll('#takes .words span.spoken').length === 1, undefined, {
      timeout: 10_000,
    });
    expect(await take.getByRole('link', { name: /Download take 1/ }).getAttribute('download')).toBe(
      'recite-take-1.mp3',
    );
    await page.evaluate(() => (document.querySelector('#takes audio') as HTMLAudioElement).pause());
    // 2 credits each for the curl's and the Node snippet's 18 characters, 6 for the take's 59.
    expect(await harness.services.ledger.balance(account.id)).toBe(startingBalance - 2 - 2 - 6);
    await checkPage(page, '06-playground-take');
    // Takes are kept in this browser across a reload, words and all.
    await page.reload();
    await page.locator('#takes li.take[data-take="1"] .words span').first().waitFor();
    expect(await page.getByText('No takes yet').count()).toBe(0);

    // A narration job: queued on the page, then finished while the page stays open (no reload).
    const submitted = await fetch(`${base}/api/v1/tts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        text: 'Chapter one. The lighthouse keeper climbed the stairs every evening, counting each step as the sea turned grey and then silver.',
        delivery: 'link',
      }),
    });
    expect(submitted.status).toBe(202);
    await page.getByRole('link', { name: 'Narrations' }).click();
    await page.waitForURL(`${base}/dashboard/jobs`);
    const row = page.locator('#jobs li').first();
    expect(await row.locator('.job-title').textContent()).toBe(
      'Chapter one. The lighthouse keeper climbed the stairs every…',
    );
    expect(await row.getByTestId('status').textContent()).toBe('queued');
    expect(await row.locator('progress').count()).toBe(1);
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    await checkPage(page, '07-narrations-queued');
    await harness.services.scheduler.runDue();
    await page.locator('#jobs li [data-testid="status"]', { hasText: 'completed' }).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as any).stillTheSamePage)).toBe(true);
    const done = page.locator('#jobs li').first();
    expect(await done.locator('.meta').textContent()).toMatch(
      /Voice: Aria.*Length: \d+:\d\d.*127 characters.*13 credits/s,
    );
    await checkPage(page, '08-narrations-done');

    // Downloads: the MP3 and both caption formats.
    const mp3Link = await done.getByRole('link', { name: /^Download MP3/ }).getAttribute('href');
    const vttLink = await done.getByRole('link', { name: /^WebVTT captions/ }).getAttribute('href');
    const srtLink = await done.getByRole('link', { name: /^SRT captions/ }).getAttribute('href');
    const audio = await fetch(new URL(mp3Link!, base));
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(5000);
    const vtt = await (await fetch(new URL(vttLink!, base))).text();
    expect(vtt).toStartWith('WEBVTT');
    expect(vtt).toContain('lighthouse');
    const srt = await (await fetch(new URL(srtLink!, base))).text();
    expect(srt).toMatch(/^1\r?\n\d\d:\d\d:\d\d,\d\d\d --> /);

    // A mistyped address in the browser is a page, not JSON.
    const missing = await page.goto(`${base}/dashbord`);
    expect(missing!.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await checkPage(page, '09-not-found');

    // Revoking takes a confirmation.
    await page.goto(`${base}/dashboard`);
    await page.getByText('Revoke…').click();
    await page.getByRole('button', { name: 'Revoke e2e key permanently' }).click();
    await page.waitForURL(`${base}/dashboard`);
    await page.getByText(/revoked/).waitFor();
    const revoked = await fetch(`${base}/api/v1/tts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hello.' }),
    });
    expect(revoked.status).toBe(401);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${base}/login`);
    // Signing out leaves no takes behind in the browser.
    expect(
      await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name)),
    ).not.toContain('recite-playground');
    await checkPage(page, '10-login');
    expect(cspProblems).toEqual([]);
  } finally {
    await context.close();
  }
}, 240_000);

test('the usage chart stays readable with 90 days of data', async () => {
  const { accountId, keyId } = await harness.account({ credits: 20_000 });
  const now = harness.clock.now();
  try {
    for (let day = 89; day >= 0; day--) {
      harness.clock.set(now - day * 24 * 60 * 60 * 1000);
      const characters = 200 + ((day * 37) % 11) * 150;
      const outcome = await harness.services.ledger.reserve({
        accountId,
        apiKeyId: keyId,
        product: 'speech',
        characters,
        credits: Math.ceil(characters / 10),
        holdMs: 60_000,
      });
      if (!outcome.ok) throw new Error(outcome.code);
      await harness.services.ledger.capture(outcome.reservationId);
    }
  } finally {
    harness.clock.set(now);
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    const account = (await harness.services.accounts.findAccount(accountId))!;
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/dashboard`);
    await page.getByRole('link', { name: '90 days' }).click();
    await page.waitForURL(`${base}/dashboard?days=90`);
    expect(await page.locator('.chart rect.bar-rect').count()).toBe(90);
    // Day labels stay few enough not to collide; value labels are whole credits.
    const labels = await page.locator('.chart text.day-label').allTextContents();
    expect(labels.length).toBeLessThanOrEqual(10);
    expect(labels.at(-1)).toBe('Mar 10');
    for (const value of await page.locator('.chart text.value-label').allTextContents())
      expect(value).toMatch(/^[\d,]+$/);
    expect(await page.getByTestId('runway').textContent()).toMatch(
      /^Runs out in ~[\d,]+ days at this rate \([\d,.]+ credits a day over the last 30 days\)\.$/,
    );
    await checkPage(page, '11-dashboard-90-days');
  } finally {
    await context.close();
  }
}, 120_000);

test('forms without the CSRF token change nothing; sign-in is throttled before hashing', async () => {
  const signup = await fetch(`${base}/signup`, {
    method: 'POST',
    body: new URLSearchParams({ email: 'x@example.test', password: 'a long enough password' }),
  });
  expect(signup.status).toBe(403);
  expect(await signup.text()).toContain('Request refused');
  expect(await harness.services.accounts.findAccountByEmail('x@example.test')).toBeUndefined();

  const loginPage = await fetch(`${base}/login`);
  const cookie = loginPage.headers.get('set-cookie')!.split(';')[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(await loginPage.text())![1]!;
  const attempt = (password: string) =>
    fetch(`${base}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie },
      body: new URLSearchParams({ csrf, email: 'reader@example.test', password }),
    });
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
