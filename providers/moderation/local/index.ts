import type { ModerationProviderV1 } from '../../spec/v1/moderation.ts';
import { workerUrl } from '../../../src/lib/worker-url.ts';
import { type Assessment, assess, verdictOf } from './classifier.ts';
import { defaultModel } from './model.ts';
import { ngramTable } from '../../language/detect.ts';

/** The verdict of an assessment (flagged categories and the worst span). */
export function verdictOfAssessment(assessment: Assessment) {
  return verdictOf(assessment.best);
}

/** What the local moderator does with text in a script or language it cannot judge, when no second stage is set. */
export type UnjudgedPolicy = 'reject' | 'accept';

export interface LocalModerator extends ModerationProviderV1 {
  /** The full assessment: scores, grey zone and the spans it cannot judge (used by the cascade, cascade.ts). */
  assess(text: string): Promise<Assessment>;
  /** Starts the workers that screen long texts, each with its tables loaded. */
  prepare(): void;
  /** Stops those workers as soon as they are idle. */
  release(): void;
}

/** Texts longer than this are screened in a worker thread: the event loop stays free while a book is scored. */
export const WORKER_THRESHOLD = 50_000;

/** Long texts are screened by this many workers at once (2 cores). */
export const WORKERS = 2;
/**
 * A long text is cut at paragraph breaks into parts of about this many characters (at least one per worker, at most
 * PARTS_PER_WORKER each), which the workers take in turn as they finish: a book's paragraphs do not all cost the same
 * (on the dense book of bench-moderation, its two halves took 672 and 838 ms), so cut in halves, one worker waited.
 */
const PART_CHARACTERS = 125_000;
const PARTS_PER_WORKER = 4;

// Bun's Worker can be (un)referenced like a Node handle: an idle worker must not keep the process alive.
type RefWorker = Worker & { ref(): void; unref(): void };
const workers: (RefWorker | undefined)[] = [];
let nextId = 0;
/** Numbers a long text's screening, whose parts' sentence readings a worker keeps until it is done. */
let nextScreening = 0;
const pending = new Map<
  number,
  {
    slot: number;
    /** A part of a long text (not a warm-up). */
    long: boolean;
    resolve: (assessment: Assessment) => void;
    reject: (error: Error) => void;
  }
>();

/**
 * The workers stop after this long without a screening, as the engines' do (RECITE_ENGINE_IDLE_STOP_MS; 0 keeps
 * them): each holds its word tables and the heap of its screenings (the language table and the model are the
 * server's, shared), which a server that screens only short texts keeps for nothing. The next long text starts them
 * again.
 */
let workersIdleMs = 60_000;
/**
 * After a long text, they stop much sooner: a long text is most often a job's, and the job's synthesis starts its
 * engine workers next, for minutes. Measured on a 400,000-character eSpeak job: 650-690 MB while the screening workers
 * stayed, 430-470 MB once they had gone.
 */
const AFTER_LONG_TEXT_MS = 3_000;
let stopTimer: ReturnType<typeof setTimeout> | undefined;
/** release() was called while a screening was running: stop as soon as none is. */
let releaseWhenIdle = false;
/** Long texts being screened now (between two of a text's parts, no part may be pending). */
let screenings = 0;

/** Stop the workers once nothing has been sent to them for `delayMs`. */
function stopWorkersAfter(delayMs: number) {
  clearTimeout(stopTimer);
  stopTimer = undefined;
  if (workersIdleMs <= 0) return;
  stopTimer = setTimeout(() => {
    if (pending.size === 0) stopWorkers();
  }, delayMs);
  stopTimer.unref?.();
}

/** Once nothing is pending or being screened: stop the workers if release() asked, else after their idle time. */
function settle(long: boolean) {
  if (pending.size > 0 || screenings > 0) return;
  if (releaseWhenIdle) stopWorkers();
  else stopWorkersAfter(long ? Math.min(workersIdleMs, AFTER_LONG_TEXT_MS) : workersIdleMs);
}

/** How many long-text workers are running now (they start on a long text or prepare(), and stop when idle). */
export function runningWorkers(): number {
  return workers.filter(Boolean).length;
}

function stopWorkers() {
  clearTimeout(stopTimer);
  stopTimer = undefined;
  releaseWhenIdle = false;
  workers.forEach((worker, slot) => {
    worker?.terminate();
    workers[slot] = undefined;
  });
}

function workerAt(slot: number): RefWorker {
  const existing = workers[slot];
  if (existing) return existing;
  const worker = new Worker(
    workerUrl(import.meta.url, './moderation-worker.ts', 'providers/moderation/local/moderation-worker.ts'),
  ) as RefWorker;
  const idle = () => ![...pending.values()].some((waiting) => waiting.slot === slot);
  worker.onmessage = (event: MessageEvent<{ id: number; assessment?: Assessment; error?: string }>) => {
    const waiting = pending.get(event.data.id);
    pending.delete(event.data.id);
    if (idle()) worker.unref();
    settle(waiting?.long ?? false);
    if (event.data.assessment) waiting?.resolve(event.data.assessment);
    else waiting?.reject(new Error(event.data.error ?? 'moderation worker failed'));
  };
  worker.onerror = (event) => {
    // A crashed worker fails every screening it held (closed), and the next long text starts a fresh one.
    for (const [id, waiting] of pending) {
      if (waiting.slot !== slot) continue;
      pending.delete(id);
      waiting.reject(new Error(event.message || 'moderation worker crashed'));
    }
    worker.terminate();
    workers[slot] = undefined;
  };
  // The language table and the model first: the worker detects and scores with the server's copies (shared memory)
  // instead of reading and building its own. Measured on a 1,000,000-character book, two workers on two cores: the
  // first book 1.97-2.01 s -> 1.31-1.37 s; the process's RSS after it 569-752 MB -> 266-278 MB.
  worker.postMessage({ table: ngramTable(), model: defaultModel().shared() });
  workers[slot] = worker;
  return worker;
}

