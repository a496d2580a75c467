/** Server-rendered pages: plain HTML and a little CSS, no build step; everything user-supplied goes through `escape`. */
export function escape(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}

/** JSON for a `<script type="application/json">` block: raw text there, so only `<` needs escaping (no `</script>`). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The mark: a speech bubble holding three sound bars. Used as the logo and, on its own, as the favicon. */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect x="1" y="1" width="30" height="26" rx="8" fill="#2648c4"/><path d="M9 27l0 4 6-4z" fill="#2648c4"/><rect x="8" y="11" width="3" height="8" rx="1.5" fill="#fff"/><rect x="14.5" y="7" width="3" height="16" rx="1.5" fill="#fff"/><rect x="21" y="10" width="3" height="10" rx="1.5" fill="#fff"/></svg>`;

/**
 * One type scale (0.875 / 1 / 1.25 / 1.5625 / 1.953 rem) and one spacing scale (4, 8, 12, 16, 24, 32 px) for every
 * page. The font is Inter, served from this server (/assets/inter.woff2), never from a font host.
 */
const STYLE = `
@font-face{font-family:"Inter";font-style:normal;font-weight:100 900;font-display:swap;src:url(/assets/inter.woff2) format("woff2")}
:root{--ink:#161b26;--muted:#545d70;--line:#dde2ec;--accent:#2648c4;--accent-soft:#eef2ff;--bad:#b3261e;--good:#17683a;--bg:#f5f6fa;
--s1:4px;--s2:8px;--s3:12px;--s4:16px;--s5:24px;--s6:32px;--radius:10px;--t-small:.875rem;--t-h3:1.25rem;--t-h2:1.25rem;--t-h1:1.5625rem;--t-stat:1.953rem}
*{box-sizing:border-box}[hidden]{display:none!important}html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--accent)}a:hover{text-decoration-thickness:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:var(--s4);top:var(--s2);background:#fff;padding:var(--s2);z-index:10}
header{background:#fff;border-bottom:1px solid var(--line)}
.bar{max-width:1040px;margin:auto;padding:var(--s3) var(--s4);display:flex;gap:var(--s4);align-items:center}
.brand{display:flex;gap:var(--s2);align-items:center;color:var(--ink);text-decoration:none;font-weight:700;font-size:var(--t-h3);letter-spacing:-.01em}
.menu-button{display:none;margin-left:auto}
.nav{display:flex;gap:var(--s1);align-items:center;margin-left:auto}
.nav a{color:var(--ink);text-decoration:none;font-weight:600;padding:var(--s2) var(--s3);border-radius:8px}
.nav a:hover{background:var(--accent-soft)}.nav a[aria-current="page"]{color:var(--accent);background:var(--accent-soft)}
.nav form{margin:0 0 0 var(--s2)}
main{max-width:1040px;margin:auto;padding:var(--s4)}
section,.card{background:#fff;border:1px solid var(--line);border-radius:var(--radius);padding:var(--s4) var(--s5);margin:0 0 var(--s4)}
h1{font-size:var(--t-h1);line-height:1.25;margin:var(--s2) 0 var(--s4);letter-spacing:-.01em}
h2{font-size:var(--t-h2);line-height:1.3;margin:0 0 var(--s3)}h3{font-size:1rem;margin:var(--s4) 0 var(--s2)}
p{margin:0 0 var(--s3)}label{display:block;font-weight:600;margin:var(--s2) 0 var(--s1)}
input,select,textarea{font:inherit;padding:var(--s2) var(--s3);border:1px solid #8f99ad;border-radius:8px;width:100%;background:#fff;color:var(--ink)}
.narrow input{max-width:28rem}textarea{min-height:9rem;resize:vertical;display:block}
button,.button{font:inherit;font-weight:600;padding:var(--s2) var(--s4);border-radius:8px;border:1px solid var(--accent);background:var(--accent);
color:#fff;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center;gap:var(--s2);min-height:40px}
button.secondary,.button.secondary{background:#fff;color:var(--accent)}button.danger{background:#fff;color:var(--bad);border-color:var(--bad)}
button.danger.solid{background:var(--bad);color:#fff}button.small,.button.small{padding:var(--s1) var(--s3);font-size:var(--t-small);min-height:32px}
button:disabled{opacity:.6;cursor:progress}
:focus-visible{outline:3px solid #f5b400;outline-offset:2px}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:var(--s2);border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:var(--t-small);color:var(--muted);font-weight:600}td.number,th.number{text-align:right;font-variant-numeric:tabular-nums}
.muted{color:var(--muted)}.small{font-size:var(--t-small)}.error{color:var(--bad);font-weight:600}.ok{color:var(--good);font-weight:600}
.notice{background:var(--accent-soft);border-color:#c4d0ff}
.key,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:var(--t-small);background:#f0f2f7;border-radius:8px}
.key{word-break:break-all;padding:var(--s2) var(--s3);display:inline-block}
pre{padding:var(--s3);overflow-x:auto;white-space:pre;margin:0 0 var(--s2)}
.row{display:flex;gap:var(--s4);flex-wrap:wrap;align-items:flex-end}.row>*{flex:1 1 12rem}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:var(--s4);margin-bottom:var(--s3)}
.stat{font-size:var(--t-stat);font-weight:700;line-height:1.2;font-variant-numeric:tabular-nums}
.empty{border:1px dashed #b8c0d2;border-radius:var(--radius);padding:var(--s5);text-align:center;background:#fafbfd}
.empty p:last-child{margin:0}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
audio{width:100%;max-width:100%;display:block}
.chart svg{display:block;width:100%;height:auto}.chart .bar-rect{fill:var(--accent)}.chart .bar-rect:hover{fill:#14308f}
.chart text{font:12px Inter,system-ui,sans-serif;fill:var(--muted)}.chart .grid{stroke:var(--line)}
.tabs{display:flex;gap:var(--s2);flex-wrap:wrap;margin-bottom:var(--s2)}
.tabs a{font-size:var(--t-small);font-weight:600;text-decoration:none;padding:var(--s1) var(--s3);border-radius:999px;border:1px solid var(--line);color:var(--ink)}
.tabs a[aria-current="page"]{background:var(--accent);border-color:var(--accent);color:#fff}
details>summary{cursor:pointer;font-weight:600;padding:var(--s1) 0}
.confirm{display:inline-block}.confirm[open]{display:block;border:1px solid var(--bad);border-radius:8px;padding:var(--s2) var(--s3);background:#fff7f6}
.confirm>summary{list-style:none;display:inline-flex;color:var(--bad);border:1px solid var(--bad);border-radius:8px;padding:var(--s1) var(--s3);font-size:var(--t-small)}
.confirm>summary::-webkit-details-marker{display:none}.confirm form{margin-top:var(--s2)}
.quickstart .tab-body{margin-bottom:var(--s4)}.copy-row{display:flex;justify-content:space-between;align-items:center;gap:var(--s2);margin:var(--s3) 0 var(--s1)}
.copy-row h3{margin:0}
.list{list-style:none;margin:0;padding:0}.list>li{border-bottom:1px solid var(--line);padding:var(--s3) 0}.list>li:last-child{border-bottom:0}
.job-head{display:flex;justify-content:space-between;gap:var(--s3);flex-wrap:wrap;align-items:baseline}
.job-title{font-weight:600;overflow-wrap:anywhere}.meta{display:flex;flex-wrap:wrap;gap:var(--s1) var(--s4);font-size:var(--t-small);color:var(--muted);margin:var(--s1) 0}
.badge{display:inline-block;font-size:var(--t-small);font-weight:600;padding:0 var(--s2);border-radius:999px;background:#eceff5;color:var(--ink)}
.badge.completed{background:#e3f4e8;color:var(--good)}.badge.failed{background:#fde8e6;color:var(--bad)}.badge.running{background:var(--accent-soft);color:var(--accent)}
progress{width:100%;height:10px;accent-color:var(--accent)}.downloads{display:flex;gap:var(--s2);flex-wrap:wrap;margin-top:var(--s2)}
.voices{max-height:22rem;overflow:auto;border:1px solid var(--line);border-radius:8px;padding:0 var(--s3)}
.voices fieldset{border:0;margin:0;padding:var(--s2) 0;border-bottom:1px solid var(--line)}.voices fieldset:last-child{border-bottom:0}
.voices legend{font-weight:700;font-size:var(--t-small);color:var(--muted);padding:var(--s2) 0 0}
.voice{display:flex;align-items:center;gap:var(--s3);padding:var(--s1) 0}.voice label{flex:1;margin:0;font-weight:600;display:flex;flex-direction:column}
.voice label .small{font-weight:400}
.voice input{width:auto}.counter{text-align:right}.counter.over{color:var(--bad)}
.words{line-height:2;font-size:1.125rem;margin:var(--s3) 0;overflow-wrap:anywhere}.words span{border-radius:4px;padding:1px 0}
.words span.spoken{background:#ffe27a;box-shadow:0 0 0 2px #ffe27a}
.take{display:grid;gap:var(--s2)}
.auth-grid{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:var(--s4);align-items:start}
.pitch{margin:0;padding-left:var(--s5)}.pitch li{margin-bottom:var(--s3)}
.page-error{text-align:center;padding:var(--s6) var(--s4)}.page-error .code{font-size:3rem;font-weight:800;color:var(--accent);line-height:1}
@media (max-width:720px){
  .menu-button{display:inline-flex}.nav{display:none;position:absolute;left:0;right:0;top:100%;background:#fff;border-bottom:1px solid var(--line);
  flex-direction:column;align-items:stretch;padding:var(--s2) var(--s4) var(--s4);z-index:5;box-shadow:0 8px 16px rgba(0,0,0,.08)}
  header{position:relative}header.open .nav{display:flex}.nav form{margin:var(--s2) 0 0}.nav form button{width:100%;justify-content:center}
  .chart text{font-size:26px}.auth-grid{grid-template-columns:1fr}
  main{padding:var(--s3)}section,.card{padding:var(--s3) var(--s4)}pre{white-space:pre-wrap;overflow-wrap:anywhere}
  .stats{grid-template-columns:repeat(3,1fr);gap:var(--s2)}.stat{font-size:var(--t-h2)}
  .stacked thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
  .stacked tr{display:block;border-bottom:1px solid var(--line);padding:var(--s2) 0}.stacked td{display:flex;justify-content:space-between;gap:var(--s3);border:0;padding:var(--s1) 0;text-align:right}
  .stacked td::before{content:attr(data-label);font-weight:600;color:var(--muted);text-align:left}.stacked td.number{text-align:right}
}
`;

export interface PageOptions {
  title: string;
  body: string;
  signedIn?: { email: string; csrf: string };
  /** The nav entry to mark as current. */
  current?: string;
  status?: number;
}

/** Pages carry no inline script: behaviour lives in /assets/dashboard.js, so the policy allows scripts from 'self' only. */
export const PAGE_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; media-src 'self' blob: https: http:; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};

export function page(options: PageOptions): Response {
  const link = (href: string, label: string) =>
    `<a href="${href}"${options.current === href ? ' aria-current="page"' : ''}>${label}</a>`;
  const nav = options.signedIn
    ? `${link('/dashboard', 'Dashboard')}${link('/dashboard/jobs', 'Narrations')}${link('/playground', 'Playground')}${link('/docs', 'API docs')}
       <form method="post" action="/logout"><input type="hidden" name="csrf" value="${escape(options.signedIn.csrf)}"><button class="secondary small" type="submit">Sign out</button></form>`
    : `${link('/login', 'Sign in')}${link('/signup', 'Create account')}${link('/docs', 'API docs')}`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(options.title)} · recite</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style>
<script src="/assets/dashboard.js" defer></script></head>
<body><a class="skip" href="#main">Skip to content</a><header><div class="bar"><a class="brand" href="/">${LOGO_SVG.replace('<svg ', '<svg aria-hidden="true" focusable="false" ')}<span>recite</span></a>
<button type="button" class="menu-button secondary small" aria-expanded="false" aria-controls="nav">Menu</button>
<nav id="nav" class="nav" aria-label="Main">${nav}</nav></div></header><main id="main">${options.body}</main></body></html>`;
  return new Response(html, {
    status: options.status ?? 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...PAGE_SECURITY_HEADERS },
  });
}

export function authForm(options: { mode: 'login' | 'signup'; csrf: string; error?: string; email?: string }): string {
  const signup = options.mode === 'signup';
  const pitch = `<section aria-labelledby="pitch-heading"><h2 id="pitch-heading">${signup ? 'What you get' : 'recite'}</h2><ul class="pitch">
    <li><strong>Text to natural MP3 narration</strong> over one HTTP call, with word timings and WebVTT/SRT captions.</li>
    <li><strong>Works with the tools you have:</strong> the OpenAI speech endpoint, an MCP server for assistants, and a playground.</li>
    <li><strong>Pay per character:</strong> 1 credit per 10 characters, and a failed request is never charged.</li></ul></section>`;
  return `<h1>${signup ? 'Create your account' : 'Sign in'}</h1><div class="auth-grid"><section class="narrow">
  ${options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : ''}
  <form method="post" action="/${signup ? 'signup' : 'login'}">
    <input type="hidden" name="csrf" value="${escape(options.csrf)}">
    <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${escape(options.email)}">
    <label for="password">Password${signup ? ' (at least 10 characters)' : ''}</label>
    <input id="password" name="password" type="password" autocomplete="${signup ? 'new-password' : 'current-password'}" required minlength="${signup ? 10 : 1}">
    <p style="margin-top:var(--s4)"><button type="submit">${signup ? 'Create account' : 'Sign in'}</button></p>
  </form>
  <p class="muted">${signup ? 'Already have an account? <a href="/login">Sign in</a>.' : 'New here? <a href="/signup">Create an account</a> to get an API key and try every voice in the playground.'}</p></section>${pitch}</div>`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A round, whole step for the value axis (credits are integers): 1, 2 or 5 times a power of ten. */
function niceStep(max: number, ticks: number): number {
  const raw = Math.max(1, max / ticks);
  const power = 10 ** Math.floor(Math.log10(raw));
  return Math.max(1, ([1, 2, 5, 10].find((factor) => factor * power >= raw) ?? 10) * power);
}

/**
 * Credits per day over a fixed window ending today, every day present (zero days included), so one day of data is a
 * single bar on a dated axis rather than one block. Each bar has a tooltip; the same numbers are in a table below.
 */
export function usageChart(
  rows: { day: string; characters: number; credits: number }[],
  options: { days: number; now: number },
): string {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days = Array.from({ length: options.days }, (_, index) => {
    const day = new Date(options.now - (options.days - 1 - index) * DAY_MS).toISOString().slice(0, 10);
    const row = byDay.get(day);
    return { day, characters: Number(row?.characters ?? 0), credits: Number(row?.credits ?? 0) };
  });
  const total = days.reduce((sum, day) => sum + day.credits, 0);
  if (total === 0) {
    return `<div class="empty"><p><strong>No usage in the last ${options.days} days.</strong></p><p class="muted">Create a key below and make your first request, or try a voice in the <a href="/playground">playground</a>; each day's credits show up here.</p></div>`;
  }
  const width = 720;
  const height = 240;
  const left = 64;
  const bottom = 28;
  const top = 24;
  const right = 44;
  const plotWidth = width - left - right;
  const plotHeight = height - bottom - top;
  const step = niceStep(Math.max(...days.map((day) => day.credits)), 4);
  const axisMax = Math.max(step, Math.ceil(Math.max(...days.map((day) => day.credits)) / step) * step);
  const slot = plotWidth / days.length;
  const barWidth = Math.max(2, Math.min(28, slot * 0.7));
  const y = (value: number) => top + plotHeight - (value / axisMax) * plotHeight;
  const grid = [];
  for (let value = 0; value <= axisMax; value += step) {
    grid.push(
      `<line class="grid" x1="${left}" x2="${width - right}" y1="${y(value).toFixed(1)}" y2="${y(value).toFixed(1)}"/><text class="value-label" x="${left - 6}" y="${(y(value) + 4).toFixed(1)}" text-anchor="end">${value.toLocaleString('en-US')}</text>`,
    );
  }
  // At most 6 day labels: they stay legible when the chart shrinks to a phone's width.
  const labelEvery = Math.ceil(days.length / 6);
  const format = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const bars = days
    .map((day, index) => {
      const x = left + index * slot + (slot - barWidth) / 2;
      // Labels count back from today, evenly spaced and centred; the right margin leaves room for today's.
      const label =
        (days.length - 1 - index) % labelEvery === 0
          ? `<text class="day-label" x="${(x + barWidth / 2).toFixed(1)}" y="${height - 8}" text-anchor="middle">${format(day.day)}</text>`
          : '';
      if (day.credits === 0) return label;
      const barHeight = Math.max(2, plotHeight - (y(day.credits) - top));
      return `<rect class="bar-rect" x="${x.toFixed(1)}" y="${(top + plotHeight - barHeight).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${barHeight.toFixed(1)}" rx="2"><title>${format(day.day)}: ${day.credits.toLocaleString('en-US')} credits, ${day.characters.toLocaleString('en-US')} characters</title></rect>${label}`;
    })
    .join('');
  const used = days.filter((day) => day.credits > 0);
  const table = used
    .slice()
    .reverse()
    .map(
      (day) =>
        `<tr><td data-label="Day">${format(day.day)}</td><td class="number" data-label="Credits">${day.credits.toLocaleString('en-US')}</td><td class="number" data-label="Characters">${day.characters.toLocaleString('en-US')}</td></tr>`,
    )
    .join('');
  return `<div class="chart"><svg viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="chart-title"><title id="chart-title">Credits per day, last ${options.days} days: ${total.toLocaleString('en-US')} credits on ${used.length} day(s). The table below lists each day.</title>${grid.join('')}${bars}</svg></div>
  <details><summary>Show as a table (${used.length} day${used.length === 1 ? '' : 's'} with usage)</summary><table class="stacked"><caption class="visually-hidden">Usage per day</caption><thead><tr><th scope="col">Day</th><th scope="col" class="number">Credits</th><th scope="col" class="number">Characters</th></tr></thead><tbody>${table}</tbody></table></details>`;
}

/**
 * "Runs out in ~N days at this rate": the average over the last 30 days, counted from the first use in them (today
 * included), so
 * a new account's first day is not diluted by 29 empty ones.
 */
export function runwayHint(balance: number, usage: { day: string; credits: number }[], now: number): string {
  const earliest = new Date(now - 29 * DAY_MS).toISOString().slice(0, 10);
  const used = usage.filter((day) => day.credits > 0 && day.day >= earliest);
  if (used.length === 0) return 'No usage yet, so no estimate of how long your credits last.';
  const first = Date.parse(`${used.map((day) => day.day).sort()[0]}T00:00:00Z`);
  const days = Math.max(1, Math.floor((now - first) / DAY_MS) + 1);
  const perDay = used.reduce((sum, day) => sum + day.credits, 0) / days;
  const rate = `${perDay < 10 ? perDay.toFixed(1) : Math.round(perDay).toLocaleString('en-US')} credits a day over the last ${days} day${days === 1 ? '' : 's'}`;
  const left = Math.floor(balance / perDay);
  if (left < 1) return `Runs out within a day at this rate (${rate}).`;
  if (left > 365) return `Lasts more than a year at this rate (${rate}).`;
  return `Runs out in ~${left.toLocaleString('en-US')} day${left === 1 ? '' : 's'} at this rate (${rate}).`;
}
