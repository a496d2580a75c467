/**
 * Screens long texts for the local moderator off the main thread, so a 1,000,000-character screening never blocks
 * the server's event loop (see index.ts).
 */
import { useNgramTable } from '../../language/detect.ts';
import type { NgramTable } from '../../language/ngram-table.ts';
import { assess } from './classifier.ts';
import { defaultModel, type Model, useTables } from './model.ts';
import type { SentenceReadings } from './windows.ts';

declare const self: Worker;

/**
 * The readings of the sentences of the long text whose parts this worker is screening (`screening`, its number), so
 * that a sentence met in another of its parts is read once, as one thread reads a text (windows.ts analyse).
 */
let current: { screening: number; readings: SentenceReadings } | undefined;

/**
 * The first message hands over the parent's language table and model (shared memory: nothing to parse or build);
 * then one text (a part of a long text's screening) per message, and the end of each screening.
 */
self.onmessage = (
  event: MessageEvent<
    | { table: NgramTable; model: ReturnType<Model['shared']> }
    | { id: number; text: string; screening?: number }
    | { done: number }
  >,
) => {
  const data = event.data;
  if ('table' in data) {
    useNgramTable(data.table);
    return useTables(data.model);
  }
  if ('done' in data) {
    if (current?.screening === data.done) current = undefined;
    return;
  }
  try {
    if (data.screening !== undefined && current?.screening !== data.screening)
      current = { screening: data.screening, readings: new Map() };
    const readings = data.screening === undefined ? undefined : current?.readings;
    self.postMessage({ id: data.id, assessment: assess(data.text, defaultModel(), readings) });
  } catch (error) {
    self.postMessage({ id: data.id, error: error instanceof Error ? error.message : String(error) });
  }
};
