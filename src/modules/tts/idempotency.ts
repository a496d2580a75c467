import { createHash } from 'node:crypto';
import type { Principal } from '../../auth/authenticate.ts';
import { AppError } from '../../errors/index.ts';
import type { Services } from '../../services.ts';

/** Response headers worth replaying (the rest are per-response). */
const REPLAYED_HEADERS = ['content-type', 'x-characters', 'x-credits-charged', 'location'];

/**
 * `Idempotency-Key` on POST /api/v1/tts: the first request with a key runs; a retry with the same key and body gets the
 * stored response (same bytes, no second charge); the same key with another body is 400 `idempotency_key_reused`; a
 * retry while the first is still running is 409 `conflict`. Only successes are kept (24 hours), so a retry after a
 * failure runs again. The stored copy is written as the response streams, and kept only if the stream completes.
 *
 * Whether a retry may run again depends only on whether the first response completed (and so was charged), never on
 * whether its copy could be stored: a completed response whose copy failed (full disk, S3 down) or later vanished
 * leaves the key completed without a body, and a retry is refused with 409 rather than run, and charged, again.
 */
export async function idempotent(
  services: Services,
  request: Request,
  principal: Principal,
  rawBody: string,
  run: () => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get('idempotency-key');
  if (key === null) return run();
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    throw new AppError('invalid_request', 'Idempotency-Key must be 1-255 visible ASCII characters.');
  const requestHash = createHash('sha256').update(rawBody).digest('hex');
  const begun = await services.idempotency.begin(principal.accountId, key, requestHash);
  if (begun.state === 'mismatch')
    throw new AppError(
      'idempotency_key_reused',
      'This Idempotency-Key was used with a different request body in the last 24 hours.',
    );
  if (begun.state === 'in_flight')
    throw new AppError(
      'conflict',
      'A request with this Idempotency-Key is still running; retry when it has finished.',
      { headers: { 'retry-after': '5' } },
    );
  if (begun.state === 'replay') {
    const record = begun.record;
    let stored: Awaited<ReturnType<Services['storage']['get']>> = null;
    if (record.responseBodyKey) {
      try {
        stored = await services.storage.get(record.responseBodyKey);
      } catch {
        throw new AppError(
          'unavailable',
          'The stored response to this Idempotency-Key cannot be read right now; retry shortly. Nothing was run or charged again.',
          { status: 503, headers: { 'retry-after': '30' } },
        );
      }
    }
    if (stored) {
      const headers = new Headers(JSON.parse(record.responseHeaders ?? '{}') as Record<string, string>);
      headers.set('idempotent-replayed', 'true');
      return new Response(stored.body, { status: record.responseStatus ?? 200, headers });
    }
    throw new AppError(
      'conflict',
      'The first request with this Idempotency-Key succeeded and was charged, but its response could not be kept for replay. It is not run again; send a new key to narrate again.',
    );
  }
  // An expired earlier use of this key may have left its body; this request now owns the key, so nothing races the delete.
  if (begun.staleBodyKey) await services.storage.delete(begun.staleBodyKey).catch(() => {});

  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await services.idempotency.release(principal.accountId, key);
    throw error;
  }
  if (response.status < 200 || response.status >= 300 || !response.body) {
    await services.idempotency.release(principal.accountId, key);
    return response;
  }
  const bodyKey = `idempotency/${principal.accountId}/${createHash('sha256').update(key).digest('hex')}`;
  const headers = Object.fromEntries(
    REPLAYED_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)!]] : [])),
  );
  const source = response.body.getReader();
  // Chunks for the stored copy; the client's stream and the copy advance together.
  const copy: Uint8Array[] = [];
  let wakeCopy: (() => void) | undefined;
  let finished: 'done' | 'failed' | undefined;
  async function* copyChunks() {
    while (true) {
      const chunk = copy.shift();
      if (chunk) {
        yield chunk;
        continue;
      }
      if (finished === 'done') return;
      if (finished === 'failed') throw new Error('response did not complete');
      await new Promise<void>((resolve) => (wakeCopy = resolve));
      wakeCopy = undefined;
    }
  }
  let copyFailed = false;
  const stored = services.storage
    .put(bodyKey, copyChunks(), { contentType: headers['content-type'] ?? 'application/octet-stream' })
    .then(
      () => true,
      (error) => {
        copyFailed = true;
        copy.length = 0;
        services.logger.warn('idempotent response copy not stored', { error: String(error) });
        return false;
      },
    );
  const settle = (outcome: 'done' | 'failed') => {
    finished = outcome;
    wakeCopy?.();
  };
  /** The response completed, so it was charged: the key is completed, with its copy or, failing that, without. */
  const completed = async () => {
    const kept = await stored;
    await services.idempotency.complete(principal.accountId, key, {
      status: response.status,
      headers,
      bodyKey: kept ? bodyKey : null,
    });
  };
  /** The response did not complete, so nothing was charged: the key is free for a fresh attempt. */
  const failed = async () => {
    if (await stored) await services.storage.delete(bodyKey).catch(() => {});
    await services.idempotency.release(principal.accountId, key);
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await source.read();
        if (next.done) {
          settle('done');
          // Delivered in full, so charged: from here the key must never be released (a retry would run and be
          // charged again). A failed write is retried in the background; meanwhile the key reads as in flight.
          await completed().catch((error) => {
            services.logger.error('recording an Idempotency-Key failed; retrying', { error: String(error) });
            retryInBackground(completed);
          });
          controller.close();
          return;
        }
        if (!copyFailed) {
          copy.push(next.value);
          wakeCopy?.();
        }
        controller.enqueue(next.value);
      } catch (error) {
        settle('failed');
        void failed().catch(() => {});
        controller.error(error);
      }
    },
    async cancel(reason) {
      settle('failed');
      await source.cancel(reason);
      await failed().catch(() => {});
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

/** Retries `write` with backoff (up to about a minute) without keeping the process alive. */
function retryInBackground(write: () => Promise<void>, attempt = 1): void {
  if (attempt > 8) return;
  const timer = setTimeout(
    () => {
      write().catch(() => retryInBackground(write, attempt + 1));
    },
    250 * 2 ** attempt,
  );
  timer.unref?.();
}
