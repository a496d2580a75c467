import { Elysia } from 'elysia';
import { authorizeApiRequest, withOwedHeaders } from '../../auth/authorize.ts';
import { UsageQueries } from '../../db/usage.ts';
import type { Services } from '../../services.ts';
import { UsageResponse } from './model.ts';
import { usageReport } from './service.ts';

export { UsageResponse } from './model.ts';

export function usageModule(services: Services) {
  const usage = new UsageQueries(services.db, services.clock);
  return new Elysia({ name: 'usage' }).get(
    '/api/v1/usage',
    ({ request }) => {
      const principal = authorizeApiRequest(services, request);
      return withOwedHeaders(request, Response.json(usageReport(services, usage, principal.accountId)));
    },
    {
      detail: {
        tags: ['Account'],
        summary: 'Balance and usage',
        description: 'Spendable and held credits, each grant with its expiry (soonest-expiring are spent first), and this UTC month\'s captured characters and credits per key.',
        security: [{ bearer: [] }],
        responses: {
          200: { description: 'Usage', content: { 'application/json': { schema: UsageResponse as object } } },
          401: { description: 'unauthorized: missing or invalid API key' },
          429: { description: 'rate_limited: too many requests for this key; see Retry-After and RateLimit' },
        },
      },
    },
  );
}
