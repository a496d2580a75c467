import { openapi } from '@elysiajs/openapi';
// Served from the binary so the docs page works offline.
import scalarBundle from '../../../node_modules/@scalar/api-reference/dist/browser/standalone.js' with { type: 'file' };
import { Elysia } from 'elysia';
import { ERROR_CODES, ERROR_STATUS } from '../../errors/index.ts';
import { PAGE_SECURITY_HEADERS, scriptJson } from '../dashboard/views.ts';

const ERROR_TABLE = ERROR_CODES.map((code) => `| ${ERROR_STATUS[code]} | \`${code}\` |`).join('\n');

/**
 * Scalar's options for a self-hosted page that never talks to another host: no default fonts (Inter comes from this
 * server), no request proxy (the try-it client calls this server directly, same origin), none of the vendor's hosted
 * features (AI agent, client/deploy/share toolbar, telemetry), and the Bearer scheme picked for "Try it".
 */
export const SCALAR_CONFIGURATION = {
  url: '/openapi.json',
  withDefaultFonts: false,
  proxyUrl: '',
  telemetry: false,
  agent: { disabled: true },
  hideClientButton: true,
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  authentication: { preferredSecurityScheme: 'bearer' },
  favicon: '/favicon.svg',
  // Inter from this server, and the light theme's muted and method colours darkened to pass WCAG AA contrast.
  customCss: [
    ':root{--scalar-font:Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
    '.light-mode{--scalar-color-2:#454c5a;--scalar-color-3:#545d70;--scalar-sidebar-color-2:#454c5a;--scalar-color-blue:#1a5aa8;',
    '--scalar-color-green:#0b6b3a;--scalar-color-orange:#9a4a08;--scalar-color-red:#b3261e;--scalar-color-purple:#5b2bb5;--scalar-color-yellow:#6f5400}',
  ].join(''),
};

// Starts Scalar from the JSON block, so the page has no inline script and its policy can stay script-src 'self'.
const INIT_SCRIPT = `Scalar.createApiReference('#app', JSON.parse(document.getElementById('scalar-configuration').textContent));`;

const DOCS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>API reference · recite</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>@font-face{font-family:"Inter";font-style:normal;font-weight:100 900;font-display:swap;src:url(/assets/inter.woff2) format("woff2")}body{margin:0}</style></head>
<body><div id="app"></div><script type="application/json" id="scalar-configuration">${scriptJson(SCALAR_CONFIGURATION)}</script>
<script src="/docs/scalar.js"></script><script src="/docs/init.js"></script></body></html>`;

// Scalar builds its styles at run time (inline <style> and style attributes) and its code editor compiles nothing:
// scripts stay 'self' only; only styles need 'unsafe-inline'.
const DOCS_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  ...PAGE_SECURITY_HEADERS,
};

export function docsModule() {
  return new Elysia({ name: 'docs' })
    .get(
      '/docs/scalar.js',
      () =>
        new Response(Bun.file(scalarBundle), {
          headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=86400' },
        }),
      {
        detail: { hide: true },
      },
    )
    .get(
      '/docs/init.js',
      () =>
        new Response(INIT_SCRIPT, {
          headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
        }),
      { detail: { hide: true } },
    )
    .get('/docs', () => new Response(DOCS_PAGE, { headers: DOCS_HEADERS }), { detail: { hide: true } })
    .use(
      openapi({
        path: '/docs',
        specPath: '/openapi.json',
        // The page above replaces the plugin's, which loads from a CDN and carries an inline script.
        provider: null,
        documentation: {
          info: {
            title: 'recite narration API',
            version: '1.0.0',
            description: `Text to MP3 narration, billed per character from a credit balance (1 credit per 10 characters, minimum 1).\n\nAuthenticate with \`Authorization: Bearer ksk_live_…\`. Every error is \`{ "error": { "code", "message" } }\`; a failed request is never charged.\n\n| Status | Code |\n|---|---|\n${ERROR_TABLE}`,
            license: { name: 'GPL-3.0-or-later', identifier: 'GPL-3.0-or-later' },
          },
          // Relative: the document describes the server that serves it, wherever it is deployed.
          servers: [{ url: '/', description: 'This recite server' }],
          components: {
            securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key, `ksk_live_…`' } },
          },
        },
      }),
    );
}
