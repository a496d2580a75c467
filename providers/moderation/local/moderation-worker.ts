/**
 * Screens long texts for the local moderator off the main thread, so a 1,000,000-character screening never blocks
 * the server's event loop (see index.ts).
 */
import { assess } from './classifier.ts';

declare const self: Worker;

self.onmessage = (event: MessageEvent<{ id: number; text: string }>) => {
  try {
    self.postMessage({ id: event.data.id, assessment: assess(event.data.text) });
  } catch (error) {
    self.postMessage({ id: event.data.id, error: error instanceof Error ? error.message : String(error) });
  }
};
