import { AppError } from '../errors/index.ts';
import type { Services } from '../services.ts';
import { authenticateBearer, type Principal } from './authenticate.ts';

/** Headers owed to a request's response (rate-limit state), whichever way the response is produced. */
const responseHeaders = new WeakMap<Request, Record<string, string>>();

/** Bearer key + per-key rate limit. Every authenticated API response then carries the RateLimit headers. */
export function authorizeApiRequest(services: Services, request: Request): Principal {
  const principal = authenticateBearer(request.headers.get('authorization'), services.accounts);
  const result = services.rateLimiter.check(principal.apiKeyId ?? principal.accountId);
  const headers = services.rateLimiter.headers(result);
  responseHeaders.set(request, headers);
  if (!result.allowed) {
    throw new AppError('rate_limited', `Too many requests: this key may make ${result.limit} per minute. Retry in ${result.retryAfterSeconds} s; nothing was charged.`, { headers });
  }
  return principal;
}

/** Adds the headers owed to `request` (if any) to `response`. */
export function withOwedHeaders(request: Request, response: Response): Response {
  const headers = responseHeaders.get(request);
  if (headers) for (const [name, value] of Object.entries(headers)) if (!response.headers.has(name)) response.headers.set(name, value);
  return response;
}
