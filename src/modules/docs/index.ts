import { openapi } from '@elysiajs/openapi';
// Served from the binary so the docs page works offline.
import scalarBundle from '../../../node_modules/@scalar/api-reference/dist/browser/standalone.js' with { type: 'file' };
import { Elysia } from 'elysia';
import { ERROR_CODES, ERROR_STATUS } from '../../errors/index.ts';

const ERROR_TABLE = ERROR_CODES.map((code) => `| ${ERROR_STATUS[code]} | \`${code}\` |`).join('\n');

export function docsModule() {
  return new Elysia({ name: 'docs' })
    .get('/docs/scalar.js', () => new Response(Bun.file(scalarBundle), { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=86400' } }), {
      detail: { hide: true },
    })
    .use(
      openapi({
        path: '/docs',
        specPath: '/openapi.json',
        scalar: { cdn: '/docs/scalar.js' } as NonNullable<Parameters<typeof openapi>[0]>['scalar'],
        documentation: {
          info: {
            title: 'recite narration API',
            version: '1.0.0',
            description: `Text to MP3 narration, billed per character from a credit balance (1 credit per 10 characters, minimum 1).\n\nAuthenticate with \`Authorization: Bearer ksk_live_…\`. Every error is \`{ "error": { "code", "message" } }\`; a failed request is never charged.\n\n| Status | Code |\n|---|---|\n${ERROR_TABLE}`,
            license: { name: 'GPL-3.0-or-later', identifier: 'GPL-3.0-or-later' },
          },
          // Relative: the document describes the server that serves it, wherever it is deployed.
          servers: [{ url: '/', description: 'This recite server' }],
          components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key, `ksk_live_…`' } } },
        },
      }),
    );
}
