import { Elysia } from 'elysia';
import { PLANS } from '../../billing/plans.ts';
import { NO_PLAN_GRANTS } from '../../db/stores.ts';
import { AppError, errorResponse } from '../../errors/index.ts';
import { clientAddress } from '../../lib/client-address.ts';
import type { Services } from '../../services.ts';
import { assetsModule } from './assets.ts';
import { narrationRows, narrationsBody } from './narrations.ts';
import { playgroundPage, speakInPlayground } from './playground.ts';
import { quickstartPanel } from './quickstart.ts';
import { createSelfServiceAccount } from './sign-up.ts';
import { cookiePolicy, newToken, readCookie, sameOrigin, sameToken } from './security.ts';
import { authForm, escape, page, runwayHint, usageChart } from './views.ts';

const redirect = (location: string, headers: Record<string, string> = {}) =>
  new Response(null, { status: 303, headers: { location, ...headers } });
const date = (time: number | null | undefined) => (time ? new Date(time).toISOString().slice(0, 10) : '—');

/** Account dashboard and playground: server-rendered pages, session cookies, CSRF tokens on every state change. */
export function dashboardModule(services: Services) {
  const { sessions, usage, loginThrottle: throttle } = services;

  const signedIn = async (request: Request) => {
    const cookies = cookiePolicy(request);
    const token = readCookie(request, cookies.session);
    const session = await sessions.find(token);
    if (!session) return undefined;
    const account = await services.accounts.findAccount(session.accountId);
    return account ? { account, csrf: session.csrfToken, token } : undefined;
  };

  /** Pre-session forms (sign-in, sign-up) use a double-submit token: a cookie and the same value in the form. */
  const preSessionToken = (request: Request) => {
    const cookies = cookiePolicy(request);
    const existing = readCookie(request, cookies.csrf);
    const token = existing && /^[A-Za-z0-9_-]{20,64}$/.test(existing) ? existing : newToken();
    return {
      token,
      setCookie: existing === token ? undefined : `${cookies.csrf}=${token}; ${cookies.attributes}; Max-Age=3600`,
    };
  };
  const withCookie = (response: Response, cookie: string | undefined) => {
    if (cookie) response.headers.append('set-cookie', cookie);
    return response;
  };
  // 403, not 200: scripts and proxies must see a refusal as one.
  const refuse = () =>
    page({
      title: 'Request refused',
      status: 403,
      body: '<h1>Request refused</h1><section><p class="error" role="alert">The form was stale or came from another site. Go back, reload the page and try again.</p></section>',
    });
  const startSession = async (request: Request, accountId: string) => {
    const cookies = cookiePolicy(request);
    // A fresh session id on every sign-in; any previous session of this browser ends.
    await sessions.destroy(readCookie(request, cookies.session));
    const { token } = await sessions.create(accountId);
    return redirect('/dashboard', {
      'set-cookie': `${cookies.session}=${token}; ${cookies.attributes}; Max-Age=${30 * 24 * 3600}`,
    });
  };

  const dashboardPage = async (
    session: NonNullable<Awaited<ReturnType<typeof signedIn>>>,
    request: Request,
    notice = '',
  ) => {
    const { account } = session;
    const range = new URL(request.url).searchParams.get('days') === '90' ? 90 : 30;
    const [balance, held, grants, monthByKey, keys, days, lastMonth] = await Promise.all([
      services.ledger.balance(account.id),
      services.ledger.heldCredits(account.id),
      services.ledger.grants(account.id),
      usage.monthByKey(account.id),
      services.accounts.listKeys(account.id),
      usage.daily(account.id, range),
      usage.daily(account.id, 30),
    ]);
    const monthly = new Map(monthByKey.map((row) => [row.apiKeyId, row]));
    const daily = days.map((row) => ({
      day: row.day,
      characters: Number(row.characters),
      credits: Number(row.credits),
    }));
    const recent = lastMonth.map((row) => ({ day: row.day, credits: Number(row.credits) }));
    const keyRows = keys
      .map((key) => {
        const month = monthly.get(key.id);
        // Revoking cannot be undone, so it takes a second, explicit click (a disclosure, no script needed).
        const actions = key.revokedAt
          ? `<span class="muted">revoked ${date(key.revokedAt)}</span>`
          : `<details class="confirm"><summary aria-label="Revoke ${escape(key.name)}…">Revoke…</summary>
              <form method="post" action="/dashboard/keys/${escape(key.id)}/revoke"><input type="hidden" name="csrf" value="${escape(session.csrf)}">
              <p class="small">Requests with this key will fail at once. This cannot be undone.</p>
              <button class="danger solid small" type="submit">Revoke ${escape(key.name)} permanently</button></form></details>`;
        return `<tr><td data-label="Name">${escape(key.name) || '<span class="muted">unnamed</span>'}</td><td data-label="Key"><code>${escape(key.prefix)}…</code></td><td data-label="Created">${date(key.createdAt)}</td><td data-label="Last used">${date(key.lastUsedAt)}</td>
          <td class="number" data-label="Characters this month">${Number(month?.characters ?? 0).toLocaleString('en-US')}${key.monthlyCapCharacters ? ` / ${key.monthlyCapCharacters.toLocaleString('en-US')}` : ''}</td><td data-label="Actions">${actions}</td></tr>`;
      })
      .join('');
    const grantRows = grants
      .map(
        (grant) =>
          `<tr><td data-label="Source">${escape(grant.source)}</td><td class="number" data-label="Remaining">${grant.remaining.toLocaleString('en-US')} of ${grant.credits.toLocaleString('en-US')}</td><td data-label="Expires">${date(grant.expiresAt)}</td></tr>`,
      )
      .join('');
    const hasKeys = keys.some((key) => !key.revokedAt);
    const body = `<h1>Dashboard</h1>${notice}
      ${!hasKeys && !notice ? '<section class="empty"><p><strong>Welcome to recite.</strong> Create an API key below to call the API, or hear every voice in the <a href="/playground">playground</a> first.</p></section>' : ''}
      <section aria-labelledby="balance-heading"><h2 id="balance-heading">Balance</h2><div class="stats">
        <div><div class="stat" data-testid="balance">${balance.toLocaleString('en-US')}</div><div class="muted">credits available</div></div>
        <div><div class="stat">${held.toLocaleString('en-US')}</div><div class="muted">held for work in progress</div></div>
        <div><div class="stat" data-testid="plan">${account.nextPlanGrantAt === NO_PLAN_GRANTS ? 'Trial' : escape(PLANS[account.plan].name)}</div><div class="muted">${account.nextPlanGrantAt === NO_PLAN_GRANTS ? 'no plan yet: an operator sets one' : 'plan'}</div></div></div>
        <p data-testid="runway"><strong>${escape(runwayHint(balance, recent, services.clock.now()))}</strong></p>
        <p class="muted small">1 credit per 10 characters (minimum 1 per request). Credits bank for 90 days; the soonest-expiring are spent first.</p>
        <details><summary>Credit grants (${grants.length})</summary><table class="stacked"><caption class="visually-hidden">Credit grants</caption><thead><tr><th scope="col">Source</th><th scope="col" class="number">Remaining</th><th scope="col">Expires</th></tr></thead><tbody>${grantRows || '<tr><td colspan="3" class="muted">No credits.</td></tr>'}</tbody></table></details></section>
      <section aria-labelledby="usage-heading"><div class="job-head"><h2 id="usage-heading">Usage, last ${range} days</h2>
        <nav class="tabs" aria-label="Usage range"><a href="/dashboard"${range === 30 ? ' aria-current="page"' : ''}>30 days</a><a href="/dashboard?days=90"${range === 90 ? ' aria-current="page"' : ''}>90 days</a></nav></div>
        ${usageChart(daily, { days: range, now: services.clock.now() })}</section>
      <section aria-labelledby="keys-heading"><h2 id="keys-heading">API keys</h2>
        ${
          keys.length
            ? `<table class="stacked"><caption class="visually-hidden">API keys</caption><thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col" class="number">Characters this month</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
        <tbody>${keyRows}</tbody></table>`
            : '<div class="empty"><p><strong>No keys yet.</strong></p><p class="muted">Name your first key (for example "production") and create it: you get a ready-to-run curl, Node, Python and MCP quickstart.</p></div>'
        }
        <h3>Create a key</h3>
        <form method="post" action="/dashboard/keys" class="row"><input type="hidden" name="csrf" value="${escape(session.csrf)}">
          <div><label for="key-name">Name</label><input id="key-name" name="name" maxlength="60" placeholder="e.g. production"></div>
          <div><label for="key-cap">Monthly character cap (optional)</label><input id="key-cap" name="cap" type="number" min="1" step="1" inputmode="numeric"></div>
          <div><button type="submit">Create key</button></div></form></section>`;
    return page({
      title: 'Dashboard',
      body,
      current: '/dashboard',
      signedIn: { email: account.email, csrf: session.csrf },
    });
  };

  const requirePostSession = async (request: Request) => {
    const session = await signedIn(request);
    if (!session) return { response: redirect('/login') };
    const form = await request.formData().catch(() => undefined);
    if (!form || !sameOrigin(request) || !sameToken(String(form.get('csrf') ?? ''), session.csrf))
      return { response: refuse() };
    return { session, form };
  };

  return (
    new Elysia({ name: 'dashboard' })
      .use(assetsModule())
      .get('/', async ({ request }) => redirect((await signedIn(request)) ? '/dashboard' : '/login'), {
        detail: { hide: true },
      })
      .get(
        '/signup',
        ({ request }) => {
          const csrf = preSessionToken(request);
          return withCookie(
            page({ title: 'Create account', body: authForm({ mode: 'signup', csrf: csrf.token }) }),
            csrf.setCookie,
          );
        },
        { detail: { hide: true } },
      )
      .post(
        '/signup',
        async ({ request }) => {
          const form = await request.formData().catch(() => undefined);
          const csrf = preSessionToken(request);
          if (
            !form ||
            !sameOrigin(request) ||
            !sameToken(String(form.get('csrf') ?? ''), readCookie(request, cookiePolicy(request).csrf))
          )
            return refuse();
          const email = String(form.get('email') ?? '').trim();
          const password = String(form.get('password') ?? '');
          const again = (error: string, status = 400) => {
            const response = page({
              title: 'Create account',
              body: authForm({ mode: 'signup', csrf: csrf.token, error, email }),
            });
            return new Response(response.body, { status, headers: response.headers });
          };
          if (!services.config.signupOpen)
            return again('Sign-up is closed on this server; ask its administrator for an account.', 403);
          if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254)
            return again('Enter a valid email address.');
          if (password.length < 10 || password.length > 1024)
            return again('Choose a password of at least 10 characters.');
          const allowed = await services.signups.check(clientAddress(request));
          if (!allowed.allowed)
            return again(
              `Too many sign-ups from this address. Try again in ${Math.ceil(allowed.retryAfterSeconds / 60)} minute(s).`,
              429,
            );
          const account = await createSelfServiceAccount(services.accounts, services.ledger, {
            email,
            password,
            trialCredits: services.config.signupTrialCredits,
          });
          // The same words and status as any refused sign-up, so the form does not tell who has an account here.
          if (!account)
            return again(
              'We could not create an account with these details. If you already have one, sign in instead.',
            );
          return startSession(request, account.id);
        },
        { parse: 'none', detail: { hide: true } },
      )
      .get(
        '/login',
        async ({ request }) => {
          if (await signedIn(request)) return redirect('/dashboard');
          const csrf = preSessionToken(request);
          return withCookie(
            page({ title: 'Sign in', body: authForm({ mode: 'login', csrf: csrf.token }) }),
            csrf.setCookie,
          );
        },
        { detail: { hide: true } },
      )
      .post(
        '/login',
        async ({ request }) => {
          const form = await request.formData().catch(() => undefined);
          const csrf = preSessionToken(request);
          if (
            !form ||
            !sameOrigin(request) ||
            !sameToken(String(form.get('csrf') ?? ''), readCookie(request, cookiePolicy(request).csrf))
          )
            return refuse();
          const email = String(form.get('email') ?? '').trim();
          const password = String(form.get('password') ?? '');
          const again = (error: string, status: number) => {
            const response = page({
              title: 'Sign in',
              body: authForm({ mode: 'login', csrf: csrf.token, error, email }),
            });
            return new Response(response.body, { status, headers: response.headers });
          };
          // Reserved before any hashing, so guessing costs the attacker time and the server nothing, even in parallel.
          const attempt = await throttle.reserve(email, clientAddress(request));
          if (!attempt.ok)
            return again(`Too many failed sign-ins. Try again in ${attempt.waitSeconds} second(s).`, 429);
          let valid = false;
          let account: Awaited<ReturnType<typeof services.accounts.findAccountByEmail>>;
          try {
            account = await services.accounts.findAccountByEmail(email);
            valid = account
              ? await Bun.password.verify(password, account.passwordHash)
              : await Bun.password.verify(password, DUMMY_HASH).then(() => false);
          } finally {
            await attempt.settle(valid);
          }
          if (!account || !valid) return again('Email or password is wrong.', 401);
          return startSession(request, account.id);
        },
        { parse: 'none', detail: { hide: true } },
      )
      .post(
        '/logout',
        async ({ request }) => {
          const checked = await requirePostSession(request);
          if ('response' in checked) return checked.response;
          const cookies = cookiePolicy(request);
          await sessions.destroy(checked.session.token);
          return redirect('/login', { 'set-cookie': `${cookies.session}=; ${cookies.attributes}; Max-Age=0` });
        },
        { parse: 'none', detail: { hide: true } },
      )
      .get(
        '/dashboard',
        async ({ request }) => {
          const session = await signedIn(request);
          return session ? dashboardPage(session, request) : redirect('/login');
        },
        { detail: { hide: true } },
      )
      .post(
        '/dashboard/keys',
        async ({ request }) => {
          const checked = await requirePostSession(request);
          if ('response' in checked) return checked.response;
          const capText = String(checked.form.get('cap') ?? '').trim();
          const cap = capText ? Number(capText) : null;
          if (cap !== null && (!Number.isInteger(cap) || cap <= 0)) {
            return dashboardPage(
              checked.session,
              request,
              '<p class="error" role="alert">The monthly cap must be a whole number of characters.</p>',
            );
          }
          const { key, record } = await services.accounts.createApiKey({
            accountId: checked.session.account.id,
            name: String(checked.form.get('name') ?? '').slice(0, 60),
            monthlyCapCharacters: cap,
          });
          const notice = quickstartPanel(services.config.publicUrl ?? new URL(request.url).origin, key, record.name);
          return dashboardPage(checked.session, request, notice);
        },
        { parse: 'none', detail: { hide: true } },
      )
      .post(
        '/dashboard/keys/:id/revoke',
        async ({ request, params }) => {
          const checked = await requirePostSession(request);
          if ('response' in checked) return checked.response;
          await services.accounts.revokeKey(params.id, checked.session.account.id);
          return redirect('/dashboard');
        },
        { parse: 'none', detail: { hide: true } },
      )
      .get(
        '/dashboard/jobs',
        async ({ request }) => {
          const session = await signedIn(request);
          if (!session) return redirect('/login');
          const origin = new URL(request.url).origin;
          const body = narrationsBody(
            await narrationRows(services, session.account.id, origin),
            services.config.publicUrl ?? origin,
          );
          return page({
            title: 'Narrations',
            body,
            current: '/dashboard/jobs',
            signedIn: { email: session.account.email, csrf: session.csrf },
          });
        },
        { detail: { hide: true } },
      )
      // What the Narrations page polls while a job runs: each row's status and its freshly rendered HTML.
      .get(
        '/dashboard/jobs.json',
        async ({ request }) => {
          const session = await signedIn(request);
          if (!session) return errorResponse(new AppError('unauthorized', 'Your session has ended; sign in again.'));
          const rows = await narrationRows(services, session.account.id, new URL(request.url).origin);
          return Response.json({ jobs: rows }, { headers: { 'cache-control': 'no-store' } });
        },
        { detail: { hide: true } },
      )
      .get(
        '/playground',
        async ({ request }) => {
          const session = await signedIn(request);
          if (!session) return redirect('/login');
          return page({
            title: 'Playground',
            current: '/playground',
            body: playgroundPage(session.csrf, await services.ledger.balance(session.account.id), session.account.id),
            signedIn: { email: session.account.email, csrf: session.csrf },
          });
        },
        { detail: { hide: true } },
      )
      .post(
        '/playground/speak',
        async ({ request }) => {
          const session = await signedIn(request);
          if (!session) return errorResponse(new AppError('unauthorized', 'Your session has ended; sign in again.'));
          if (!sameOrigin(request) || !sameToken(request.headers.get('x-csrf-token') ?? '', session.csrf))
            return errorResponse(new AppError('forbidden', 'Reload the page and try again.'));
          return speakInPlayground(services, session.account.id, await request.text(), request.signal);
        },
        { parse: 'none', detail: { hide: true } },
      )
  );
}

// Verifying against a fixed hash when the account does not exist keeps response times alike for known and unknown emails.
const DUMMY_HASH = await Bun.password.hash('recite-dummy-password', { algorithm: 'argon2id' });
