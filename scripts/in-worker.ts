/**
 * Runs a training script's function in a worker thread: the worker file (a two-line shim that calls the function on
 * the message it gets and posts back the result) gets `input` and answers once, then is stopped. The numbers are the
 * same as in the calling thread, which goes on meanwhile (train-moderation.ts trains its folds side by side).
 */
export function inWorker<Input, Output>(workerFile: URL, input: Input, what: string): Promise<Output> {
  const worker = new Worker(workerFile.href);
  return new Promise<Output>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<Output>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(`${what} failed: ${event.message}`));
    worker.postMessage(input);
  }).finally(() => worker.terminate());
}
