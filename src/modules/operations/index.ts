import { timingSafeEqual } from 'node:crypto';
import { Elysia } from 'elysia';
import { AppError, errorResponse } from '../../errors/index.ts';
import type { Services } from '../../services.ts';

/**
 * Operator endpoints. /healthz is liveness (the process answers); /readyz is readiness (database, storage,
 * moderation and engine all answer), for a load balancer to drain a sick node; /metrics is Prometheus text, served
 * on the main port only to a scraper holding RECITE_METRICS_TOKEN (metrics reveal business volume).
 */
export function operationsModule(services: Services) {
  return new Elysia({ name: 'operations' })
    .get('/healthz', () => ({ status: 'ok' }), { detail: { hide: true } })
    .get(
      '/readyz',
      async () => {
        const readiness = await services.readiness();
        const failed = readiness.checks.filter((check) => !check.ok);
        if (failed.length > 0)
          services.logger.warn('not ready', { failed: failed.map((check) => `${check.name}: ${check.detail ?? ''}`) });
        return Response.json(
          {
            status: readiness.ready ? 'ready' : 'not_ready',
            checks: readiness.checks,
            failed: failed.map((check) => check.name),
          },
          { status: readiness.ready ? 200 : 503, headers: { 'cache-control': 'no-store' } },
        );
      },
      { detail: { hide: true } },
    )
    .get(
      '/metrics',
      async ({ request }) => {
        const token = services.config.metricsToken;
        if (!token) throw new AppError('not_found', 'No route for GET /metrics.');
        if (!bearerMatches(request.headers.get('authorization'), token)) {
          return errorResponse(new AppError('unauthorized', 'Send the metrics token as a Bearer token.'), {
            'www-authenticate': 'Bearer',
          });
        }
        return metricsResponse(services);
      },
      { detail: { hide: true } },
    );
}

export async function metricsResponse(services: Services): Promise<Response> {
  const body = await services.metrics.registry.metrics();
  return new Response(body, {
    headers: { 'content-type': services.metrics.registry.contentType, 'cache-control': 'no-store' },
  });
}

function bearerMatches(header: string | null, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!.trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
