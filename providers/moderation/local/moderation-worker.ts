/**
 * Screens long texts for the local moderator off the main thread, so a 1,000,000-character screening never blocks
 * the server's event loop (see index.ts).
 */
import { useNgramTable } from '../../language/detect.ts';
import type { NgramTable } from '../../language/ngram-table.ts';
import { assess } from './classifier.ts';

declare const self: Worker;

/** The first message hands over the parent's language table (shared memory); then one text per message. */
self.onmessage = (event: MessageEvent<{ table: NgramTable } | { id: number; text: string }>) => {
  const data = event.data;
  if ('table' in data) return useNgramTable(data.table);
  try {
    self.postMessage({ id: data.id, assessment: assess(data.text) });
  } catch (error) {
    self.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
  }
};
