/**
 * Screens long texts for the local moderator off the main thread, so a 1,000,000-character screening never blocks
 * the server's event loop (see index.ts).
 */
import { useNgramTable } from '../../language/detect.ts';
import type { NgramTable } from '../../language/ngram-table.ts';
import { assess } from './classifier.ts';
import { type Model, useTables } from './model.ts';

declare const self: Worker;

/**
 * The first message hands over the parent's language table and model (shared memory: nothing to parse or build);
 * then one text per message.
 */
self.onmessage = (
  event: MessageEvent<{ table: NgramTable; model: ReturnType<Model['shared']> } | { id: number; text: string }>,
) => {
  const data = event.data;
  if ('table' in data) {
    useNgramTable(data.table);
    return useTables(data.model);
  }
  try {
    self.postMessage({ id: data.id, assessment: assess(data.text) });
  } catch (error) {
    self.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
  }
};
