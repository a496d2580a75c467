import { Elysia } from 'elysia';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { authorizeApiRequest, withOwedHeaders } from './auth/authorize.ts';
import { createMcpServer, type ApiCall } from './mcp/tools.ts';
import { AppError, errorResponse } from './errors/index.ts';
import { docsModule } from './modules/docs/index.ts';
import { operationsModule } from './modules/operations/index.ts';
import { requestObservability, type RequestObservabilityOptions } from './observability/http.ts';
import { filesModule } from './modules/jobs/index.ts';
import { openaiModule } from './modules/openai/index.ts';
import { usageModule } from './modules/usage/index.ts';
import { dashboardModule } from './modules/dashboard/index.ts';
import { browserErrorPage } from './modules/dashboard/error-page.ts';
import { storybooksModule } from './modules/storybooks/index.ts';
import { ttsModule } from './modules/tts/index.ts';
import { voicesModule } from './modules/voices/index.ts';
import type { Services } from './services.ts';

/** The Elysia root: one error path, the feature modules, the docs. */
export function createApp(services: Services, options: RequestObservabilityOptions = {}) {
  const app = new Elysia()
    .use(requestObservability(services, options))
    // Browsers sniffing a JSON error or an MP3 as HTML is how stored XSS starts: nothing is sniffed.
    .onRequest(({ set }) => {
      set.headers['x-content-type-options'] = 'nosniff';
    })
    // The envelope for API clients; browsers navigating get the same error as a page (see error-page.ts).
    .onError(({ code, error, request }) => browserErrorPage(request, (() => {
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
    })()))
    .use(docsModule())
    .use(operationsModule(services))
    .use(voicesModule(services))
    .use(ttsModule(services))
    .use(filesModule(services))
    .use(openaiModule(services))
    .use(usageModule(services))
    .use(dashboardModule(services))
    .use(storybooksModule(services))
    .all(
      '/mcp',
      async ({ request }) => {
        // Stateless Streamable HTTP: each request gets a server whose tools call this app with the caller's own key.
        authorizeApiRequest(services, request);
        const authorization = request.headers.get('authorization')!;
        const api: ApiCall = async (method, path, body) => {
          const response = await app.handle(new Request(`http://recite.internal${path}`, { method, headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined }));
          return { status: response.status, json: await response.json().catch(() => ({})) };
        };
        const server = createMcpServer(api);
        const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        await server.connect(transport);
        return withOwedHeaders(request, await transport.handleRequest(request));
      },
      { parse: 'none', detail: { tags: ['MCP'], summary: 'MCP tool server (Streamable HTTP)', description: 'Tools create_audio_story, create_talking_storybook, get_storybook_status and list_characters, for AI assistant clients. Bearer key as for the API.', security: [{ bearer: [] }] } },
    );
  return app;
}

export type App = ReturnType<typeof createApp>;
