/**
 * Runs train-grams.ts crossFit in a worker thread (train-grams.ts crossFitAside): its arguments in, its result out.
 */
import { crossFit } from './train-grams.ts';

declare const self: Worker;

self.onmessage = (event: MessageEvent<Parameters<typeof crossFit>>) => {
  self.postMessage(crossFit(...event.data));
};
