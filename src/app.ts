import { Elysia } from 'elysia';
import { withOwedHeaders } from './auth/authorize.ts';
import { AppError, errorResponse } from './errors/index.ts';
import { docsModule } from './modules/docs/index.ts';
import { filesModule } from './modules/jobs/index.ts';
import { openaiModule } from './modules/openai/index.ts';
import { usageModule } from './modules/usage/index.ts';
import { dashboardModule } from './modules/dashboard/index.ts';
import { ttsModule } from './modules/tts/index.ts';
import { voicesModule } from './modules/voices/index.ts';
import type { Services } from './services.ts';

/** The Elysia root: one error path, the feature modules, the docs. */
export function createApp(services: Services) {
  return new Elysia()
    .onError(({ code, error, request }) => {
      if (error instanceof AppError) return withOwedHeaders(request, errorResponse(error));
      switch (code) {
        case 'NOT_FOUND':
          return errorResponse(new AppError('not_found', `No route for ${request.method} ${new URL(request.url).pathname}.`));
        case 'PARSE':
        case 'VALIDATION':
          return errorResponse(new AppError('invalid_request', 'The request is malformed.'));
        default:
          services.logger.error('unhandled error', { code: String(code), error: error instanceof Error ? error.stack : String(error) });
          return errorResponse(new AppError('internal_error', 'Something went wrong on our side; nothing was charged.'));
      }
    })
    .use(docsModule())
    .get('/healthz', () => ({ status: 'ok' }), { detail: { hide: true } })
    .use(voicesModule(services))
    .use(ttsModule(services))
    .use(filesModule(services))
    .use(openaiModule(services))
    .use(usageModule(services))
    .use(dashboardModule(services));
}

export type App = ReturnType<typeof createApp>;
