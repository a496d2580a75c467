#!/usr/bin/env bun
import { createApp, MAX_REQUEST_BODY_BYTES } from './app.ts';
import { runAdmin } from './cli/admin.ts';
import { ConfigError, loadConfig } from './config/index.ts';
import { createServices } from './services.ts';
import { cameThroughTrustedProxy, recordClientAddress } from './lib/client-address.ts';
import { metricsResponse } from './modules/operations/index.ts';
import { VOICES } from './modules/voices/catalog.ts';
import { preloadLanguageDetector } from '../providers/language/detect.ts';
import { sweepSpoolFiles } from './audio/complete-file.ts';

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
        console.log(
          'usage: recite [serve] | recite admin <command> [options] (recite admin help) | recite mcp (stdio tool server; RECITE_URL, RECITE_API_KEY)',
        );
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
    console.error(
      'recite mcp: set RECITE_API_KEY to an API key (ksk_live_…) and RECITE_URL to the server (default http://127.0.0.1:8080)',
    );
    process.exitCode = 2;
    return;
  }
  await createMcpServer(httpApi(url, key)).connect(new StdioServerTransport());
}

async function serve() {
  const config = loadConfig();
  const services = createServices(config);
  // The server listens while the engines start and the catalog is checked against them (~1 s of the start-up,
  // mostly compiling and load-checking the engines' programs). Until then /healthz answers, /readyz says
  // `not_ready` (engine: starting), and every other request waits for the start-up to finish. A catalog voice an
  // engine cannot speak still stops the process, naming the voice, before anything is served with it.
  let started = false;
  const starting = services.start().then(() => {
    started = true;
  });
  // A request id set by a trusted proxy (load balancer, ingress) is kept, so its logs and ours share one id.
  const app = createApp(services, { trustsRequestId: cameThroughTrustedProxy });
  const answersWhileStarting = new Set(['/healthz', '/readyz']);
  // Each request's own abort switch, so a shutdown can end the requests still running after the grace period.
  const inFlight = new Set<AbortController>();
  const server = Bun.serve({
    hostname: config.host,
    port: config.port,
    fetch: async (incoming, bunServer) => {
      const controller = new AbortController();
      const request = new Request(incoming, { signal: AbortSignal.any([incoming.signal, controller.signal]) });
      recordClientAddress(request, bunServer.requestIP(incoming)?.address, config.trustedProxies);
      inFlight.add(controller);
      let response: Response;
      try {
        if (!started && !answersWhileStarting.has(new URL(request.url).pathname)) await starting;
        response = await app.fetch(request);
      } catch (error) {
        inFlight.delete(controller);
        throw error;
      }
      if (!response.body) {
        inFlight.delete(controller);
        return response;
      }
      // A streamed body (MP3, events) is still the request's work until it ends or the client leaves.
      const body = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({ flush: () => void inFlight.delete(controller) }),
      );
      request.signal.addEventListener('abort', () => inFlight.delete(controller), { once: true });
      return new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    },
    // Long MP3 streams and event streams outlive Bun's 10 s default.
    idleTimeout: 255,
    // Only a backstop: the app answers bodies over MAX_REQUEST_BODY_BYTES with the JSON 413 envelope, which needs
    // them to get past the server's own (bare) 413.
    maxRequestBodySize: 16 * MAX_REQUEST_BODY_BYTES,
  });
  services.logger.info('recite is listening', {
    url: server.url.href,
    engine: services.engine.id,
    workers: config.engineWorkers,
  });
  // Each voice's loudness is measured once, on first use (about 20 s of one engine worker for the whole catalog).
  // Half a minute after start-up, the voices nobody has used yet are measured one at a time while the engine is idle,
  // so later first requests do not wait for it. A running job counts as busy even between its parts, when the engine's
  // queue is empty: calibrating then woke the other engine's workers in the middle of a long Flite job, and the
  // server's peak memory rose from ~510 to ~670 MB (scripts/bench-long.ts). Measured as background work, it does not
  // start eSpeak's long JIT warm-up, which a real call does (it made a server that no request had used yet hold 7
  // workers and ~585 MB from 30 to 60 s after start).
  const calibrate = setTimeout(async () => {
    for (const voice of VOICES) {
      while (!stopping && (services.engine.queueDepth() > 0 || services.scheduler.runningCount > 0)) await sleep(1_000);
      if (stopping) return;
      await services.encoders.loudness
        .gain(services.engine, voice, 'normal', { background: true })
        .catch(() => undefined);
    }
    services.logger.debug('every voice is calibrated for loudness', { voices: VOICES.length });
  }, 30_000);
  calibrate.unref();
  // A separate listener for Prometheus, e.g. on an address only the monitoring network reaches; no token needed.
  const metricsServer = config.metricsAddress
    ? Bun.serve({
        hostname: config.metricsAddress.host,
        port: config.metricsAddress.port,
        fetch: (request) =>
          new URL(request.url).pathname === '/metrics'
            ? metricsResponse(services)
            : new Response('Not found\n', { status: 404 }),
      })
    : undefined;
  if (metricsServer) services.logger.info('metrics are served', { url: `${metricsServer.url.href}metrics` });

  let stopping = false;
  /**
   * Bounded: new connections are refused at once; requests and running jobs get RECITE_SHUTDOWN_GRACE_MS together.
   * Requests still running then are aborted (their reservations voided, so nothing stays held), connections are
   * closed, and running jobs are handed back to the queue for the next start.
   */
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const grace = config.shutdownGraceMs;
    services.logger.info('shutting down', { signal, graceMs: grace });
    const requestsDone = server.stop(false);
    const jobsDone = services.scheduler.drain(grace);
    const finished = await Promise.race([requestsDone.then(() => true), sleep(grace).then(() => false)]);
    if (!finished) {
      services.logger.warn('requests still running after the grace period; aborting them', { requests: inFlight.size });
      for (const controller of inFlight) controller.abort(new Error('server shutting down'));
      // Aborted handlers settle their reservations within a few ticks; then every connection is closed.
      await Promise.race([requestsDone, sleep(1_000)]);
      await server.stop(true);
    }
    await jobsDone;
    await metricsServer?.stop(true);
    await services.stop();
    process.exit(0);
  };
  starting.then(
    () => {
      services.logger.info('recite is ready', { startupMs: Math.round(performance.now()) });
      // The MP3s that processes killed mid-job left half-spooled in the temporary directory.
      sweepSpoolFiles().then(
        (removed) => {
          if (removed.length > 0) services.logger.info('removed spool files of stopped processes', { files: removed });
        },
        (error: unknown) =>
          services.logger.warn('could not sweep spool files', {
            error: error instanceof Error ? error.message : String(error),
          }),
      );
      // The language detector's tables take ~0.6 s to load, and the moderator's workers for long texts about as long:
      // after start-up, not during it, so start-up stays short and the first book screened does not wait for them.
      setTimeout(() => {
        preloadLanguageDetector();
        services.moderator.prepare?.();
      }, 0).unref();
    },
    async (error: unknown) => {
      if (stopping) return;
      stopping = true;
      services.logger.error('start-up failed', { error: error instanceof Error ? error.message : String(error) });
      await server.stop(true);
      await metricsServer?.stop(true);
      await services.stop().catch(() => {});
      process.exit(1);
    },
  );
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

await main(process.argv.slice(2));