/** Screens `text` in a worker: a part of the long text `screening` (whose sentences' readings it keeps), or a warm-up. */
function inWorker(slot: number, text: string, screening?: number): Promise<Assessment> {
  const worker = workerAt(slot);
  const id = ++nextId;
  worker.ref();
  clearTimeout(stopTimer);
  return new Promise((resolve, reject) => {
    pending.set(id, { slot, long: screening !== undefined, resolve, reject });
    worker.postMessage({ id, text, screening });
  });
}

/** A few sentences in the model's languages: screening them loads a worker's model, word tables and detector. */
const WARM_UP_TEXT = [
  'The lighthouse keeper climbed the stairs.',
  'El farero subió las escaleras.',
  'Le gardien du phare montait les marches.',
  'Der Leuchtturmwärter stieg die Treppe hinauf.',
  'O faroleiro subia as escadas.',
  'Il guardiano del faro saliva le scale.',
].join(' ');

/**
 * Where to cut a long text into `parts` pieces: at the paragraph break nearest each even share. Windows of words never
 * cross a paragraph (windows.ts), so the parts' assessments together are the whole text's, except that the sentence
 * on each side of a cut loses the other side's context cues, which can only lower a score: stricter, never laxer.
 */
export function paragraphCuts(text: string, parts: number): number[] {
  const cuts = [0];
  for (let part = 1; part < parts; part++) {
    const target = Math.floor((text.length * part) / parts);
    const after = text.indexOf('\n\n', target);
    const before = text.lastIndexOf('\n\n', target);
    const cut = after < 0 ? before : before < 0 ? after : target - before <= after - target ? before : after;
    if (cut > cuts[cuts.length - 1]!) cuts.push(cut);
  }
  return cuts;
}

/** The assessment of a long text, its parts screened in parallel and merged with their offsets. */
async function inWorkers(text: string): Promise<Assessment> {
  const cuts = paragraphCuts(
    text,
    Math.max(WORKERS, Math.min(WORKERS * PARTS_PER_WORKER, Math.round(text.length / PART_CHARACTERS))),
  );
  const parts: Assessment[] = [];
  let next = 0;
  let failed = false;
  const screening = ++nextScreening;
  screenings++;
  releaseWhenIdle = false;
  try {
    // Each worker takes the next part when it is done with one; a failure ends the screening (closed).
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, slot) => {
        while (!failed && next < cuts.length) {
          const index = next++;
          try {
            parts[index] = await inWorker(slot, text.slice(cuts[index]!, cuts[index + 1] ?? text.length), screening);
          } catch (error) {
            failed = true;
            throw error;
          }
        }
      }),
    );
  } finally {
    // The workers let go of this text's readings.
    for (const worker of workers) worker?.postMessage({ done: screening });
    screenings--;
    settle(true);
  }
  const merged: Assessment = {
    best: parts[0]!.best.map(() => ({ score: 0, start: 0, end: 0 })),
    grey: [],
    lexiconOnly: [],
    unjudged: [],
  };
  parts.forEach((part, index) => {
    const offset = cuts[index]!;
    const shift = (span: { start: number; end: number }) => ({ start: span.start + offset, end: span.end + offset });
    part.best.forEach((finding, category) => {
      if (finding.score > merged.best[category]!.score)
        merged.best[category] = { score: finding.score, ...shift(finding) };
    });
    merged.grey.push(...part.grey.map(shift));
    merged.lexiconOnly.push(...part.lexiconOnly.map(shift));
    merged.unjudged.push(...part.unjudged.map(shift));
  });
  return merged;
}

/**
 * The embedded, offline moderator (default). It cannot be unreachable, so it only fails on a bug, and fails closed.
 * `unjudged` says what happens to text it cannot read when it is the only stage: `reject` (default) reports it, so
 * recite answers content_rejected; `accept` lets it through.
 */
export function createLocalModerator(
  options: { unjudged?: UnjudgedPolicy; workersIdleStopMs?: number } = {},
): LocalModerator {
  const policy = options.unjudged ?? 'reject';
  // The workers are shared by every local moderator of the process: the last setting given applies.
  if (options.workersIdleStopMs !== undefined) workersIdleMs = options.workersIdleStopMs;
  const assessText = (text: string) =>
    text.length > WORKER_THRESHOLD ? inWorkers(text) : Promise.resolve(assess(text));
  return {
    specificationVersion: 'v1',
    id: 'local',
    capabilities: { maxCharactersPerCall: 1_000_000, concurrency: 1, offline: true },
    assess: assessText,
    prepare() {
      // Each worker screens a short text once; a failure here shows again, and is reported, on the first real call.
      releaseWhenIdle = false;
      for (let slot = 0; slot < WORKERS; slot++) inWorker(slot, WARM_UP_TEXT).catch(() => {});
    },
    release() {
      if (pending.size === 0 && screenings === 0) stopWorkers();
      else releaseWhenIdle = true;
    },
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
