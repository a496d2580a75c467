import { Elysia } from 'elysia';
import { AppError } from '../errors/index.ts';
import { MAX_REQUEST_BODY_BYTES } from '../lib/body-limit.ts';
import type { Services } from '../services.ts';
import { authenticateBearer, type Principal } from './authenticate.ts';
import { rateLimitHeaders } from './rate-limiter.ts';

/**
 * Requests that recite makes to itself on a caller's behalf (the /mcp tools). The caller's key was checked and its
 * rate limit spent once on the way in; a WeakSet of the very Request objects cannot be forged by a header.
 */
const internalRequests = new WeakSet<Request>();

/** Marks a request built by recite itself, so its key is checked but the rate limit is not spent again. */
export function markInternal(request: Request): Request {
  internalRequests.add(request);
  return request;
}

/**
 * Bearer key + per-key rate limit. The RateLimit headers go into the route's response headers (`set.headers`), which
 * Elysia merges into every response of the route, errors and raw `Response` objects included.
 */
export async function authorizeApiRequest(
  services: Services,
  request: Request,
  headers: Record<string, unknown>,
): Promise<Principal> {
  const principal = await authenticateBearer(
    request.headers.get('authorization'),
    services.accounts,
    services.clock.now(),
  );
  if (internalRequests.has(request)) return principal;
  const result = await services.rateLimits.check(principal.apiKeyId ?? principal.accountId);
  const rateHeaders = rateLimitHeaders(result, services.rateLimits.windowMs);
  Object.assign(headers, rateHeaders);
  if (!result.allowed) {
    const message =
      `Too many requests: this key may make ${result.limit} per minute. ` +
      `Retry in ${result.retryAfterSeconds} s; nothing was charged.`;
    throw new AppError('rate_limited', message, { headers: rateHeaders });
  }
  return principal;
}

/** A body that is not JSON: the body validator then fails on it and the error handler says so (400). */
export const INVALID_JSON = Object.freeze({ '~invalidJson': true });

/**
 * The JSON parser for API routes, `parse: JSON_BODY`. Unlike Elysia's `json` parser it does not throw on bad JSON:
 * the key is checked (transform) before the body's shape (validation), so a bad key is 401 and a flood of bad bodies
 * spends the rate limit, whatever the body holds. Bodies are JSON whatever their Content-Type, as the spec has always taken them.
 */
export const JSON_BODY = 'jsonBody';

/**
 * The `auth` macro. A route declares `{ auth: 'apiKey' }` in its options and its handler receives `principal`
 * ({ accountId, apiKeyId }); the route is documented with the Bearer scheme. A route with a JSON body also declares
 * `parse: JSON_BODY` and `body: SomeTypeBoxModel`; its handler then also has `rawBody` (the text as sent):
 *
 *   new Elysia().use(apiKeyAuth(services)).post('/api/v1/thing', ({ principal, body, rawBody }) => ..., {
 *     auth: 'apiKey', parse: JSON_BODY, body: ThingRequest,
 *   })
 *
 * The key is checked in `transform`, which runs after parsing but before body validation, so 401/429 come first.
 */
export function apiKeyAuth(services: Services) {
  return new Elysia({ name: 'api-key-auth' })
    .parser(JSON_BODY, async (context) => {
      const raw = await readText(context.request, MAX_REQUEST_BODY_BYTES);
      // The bytes as sent, for what must not depend on parsing (an Idempotency-Key's body hash).
      (context as { rawBody?: string }).rawBody = raw;
      try {
        return JSON.parse(raw);
      } catch {
        return INVALID_JSON;
      }
    })
    .macro({
      auth: (scheme: 'apiKey') => ({
        detail: { security: [{ [scheme === 'apiKey' ? 'bearer' : scheme]: [] }] },
        async transform(context) {
          const principal = await authorizeApiRequest(services, context.request, context.set.headers);
          (context as { principal?: Principal }).principal = principal;
        },
        resolve: (context) => {
          const { principal, rawBody } = context as unknown as { principal: Principal; rawBody?: string };
          return { principal, rawBody: rawBody ?? '' };
        },
      }),
    });
}

/** The body as text, refused with 413 as soon as it passes `limit` bytes (a chunked body declares no length). */
async function readText(request: Request, limit: number): Promise<string> {
  if (!request.body) return '';
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw new AppError('payload_too_large', `The request body is over the limit of ${limit} bytes.`);
    parts.push(chunk);
  }
  return Buffer.concat(parts).toString('utf8');
}
