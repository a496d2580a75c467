import { Elysia } from 'elysia';
import { apiKeyAuth } from '../../auth/api-key-auth.ts';
import { AUTH_ERRORS, documentErrors, jsonResponse } from '../../errors/openapi.ts';
import type { Services } from '../../services.ts';
import { UsageResponse } from './model.ts';
import { usageReport } from './service.ts';

export { UsageResponse } from './model.ts';

export function usageModule(services: Services) {
  return new Elysia({ name: 'usage' })
    .use(apiKeyAuth(services))
    .get('/api/v1/usage', ({ principal }) => usageReport(services, principal.accountId), {
      auth: 'apiKey',
      detail: {
        operationId: 'getUsage',
        tags: ['Account'],
        summary: 'Balance and usage',
        description:
          "Spendable and held credits, each grant with its expiry (soonest-expiring are spent first), and this UTC month's captured characters and credits per key.",
        responses: { 200: jsonResponse('Usage', UsageResponse), ...documentErrors(...AUTH_ERRORS) },
      },
    });
}
