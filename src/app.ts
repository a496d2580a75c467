import { Elysia, ValidationError } from 'elysia';
import { apiKeyAuth, INVALID_JSON, markInternal } from './auth/api-key-auth.ts';
import { AppError, type ErrorCode, errorResponse } from './errors/index.ts';
import { AUTH_ERRORS, documentErrors } from './errors/openapi.ts';
import type { ApiCall } from './mcp/tools.ts';
import { dashboardModule } from './modules/dashboard/index.ts';
import { browserErrorPage } from './modules/dashboard/error-page.ts';
import { docsModule } from './modules/docs/index.ts';
import { operationsModule } from './modules/operations/index.ts';
import { requestObservability, type RequestObservabilityOptions } from './observability/http.ts';
import { filesModule } from './modules/jobs/index.ts';
import { openaiModule } from './modules/openai/index.ts';
import { storybooksModule } from './modules/storybooks/index.ts';
import { ttsModule } from './modules/tts/index.ts';
import { usageModule } from './modules/usage/index.ts';
import { voicesModule } from './modules/voices/index.ts';
import { MAX_REQUEST_BODY_BYTES } from './lib/body-limit.ts';
import type { Services } from './services.ts';

export { MAX_REQUEST_BODY_BYTES };

/** The Elysia root: one error path, the feature modules, the docs. */
export function createApp(services: Services, options: RequestObservabilityOptions = {}) {
  let routeMethods: { pattern: RegExp; method: string }[] | undefined;
  /** Methods some route serves at this path (for 405 + Allow); built once, after every module is registered. */
  const methodsFor = (pathname: string): string[] => {
    const routes: { path: string; method: string }[] = app.routes;
    routeMethods ??= routes.map((route) => ({ pattern: routePattern(route.path), method: route.method }));
    const methods = new Set<string>(
      routeMethods.filter((route) => route.pattern.test(pathname)).map((route) => route.method),
    );
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].filter((method) => method !== 'ALL').sort();
  };

  const app = new Elysia()
    .use(requestObservability(services, options))
    // Browsers sniffing a JSON error or an MP3 as HTML is how stored XSS starts: nothing is sniffed.
    .onRequest(({ set }) => {
      set.headers['x-content-type-options'] = 'nosniff';
    })
    .onRequest(({ request }) => {
      const length = Number(request.headers.get('content-length') ?? 0);
      if (length > MAX_REQUEST_BODY_BYTES) {
        const message = `The request body is ${length} bytes; the limit is ${MAX_REQUEST_BODY_BYTES}.`;
        throw new AppError('payload_too_large', message);
      }
    })
    // The envelope for API clients; browsers navigating get the same error as a page (see error-page.ts).
    .onError(({ code, error, request }) =>
      browserErrorPage(
        request,
        (() => {
          if (error instanceof AppError) return errorResponse(error);
          switch (code) {
            case 'NOT_FOUND': {
              const pathname = new URL(request.url).pathname;
              const allowed = methodsFor(pathname);
              if (allowed.length > 0 && !allowed.includes(request.method)) {
                const message = `${request.method} is not served at ${pathname}; use ${allowed.join(', ')}.`;
                return errorResponse(
                  new AppError('method_not_allowed', message, { headers: { allow: allowed.join(', ') } }),
                );
              }
              return errorResponse(new AppError('not_found', `No route for ${request.method} ${pathname}.`));
            }
            case 'PARSE':
              // A parser's own refusal (a body over the limit) arrives wrapped.
              if (error.cause instanceof AppError) return errorResponse(error.cause);
              return errorResponse(new AppError('invalid_request', 'The request body must be a JSON object.'));
            case 'VALIDATION':
              return errorResponse(validationError(error as ValidationError));
            default:
              services.logger.error('unhandled error', {
                code: String(code),
                error: error instanceof Error ? error.stack : String(error),
              });
              return errorResponse(
                new AppError('internal_error', 'Something went wrong on our side; nothing was charged.'),
              );
          }
        })(),
      ),
    )
    .use(apiKeyAuth(services))
    .use(docsModule())
    .use(operationsModule(services))
    .use(voicesModule(services))
    .use(ttsModule(services))
    .use(filesModule(services))
    .use(openaiModule(services))
    .use(usageModule(services))
    .use(dashboardModule(services))
    .use(storybooksModule(services))
    .post(
      '/mcp',
      async ({ request }) => {
        // Stateless Streamable HTTP: each request gets a server whose tools call this app with the caller's own key.
        // The key's rate limit was spent once for this request; the tools' own calls are marked internal.
        const authorization = request.headers.get('authorization') ?? '';
        // Links in tool results must work for the assistant: the public URL, else the origin this request reached.
        const origin = services.config.publicUrl ?? new URL(request.url).origin;
        const api: ApiCall = async (method, path, body, headers = {}) => {
          const init: RequestInit = {
            method,
            headers: { authorization, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          };
          const response = await app.handle(markInternal(new Request(`${origin}${path}`, init)));
          return { status: response.status, json: await response.json().catch(() => ({})) };
        };
        // Loaded on the first MCP call: the SDK and its schemas took ~0.1 s of every start-up.
        const [{ createMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await Promise.all([
          import('./mcp/tools.ts'),
          import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
        ]);
        const server = createMcpServer(api);
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        await server.connect(transport);
        return transport.handleRequest(request);
      },
      {
        auth: 'apiKey',
        parse: 'none',
        detail: {
          tags: ['MCP'],
          operationId: 'mcp',
          summary: 'MCP tool server (Streamable HTTP)',
          description:
            'JSON-RPC 2.0 messages of the Model Context Protocol (stateless Streamable HTTP, JSON responses). Tools: ' +
            'create_audio_story, create_talking_storybook, get_storybook_status and list_characters. Each request ' +
            "spends the key's rate limit once; the tools' own polling never does. GET and DELETE answer 405 (no " +
            'server-initiated stream, no sessions).',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 request.' } } },
          },
          responses: {
            200: {
              description: 'The JSON-RPC response.',
              content: { 'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 response.' } } },
            },
            202: { description: 'A notification or response was accepted (no body).' },
            ...documentErrors('invalid_request', ...AUTH_ERRORS),
          },
        },
      },
    );
  return app;
}

export type App = ReturnType<typeof createApp>;

/** `/a/:id/*` -> ^/a/[^/]+/.*$ */
function routePattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/** A body that fails its TypeBox model: the spec's code for the field when the schema names one (`errorCode`). */
function validationError(error: ValidationError): AppError {
  if (error.type === 'body' && error.value === INVALID_JSON) {
    return new AppError('invalid_request', 'The request body must be JSON.');
  }
  const first = error.valueError;
  const field = first?.path ? first.path.replace(/^\//, '').replaceAll('/', '.') : '';
  const code = ((first?.schema as { errorCode?: ErrorCode } | undefined)?.errorCode ?? 'invalid_request') as ErrorCode;
  const where = error.type === 'query' ? 'query parameter' : 'field';
  const detail = first?.schema?.description ? ` ${first.schema.description}` : '';
  const message = field
    ? `The ${where} \`${field}\` is missing or invalid: ${first?.message ?? 'unexpected value'}.${detail}`
    : `The request ${error.type === 'query' ? 'query' : 'body'} is invalid: ${first?.message ?? 'unexpected value'}.`;
  return new AppError(code, message);
}
