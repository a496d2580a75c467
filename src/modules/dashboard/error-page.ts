import { escape, page } from './views.ts';

/** Paths that scripts and API clients read: they keep the JSON envelope whatever the Accept header says. */
const API_PATHS = /^\/(api|v1|mcp|openapi\.json|files|healthz|metrics)(\/|$)/;

/** A browser navigating (Accept lists text/html before any JSON) gets a page; API clients keep the envelope. */
export function wantsHtml(request: Request): boolean {
  if (API_PATHS.test(new URL(request.url).pathname)) return false;
  const accept = request.headers.get('accept') ?? '';
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html >= 0 && (json < 0 || html < json);
}

const TITLES: Record<number, string> = {
  400: 'That request did not make sense',
  401: 'Sign in first',
  403: 'Not allowed',
  404: 'Page not found',
  429: 'Slow down a little',
};

/**
 * The same error as an HTML page for a browser, keeping the status: the envelope's message, and a way back.
 * Anything that is not the JSON envelope (or not an error) passes through untouched.
 */
export async function browserErrorPage(request: Request, response: Response): Promise<Response> {
  if (response.status < 400 || !wantsHtml(request) || !(response.headers.get('content-type') ?? '').includes('json'))
    return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { error?: { code?: string; message?: string } } | undefined;
  const status = response.status;
  const title = status >= 500 ? 'Something went wrong on our side' : (TITLES[status] ?? 'That did not work');
  const message =
    status === 404
      ? 'There is no page at this address. Check the spelling, or start again from the dashboard.'
      : (body?.error?.message ?? '');
  const html = page({
    title,
    status,
    body: `<section class="page-error"><p class="code" aria-hidden="true">${status}</p><h1>${escape(title)}</h1><p>${escape(message)}</p>
      ${body?.error?.code ? `<p class="muted small">Error code: <code>${escape(body.error.code)}</code></p>` : ''}
      <p><a class="button" href="/">Go to the dashboard</a> <a class="button secondary" href="/docs">API docs</a></p></section>`,
  });
  for (const [name, value] of response.headers)
    if (!['content-type', 'content-length'].includes(name) && !html.headers.has(name)) html.headers.set(name, value);
  return html;
}
