import type { ModerationProviderV1 } from '../../spec/v1/moderation.ts';
import { workerUrl } from '../../../src/lib/worker-url.ts';
import { type Assessment, assess, verdictOf } from './classifier.ts';

/** The verdict of an assessment (flagged categories and the worst span). */
export function verdictOfAssessment(assessment: Assessment) {
  return verdictOf(assessment.best);
}

/** What the local moderator does with text in a script or language it cannot judge, when no second stage is set. */
export type UnjudgedPolicy = 'reject' | 'accept';

export interface LocalModerator extends ModerationProviderV1 {
  /** The full assessment: scores, grey zone and the spans it cannot judge (used by the cascade, cascade.ts). */
  assess(text: string): Promise<Assessment>;
}

/** Texts longer than this are screened in a worker thread: the event loop stays free while a book is scored. */
export const WORKER_THRESHOLD = 50_000;

// Bun's Worker can be (un)referenced like a Node handle: an idle worker must not keep the process alive.
type RefWorker = Worker & { ref(): void; unref(): void };
let worker: RefWorker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (assessment: Assessment) => void; reject: (error: Error) => void }>();

function inWorker(text: string): Promise<Assessment> {
  if (!worker) {
    worker = new Worker(
      workerUrl(import.meta.url, './moderation-worker.ts', 'providers/moderation/local/moderation-worker.ts'),
    ) as RefWorker;
    worker.onmessage = (event: MessageEvent<{ id: number; assessment?: Assessment; error?: string }>) => {
      const waiting = pending.get(event.data.id);
      pending.delete(event.data.id);
      if (pending.size === 0) worker?.unref();
      if (event.data.assessment) waiting?.resolve(event.data.assessment);
      else waiting?.reject(new Error(event.data.error ?? 'moderation worker failed'));
    };
    worker.onerror = (event) => {
      // A crashed worker fails every screening it held (closed), and the next long text starts a fresh one.
      for (const waiting of pending.values()) waiting.reject(new Error(event.message || 'moderation worker crashed'));
      pending.clear();
      worker?.terminate();
      worker = undefined;
    };
  }
  const id = ++nextId;
  worker.ref();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker!.postMessage({ id, text });
  });
}

/**
 * The embedded, offline moderator (default). It cannot be unreachable, so it only fails on a bug, and fails closed.
 * `unjudged` says what happens to text it cannot read when it is the only stage: `reject` (default) reports it, so
 * recite answers content_rejected; `accept` lets it through.
 */
export function createLocalModerator(options: { unjudged?: UnjudgedPolicy } = {}): LocalModerator {
  const policy = options.unjudged ?? 'reject';
  const assessText = (text: string) =>
    text.length > WORKER_THRESHOLD ? inWorker(text) : Promise.resolve(assess(text));
  return {
    specificationVersion: 'v1',
    id: 'local',
    capabilities: { maxCharactersPerCall: 1_000_000, concurrency: 1, offline: true },
    assess: assessText,
    async moderate(text) {
      try {
        const assessment = await assessText(text);
        const verdict = verdictOf(assessment.best);
        if (!verdict.flagged && policy === 'reject' && assessment.unjudged.length > 0)
          verdict.unjudged = assessment.unjudged[0];
        return { ok: true, verdict };
      } catch (error) {
        return {
          ok: false,
          reason: 'malformed_response',
          detail: error instanceof Error ? error.message : String(error),
        };
      }
    },
  };
}
