#!/usr/bin/env bun
import { createApp, MAX_REQUEST_BODY_BYTES } from './app.ts';
import { runAdmin } from './cli/admin.ts';
import { ConfigError, loadConfig } from './config/index.ts';
import { createServices } from './services.ts';
import { recordClientAddress } from './lib/client-address.ts';
import { metricsResponse } from './modules/operations/index.ts';

/** Entry: `recite` (serve), `recite admin …`. */
async function main(argv: string[]) {
  const [command = 'serve', ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        return await serve();
      case 'mcp':
        return await runMcpStdio();
      case 'admin':
        process.exitCode = await runAdmin(rest, loadConfig());
        return;
      case '--help':
      case 'help':
        console.log('usage: recite [serve] | recite admin <command> [options] (recite admin help) | recite mcp (stdio tool server; RECITE_URL, RECITE_API_KEY)');
        return;
      default:
        console.error(`unknown command "${command}" (try: recite help)`);
        process.exitCode = 2;
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exitCode = 2;
      return;
    }
    throw error;
  }
}

/** `recite mcp`: the tool server over stdio for assistant clients, calling a recite server with RECITE_API_KEY. */
async function runMcpStdio() {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const { createMcpServer, httpApi } = await import('./mcp/tools.ts');
  const key = process.env.RECITE_API_KEY;
  const url = process.env.RECITE_URL ?? 'http://127.0.0.1:8080';
  if (!key) {
    console.error('recite mcp: set RECITE_API_KEY to an API key (ksk_live_…) and RECITE_URL to the server (default http://127.0.0.1:8080)');
    process.exitCode = 2;
    return;
  }
  await createMcpServer(httpApi(url, key)).connect(new StdioServerTransport());
}

async function serve() {
  const config = loadConfig();
  const services = createServices(config);
  await services.start();
  const app = createApp(services);
  const server = Bun.serve({
    hostname: config.host,
    port: config.port,
    fetch: (request, bunServer) => {
      recordClientAddress(request, bunServer.requestIP(request)?.address);
      return app.fetch(request);
    },
    // Long MP3 streams and event streams outlive Bun's 10 s default.
    idleTimeout: 255,
    // Only a backstop: the app answers bodies over MAX_REQUEST_BODY_BYTES with the JSON 413 envelope, which needs
    // them to get past the server's own (bare) 413.
    maxRequestBodySize: 16 * MAX_REQUEST_BODY_BYTES,
  });
  services.logger.info('recite is listening', { url: server.url.href, engine: services.engine.id, workers: config.engineWorkers });
  // A separate listener for Prometheus, e.g. on an address only the monitoring network reaches; no token needed.
  const metricsServer = config.metricsAddress
    ? Bun.serve({
        hostname: config.metricsAddress.host,
        port: config.metricsAddress.port,
        fetch: (request) =>
          new URL(request.url).pathname === '/metrics' ? metricsResponse(services) : new Response('Not found\n', { status: 404 }),
      })
    : undefined;
  if (metricsServer) services.logger.info('metrics are served', { url: `${metricsServer.url.href}metrics` });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    services.logger.info('shutting down', { signal });
    await server.stop(false);
    await metricsServer?.stop(true);
    await services.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main(process.argv.slice(2));
