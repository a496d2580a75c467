import type { PcmChunk } from '../spec/v1/speech-engine.ts';

export function abortError() {
  return new DOMException('The synthesis was aborted', 'AbortError');
}

/**
 * Adapts push-style worker messages to an async iterator. The consumer pulls at its own pace; chunks produced faster
 * than they are consumed wait in `buffered` (bounded by one request's audio, which the caller already split).
 */
export function streamJob(
  begin: (push: (chunk: PcmChunk) => void, finish: (error?: Error) => void) => () => void,
  cancel: () => void,
): AsyncIterable<PcmChunk> {
  return {
    [Symbol.asyncIterator]() {
      const buffered: PcmChunk[] = [];
      let done = false;
      let failure: Error | undefined;
      let wake: (() => void) | undefined;
      const cleanup = begin(
        (chunk) => {
          buffered.push(chunk);
          wake?.();
        },
        (error) => {
          done = true;
          failure = error;
          wake?.();
        },
      );
      return {
        async next(): Promise<IteratorResult<PcmChunk>> {
          while (true) {
            const chunk = buffered.shift();
            if (chunk) return { value: chunk, done: false };
            if (done) {
              cleanup();
              if (failure) throw failure;
              return { value: undefined, done: true };
            }
            await new Promise<void>((resolve) => (wake = resolve));
            wake = undefined;
          }
        },
        async return(): Promise<IteratorResult<PcmChunk>> {
          // The consumer stopped early: cancel the work it no longer wants.
          if (!done) cancel();
          done = true;
          buffered.length = 0;
          cleanup();
          return { value: undefined, done: true };
        },
      };
    },
  };
}
