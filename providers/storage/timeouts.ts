import type { AudioStorageV1 } from '../spec/v1/audio-storage.ts';

export class StorageTimeoutError extends Error {
  override name = 'StorageTimeoutError';
  constructor(operation: string, timeoutMs: number) {
    super(`storage ${operation} took longer than ${timeoutMs} ms`);
  }
}

function withTimeout<T>(operation: string, timeoutMs: number, call: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StorageTimeoutError(operation, timeoutMs)), timeoutMs);
  });
  return Promise.race([call(), expired]).finally(() => clearTimeout(timer));
}

/**
 * Puts a deadline on every storage call, so a frozen store (S3 stopped mid-connection, a hung NFS mount) fails the
 * call instead of holding a request or the job slot forever. An upload may run as long as its producer needs: only
 * the time the store itself holds control counts (opening, accepting each chunk, finishing), each stretch at most
 * `timeoutMs`. A call that times out is abandoned; the provider's own promise may settle later and is ignored.
 */
export function withStorageTimeouts(storage: AudioStorageV1, timeoutMs: number): AudioStorageV1 {
  const wrapped: AudioStorageV1 = {
    specificationVersion: storage.specificationVersion,
    id: storage.id,
    capabilities: storage.capabilities,
    get: (key, options) => withTimeout('get', timeoutMs, () => storage.get(key, options)),
    head: (key) => withTimeout('head', timeoutMs, () => storage.head(key)),
    delete: (key) => withTimeout('delete', timeoutMs, () => storage.delete(key)),
    healthy: () => withTimeout('health check', timeoutMs, () => storage.healthy()),
    put(key, body, options) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let timedOut: StorageTimeoutError | undefined;
      let rejectStalled: (error: Error) => void = () => {};
      const stalled = new Promise<never>((_, reject) => (rejectStalled = reject));
      // The store holds control from the call until it asks for the first chunk, and between taking a chunk and
      // asking for the next one, and after the last chunk until it resolves.
      const storeHolds = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = new StorageTimeoutError('upload', timeoutMs);
          rejectStalled(timedOut);
        }, timeoutMs);
      };
      const producerHolds = () => clearTimeout(timer);
      async function* watched() {
        const iterator = body[Symbol.asyncIterator]();
        try {
          while (true) {
            producerHolds();
            if (timedOut) throw timedOut;
            const next = await iterator.next();
            if (timedOut) throw timedOut;
            storeHolds();
            if (next.done) return;
            yield next.value;
          }
        } finally {
          await iterator.return?.();
        }
      }
      storeHolds();
      return Promise.race([storage.put(key, watched(), options), stalled]).finally(() => clearTimeout(timer));
    },
  };
  if (storage.presign) {
    const presign = storage.presign.bind(storage);
    wrapped.presign = (key, options) => withTimeout('presign', timeoutMs, () => presign(key, options));
  }
  return wrapped;
}
