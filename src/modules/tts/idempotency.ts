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
 */
export async function idempotent(services: Services, request: Request, principal: Principal, rawBody: string, run: () => Promise<Response>): Promise<Response> {
  const key = request.headers.get('idempotency-key');
  if (key === null) return run();
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new AppError('invalid_request', 'Idempotency-Key must be 1-255 visible ASCII characters.');
  const requestHash = createHash('sha256').update(rawBody).digest('hex');
  const begun = services.idempotency.begin(principal.accountId, key, requestHash);
  if (begun.state === 'mismatch') throw new AppError('idempotency_key_reused', 'This Idempotency-Key was used with a different request body in the last 24 hours.');
  if (begun.state === 'in_flight') throw new AppError('conflict', 'A request with this Idempotency-Key is still running; retry when it has finished.', { headers: { 'retry-after': '5' } });
  if (begun.state === 'replay') {
    const record = begun.record;
    const stored = record.responseBodyKey ? await services.storage.get(record.responseBodyKey) : null;
    if (stored) {
      const headers = new Headers(JSON.parse(record.responseHeaders ?? '{}') as Record<string, string>);
      headers.set('idempotent-replayed', 'true');
      return new Response(stored.body, { status: record.responseStatus ?? 200, headers });
    }
    // The stored body is gone (storage wiped): run again rather than fail. `forget` drops the completed row, so the
    // next `begin` claims the key afresh instead of finding the same replay again.
    services.idempotency.forget(principal.accountId, key);
    return idempotent(services, request, principal, rawBody, run);
  }
  // An expired earlier use of this key may have left its body; this request now owns the key, so nothing races the delete.
  if (begun.staleBodyKey) await services.storage.delete(begun.staleBodyKey).catch(() => {});

  let response: Response;
  try {
    response = await run();
  } catch (error) {
    services.idempotency.release(principal.accountId, key);
    throw error;
  }
  if (response.status < 200 || response.status >= 300 || !response.body) {
    services.idempotency.release(principal.accountId, key);
    return response;
  }
  const bodyKey = `idempotency/${principal.accountId}/${createHash('sha256').update(key).digest('hex')}`;
  const headers = Object.fromEntries(REPLAYED_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)!]] : [])));
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
  const stored = services.storage.put(bodyKey, copyChunks(), { contentType: headers['content-type'] ?? 'application/octet-stream' }).then(
    () => services.idempotency.complete(principal.accountId, key, { status: response.status, headers, bodyKey }),
    () => services.idempotency.release(principal.accountId, key),
  );
  const settle = (outcome: 'done' | 'failed') => {
    finished = outcome;
    wakeCopy?.();
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await source.read();
        if (next.done) {
          settle('done');
          await stored;
          controller.close();
          return;
        }
        copy.push(next.value);
        wakeCopy?.();
        controller.enqueue(next.value);
      } catch (error) {
        settle('failed');
        controller.error(error);
      }
    },
    async cancel(reason) {
      settle('failed');
      await source.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}
