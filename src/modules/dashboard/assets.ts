import { Elysia } from 'elysia';
// Embedded at build time, so the pages work offline and behind a firewall: no font or script host is ever asked.
import interFont from '../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2' with {
  type: 'file',
};
import clientScript from './client/dashboard-client.js' with { type: 'text' };
import { LOGO_SVG } from './views.ts';

const cached = (type: string) => ({ 'content-type': type, 'cache-control': 'public, max-age=3600' });

/** The logo, favicon, the Inter font (SIL OFL, from @fontsource-variable/inter) and the pages' script. */
export function assetsModule() {
  return new Elysia({ name: 'dashboard-assets' })
    .get('/favicon.svg', () => new Response(LOGO_SVG, { headers: cached('image/svg+xml') }), { detail: { hide: true } })
    .get('/favicon.ico', () => new Response(LOGO_SVG, { headers: cached('image/svg+xml') }), { detail: { hide: true } })
    .get('/assets/logo.svg', () => new Response(LOGO_SVG, { headers: cached('image/svg+xml') }), {
      detail: { hide: true },
    })
    .get('/assets/inter.woff2', () => new Response(Bun.file(interFont), { headers: cached('font/woff2') }), {
      detail: { hide: true },
    })
    .get(
      '/assets/dashboard.js',
      () => new Response(clientScript, { headers: cached('text/javascript; charset=utf-8') }),
      { detail: { hide: true } },
    );
}
