import { Elysia } from 'elysia';
import { nanoid } from 'nanoid';
import type { Services } from '../services.ts';
import { currentContext, isValidRequestId, runWithContext, type RequestContext } from './request-context.ts';

export interface RequestObservabilityOptions {
  /** Whether this request came through a proxy we trust to set X-Request-Id; otherwise a fresh id is made. */
  trustsRequestId?: (request: Request) => boolean;
}

/**
 * Gives every request an id (X-Request-Id on the response, `requestId` on every log line it causes), counts it by
 * route template and status, and writes one access log line. Runs around Elysia's whole handling (its `wrap`), so
 * the id also covers requests that fail in parsing or routing.
 */
export function requestObservability(services: Services, options: RequestObservabilityOptions = {}) {
  const { metrics, logger } = services;
  return (
    new Elysia({ name: 'request-observability' })
      // Elysia's higher-order hook over fetch/handle: the only place that wraps the whole request, including the
      // error handler, in one AsyncLocalStorage scope. Pinned Elysia version; test/operations.test.ts covers it.
      .wrap(
        (handle) =>
          ((request: Request) => {
            const inner = handle as unknown as (request: Request) => Response | Promise<Response>;
            // A call the app makes into itself (the MCP tools) belongs to the request that made it: same id, and
            // not counted again as HTTP traffic.
            const parent = currentContext();
            if (parent?.requestId)
              return runWithContext({ requestId: parent.requestId, jobId: parent.jobId }, () => inner(request));
            const incoming = request.headers.get('x-request-id');
            const trusted = isValidRequestId(incoming) && options.trustsRequestId?.(request) === true;
            const context: RequestContext = { requestId: trusted ? incoming : `req_${nanoid(16)}` };
            return runWithContext(context, () => observe(inner, request, context));
          }) as unknown as typeof handle,
      )
      .onTransform({ as: 'global' }, ({ route }) => {
        const context = currentContext();
        if (context) context.route = route;
      })
  );

  async function observe(
    handle: (request: Request) => Response | Promise<Response>,
    request: Request,
    context: RequestContext,
  ) {
    const started = performance.now();
    let response = await handle(request);
    const seconds = (performance.now() - started) / 1000;
    const route = context.route ?? 'unmatched';
    const method = request.method;
    metrics.httpRequests.inc({ method, route, status: String(response.status) });
    metrics.httpDuration.observe({ method, route }, seconds);
    const code = response.status >= 400 ? await errorCode(response) : undefined;
    if (code) {
      metrics.errors.inc({ code });
      if (code === 'moderation_unavailable') metrics.moderationFailClosed.inc();
      if (code === 'rate_limited' || code === 'key_cap_exceeded') metrics.rateLimitRefusals.inc({ limit: code });
    }
    try {
      response.headers.set('x-request-id', context.requestId!);
    } catch {
      // Some responses (a fetched one passed through) have immutable headers: copy them.
      response = new Response(response.body, response);
      response.headers.set('x-request-id', context.requestId!);
    }
    const fields = {
      method,
      route,
      status: response.status,
      durationMs: Math.round(seconds * 1000),
      ...(code ? { code } : {}),
    };
    if (response.status >= 500) logger.warn('request failed', fields);
    else if (route !== '/healthz' && route !== '/readyz' && route !== '/metrics') logger.info('request', fields);
    return response;
  }
}

/** The `error.code` of an error envelope, read from a clone (error bodies are small JSON). */
async function errorCode(response: Response): Promise<string | undefined> {
  if (!response.headers.get('content-type')?.includes('application/json')) return undefined;
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown } };
    const code = body?.error?.code;
    return typeof code === 'string' && /^[a-z_]{1,40}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}
