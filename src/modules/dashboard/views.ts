/** Server-rendered pages: plain HTML and a little CSS, no build step; everything user-supplied goes through `escape`. */
export function escape(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);
}

const STYLE = `
:root{--ink:#1d2330;--muted:#5b6475;--line:#d9dee8;--accent:#2855d8;--bad:#b3261e;--good:#1b7a3d;--bg:#f6f7fb}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:var(--ink);background:var(--bg)}
header{background:#fff;border-bottom:1px solid var(--line)}header .bar{max-width:960px;margin:auto;padding:.75rem 1rem;display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
header a{color:var(--ink);text-decoration:none;font-weight:600}header nav{display:flex;gap:1rem;flex-wrap:wrap;margin-left:auto;align-items:center}
main{max-width:960px;margin:auto;padding:1rem}section{background:#fff;border:1px solid var(--line);border-radius:10px;padding:1rem 1.25rem;margin:0 0 1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:0 0 .75rem}label{display:block;font-weight:600;margin:.5rem 0 .25rem}
input,select,textarea{font:inherit;padding:.5rem .6rem;border:1px solid #aab3c5;border-radius:6px;width:100%;max-width:32rem;background:#fff}
textarea{min-height:7rem}button,.button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer}
button.secondary{background:#fff;color:var(--accent)}button.danger{background:#fff;color:var(--bad);border-color:var(--bad)}
:focus-visible{outline:3px solid #f5b400;outline-offset:2px}table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:.45rem .4rem;border-bottom:1px solid var(--line);vertical-align:top}
.table{overflow-x:auto;position:relative}.muted{color:var(--muted)}.error{color:var(--bad);font-weight:600}.notice{background:#eef3ff;border:1px solid #c6d4ff;padding:.75rem;border-radius:8px}
.key{font-family:ui-monospace,monospace;word-break:break-all;background:#f0f2f7;padding:.4rem .6rem;border-radius:6px;display:inline-block}
.row{display:flex;gap:1rem;flex-wrap:wrap;align-items:flex-end}.row>*{flex:1 1 12rem}.stat{font-size:2rem;font-weight:700}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}audio{width:100%;max-width:32rem}
`;

export function page(options: { title: string; body: string; signedIn?: { email: string; csrf: string } }): Response {
  const nav = options.signedIn
    ? `<nav aria-label="Main"><a href="/dashboard">Dashboard</a><a href="/dashboard/jobs">Narrations</a><a href="/playground">Playground</a><a href="/docs">API docs</a>
       <form method="post" action="/logout"><input type="hidden" name="csrf" value="${escape(options.signedIn.csrf)}"><button class="secondary" type="submit">Sign out</button></form></nav>`
    : `<nav aria-label="Main"><a href="/login">Sign in</a><a href="/signup">Create account</a><a href="/docs">API docs</a></nav>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(options.title)} · recite</title><style>${STYLE}</style></head>
<body><header><div class="bar"><a href="/">recite</a>${nav}</div></header><main id="main">${options.body}</main></body></html>`;
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-frame-options': 'DENY', 'referrer-policy': 'same-origin', 'content-security-policy': "default-src 'self'; style-src 'unsafe-inline' 'self'; script-src 'self' 'unsafe-inline'; media-src 'self' blob: https: http:; img-src 'self' data:" } });
}

export function authForm(options: { mode: 'login' | 'signup'; csrf: string; error?: string; email?: string }): string {
  const signup = options.mode === 'signup';
  return `<h1>${signup ? 'Create your account' : 'Sign in'}</h1><section>
  ${options.error ? `<p class="error" role="alert">${escape(options.error)}</p>` : ''}
  <form method="post" action="/${signup ? 'signup' : 'login'}">
    <input type="hidden" name="csrf" value="${escape(options.csrf)}">
    <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required value="${escape(options.email)}">
    <label for="password">Password${signup ? ' (at least 10 characters)' : ''}</label>
    <input id="password" name="password" type="password" autocomplete="${signup ? 'new-password' : 'current-password'}" required minlength="${signup ? 10 : 1}">
    <p><button type="submit">${signup ? 'Create account' : 'Sign in'}</button></p>
  </form>
  <p class="muted">${signup ? 'Already have an account? <a href="/login">Sign in</a>.' : 'New here? <a href="/signup">Create an account</a>; the Basic plan includes 5,000 credits a month.'}</p></section>`;
}

/** Characters and credits per day as an accessible bar chart (SVG with a text alternative). */
export function usageChart(days: { day: string; characters: number; credits: number }[]): string {
  if (days.length === 0) return '<p class="muted">No usage in the last 30 days.</p>';
  const max = Math.max(...days.map((day) => day.credits), 1);
  const width = 640;
  const barWidth = Math.max(4, Math.floor(width / days.length) - 4);
  const bars = days
    .map((day, index) => {
      const height = Math.max(2, Math.round((day.credits / max) * 120));
      return `<rect x="${index * (barWidth + 4)}" y="${130 - height}" width="${barWidth}" height="${height}" fill="#2855d8"><title>${escape(day.day)}: ${day.credits} credits, ${day.characters} characters</title></rect>`;
    })
    .join('');
  const summary = days.map((day) => `${day.day}: ${day.credits} credits (${day.characters} characters)`).join('; ');
  return `<svg role="img" aria-label="Credits per day. ${escape(summary)}" viewBox="0 0 ${width} 135" width="100%" height="140">${bars}</svg>`;
}
