import type {
  PcmChunk,
  SpeechEngineFactory,
  SpeechEngineV1,
  SpeechEvent,
  SynthesisRequest,
  VoiceProfile,
} from '../../spec/v1/speech-engine.ts';
import type { EspeakVoiceSettings, WorkerRequest, WorkerResponse } from './espeak-protocol.ts';
import { prepareText } from './espeak-text.ts';
import { espeakVoiceSettings } from './espeak-voices.ts';
import { workerUrl } from '../../../src/lib/worker-url.ts';
import { idleStop } from '../idle-stop.ts';
import { abortError, streamJob } from '../stream-job.ts';

/** How each API speed changes a voice's settings; `gentle` is a little slower, flatter and softer. */
const SPEED_ADJUSTMENTS = {
  slow: { rate: 0.78, range: 1, volume: 1 },
  normal: { rate: 1, range: 1, volume: 1 },
  gentle: { rate: 0.88, range: 0.6, volume: 0.8 },
} as const;

const WARM_VOICE: VoiceProfile = {
  id: 'warm-up',
  language: 'en-US',
  gender: 'female',
  age: 'adult',
  engine: 'espeak',
  key: 'std-aria',
};
const WARM_PASSAGES = [
  'The quick brown fox jumps over the lazy dog, while seven wise owls count the stars above the quiet harbour.',
  'In 1987, Dr. Margaret Hughes measured 3.5 kilograms of salt; "Remarkable!" she said, and wrote it down twice.',
  'Why would anyone whisper? Because the baby is sleeping, of course, and the thunder outside is loud enough.',
];

async function drain(stream: AsyncIterable<PcmChunk>) {
  for await (const _ of stream) {
    // discard
  }
}

interface Job {
  id: number;
  request: SynthesisRequest;
  settings: EspeakVoiceSettings;
  prepared: ReturnType<typeof prepareText>;
  push(chunk: PcmChunk): void;
  finish(error?: Error): void;
  signal?: AbortSignal;
  /** Warm-up work, not a caller's. */
  background: boolean;
}

interface PoolWorker {
  worker: Worker;
  slot: number;
  job?: Job;
}

/** A voice's settings with the request's speed applied. */
function effectiveSettings(base: EspeakVoiceSettings, request: SynthesisRequest): EspeakVoiceSettings {
  const adjustment = SPEED_ADJUSTMENTS[request.speed];
  return {
    ...base,
    // eSpeak accepts 80-450 words per minute; faster or slower requests are clamped to what it can do.
    rate: Math.min(450, Math.max(80, Math.round(base.rate * adjustment.rate * (request.rateScale ?? 1)))),
    range: Math.round(base.range * adjustment.range),
    volume: Math.round(base.volume * adjustment.volume),
  };
}

/** The eSpeak settings of a request: the voice's character in the request's language. */
export function espeakSettings(voice: VoiceProfile, language = voice.language): EspeakVoiceSettings | undefined {
  return espeakVoiceSettings(voice.key, language);
}

export const createEspeakEngine: SpeechEngineFactory = ({ workers: size, idleStopMs = 0 }) => {
  const workers: PoolWorker[] = [];
  const queue: Job[] = [];
  /** Background warm-up work, run only when no real request is waiting. */
  const idleQueue: Job[] = [];
  const cancelBuffer = new SharedArrayBuffer(4 * Math.max(size, 1));
  const cancelFlags = new Int32Array(cancelBuffer);
  let knownVoices = new Set<string>();
  let knownVariants = new Set<string>();
  let sampleRate = 22050;
  let nextId = 1;
  let stopped = false;
  /** The long warm-up has been queued since the workers (re)started. */
  let warmed = false;

  const dispatch = () => {
    while (queue.length > 0 || idleQueue.length > 0) {
      const idle = workers.find((entry) => !entry.job);
      if (!idle) return grow();
      const job = (queue.shift() ?? idleQueue.shift())!;
      if (job.signal?.aborted) {
        job.finish(abortError());
        continue;
      }
      idle.job = job;
      Atomics.store(cancelFlags, idle.slot, 0);
      const message: WorkerRequest = {
        type: 'synthesize',
        id: job.id,
        text: job.prepared.input,
        settings: job.settings,
        words: job.request.events?.words ?? false,
        phonemes: job.request.events?.phonemes ?? false,
        cancelSlot: idle.slot,
      };
      idle.worker.postMessage(message);
    }
  };

  const toEvents = (job: Job, raw: Extract<WorkerResponse, { type: 'chunk' }>['events']): SpeechEvent[] =>
    raw.map((event) => {
      // eSpeak positions are 1-based code-point positions in the prepared input.
      const start = job.prepared.offsets[Math.max(0, event.position - 1)] ?? 0;
      const end = job.prepared.offsets[Math.max(0, event.position - 1 + event.length)] ?? start;
      return {
        type: event.type,
        textOffset: start,
        textLength: event.type === 'word' ? end - start : 0,
        sample: Math.round((event.ms * sampleRate) / 1000),
        ...(event.phoneme !== undefined ? { phoneme: event.phoneme } : {}),
      };
    });

  const spawn = (slot: number) =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(
        workerUrl(import.meta.url, './espeak-worker.ts', 'providers/engines/espeak/espeak-worker.ts'),
      );
      const entry: PoolWorker = { worker, slot };
      worker.onmessage = (message: MessageEvent<WorkerResponse>) => {
        const data = message.data;
        switch (data.type) {
          case 'ready':
            sampleRate = data.sampleRate;
            knownVoices = new Set(data.voices.map((name) => name.toLowerCase()));
            knownVariants = new Set(data.variants);
            if (!data.patched && slot === 0)
              process.emitWarning(
                'eSpeak NG loaded without its speed fix (the package build changed; see espeak-module.ts): synthesis is about 2x slower',
              );
            worker.postMessage({ type: 'cancel-buffer', buffer: cancelBuffer });
            workers.push(entry);
            resolve();
            break;
          case 'fatal':
            reject(new Error(`eSpeak worker failed to start: ${data.message}`));
            break;
          case 'chunk':
            if (entry.job?.id === data.id)
              entry.job.push({ samples: data.samples, events: toEvents(entry.job, data.events) });
            break;
          case 'done':
          case 'failed': {
            const job = entry.job;
            entry.job = undefined;
            idle.touch();
            if (job && !job.background && !warmed) warmUp();
            if (job?.id === data.id) {
              if (data.type === 'failed') job.finish(new Error(data.message));
              else if (job.signal?.aborted) job.finish(abortError());
              else job.finish();
            }
            dispatch();
            break;
          }
        }
      };
      worker.onerror = (event) => {
        const job = entry.job;
        entry.job = undefined;
        job?.finish(new Error(`eSpeak worker crashed: ${event.message}`));
        if (workers.includes(entry)) {
          workers.splice(workers.indexOf(entry), 1);
          if (!stopped) spawn(slot).then(dispatch, () => {});
        } else reject(new Error(event.message));
      };
    });

  let spawning: Promise<void> | undefined;
  /** Starts the pool when it has no workers (at start-up, and again after an idle stop). */
  /**
   * The pool starts with one worker; it grows to `size` only when callers' work waits for a worker (grow), so an engine
   * the traffic does not use, or uses one call at a time, keeps one worker and start-up pays for one (~0.4 s of CPU).
   */
  const ensureWorkers = (): Promise<void> | undefined => {
    if (workers.length > 0 || spawning || stopped) return spawning;
    spawning = spawn(0)
      .then(dispatch, (error: Error) => {
        for (const job of [...queue.splice(0), ...idleQueue.splice(0)]) job.finish(error);
        throw error;
      })
      .finally(() => {
        spawning = undefined;
      });
    return spawning;
  };
  /** Slots of workers still starting. */
  const starting = new Set<number>();
  const grow = () => {
    // A worker still starting will take the waiting work; the pool grows one worker at a time.
    if (queue.length === 0 || spawning || stopped || starting.size > 0 || workers.length >= size) return;
    const taken = new Set([...workers.map((entry) => entry.slot), ...starting]);
    const slot = Array.from({ length: size }, (_, index) => index).find((index) => !taken.has(index));
    if (slot === undefined) return;
    starting.add(slot);
    spawn(slot)
      .finally(() => starting.delete(slot))
      .then(dispatch, () => {});
  };
  const idle = idleStop(
    idleStopMs,
    () =>
      queue.length > 0 ||
      idleQueue.length > 0 ||
      workers.some((entry) => entry.job) ||
      spawning !== undefined ||
      starting.size > 0,
    () => {
      for (const entry of workers.splice(0)) entry.worker.terminate();
      warmed = false;
    },
  );

  const engine: SpeechEngineV1 = {
    specificationVersion: 'v1',
    id: 'espeak',
    get sampleRate() {
      return sampleRate;
    },
    capabilities: {
      languages: ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko', 'tr', 'ar', 'hi', 'bn', 'nl', 'pl', 'ru', 'sv'],
      wordEvents: true,
      phonemeEvents: true,
      maxCharactersPerCall: 50_000,
      concurrency: size,
    },

    async start() {
      await ensureWorkers();
      idle.touch();
      // Warm the worker so the JIT has compiled the synthesis path before the first real request.
      void drain(
        synthesizeWith(
          { text: 'Warming up the narration engine. One, two, three.', voice: WARM_VOICE, speed: 'normal' },
          {},
          true,
        ),
      ).catch(() => {});
    },

    validateVoice(voice) {
      const settings = espeakSettings(voice);
      if (!settings) return [`voice ${voice.id}: eSpeak has no settings for key "${voice.key}" in ${voice.language}`];
      const problems: string[] = [];
      // `knownVoices` holds the voice files the worker loaded at start-up, so a name set_voice cannot load is refused.
      if (!knownVoices.has(settings.voice.toLowerCase()))
        problems.push(`voice ${voice.id}: eSpeak cannot load voice "${settings.voice}"`);
      if (settings.variant && !knownVariants.has(settings.variant)) {
        problems.push(`voice ${voice.id}: unknown eSpeak variant "${settings.variant}"`);
      }
      for (const key of ['pitch', 'range'] as const) {
        if (!(settings[key] >= 0 && settings[key] <= 99)) problems.push(`voice ${voice.id}: ${key} must be 0-99`);
      }
      if (!(settings.rate >= 80 && settings.rate <= 450)) problems.push(`voice ${voice.id}: rate must be 80-450 wpm`);
      return problems;
    },

    synthesize(request, options = {}) {
      return synthesizeWith(request, options, options.background === true);
    },

    queueDepth: () => queue.length,

    async stop() {
      stopped = true;
      idle.cancel();
      for (const job of [...queue.splice(0), ...idleQueue.splice(0)]) job.finish(new Error('engine stopped'));
      for (const entry of workers.splice(0)) {
        entry.job?.finish(new Error('engine stopped'));
        entry.worker.terminate();
      }
    },
  };

  /**
   * eSpeak drops the pause after a text's last sentence. How long that pause is depends on the voice and rate, so it
   * is measured once per settings (two short sentences apart versus together) and appended to parts that continue.
   */
  const sentencePauses = new Map<string, Promise<number>>();
  const countSamples = async (request: SynthesisRequest) => {
    let total = 0;
    for await (const chunk of synthesizeWith({ ...request, continues: false, events: undefined }, {}, false))
      total += chunk.samples.length;
    return total;
  };
  const sentencePause = (request: SynthesisRequest, settings: EspeakVoiceSettings): Promise<number> => {
    const key = JSON.stringify(settings);
    let pause = sentencePauses.get(key);
    if (!pause) {
      pause = Promise.all([
        countSamples({ ...request, text: 'Yes.' }),
        countSamples({ ...request, text: 'No.' }),
        countSamples({ ...request, text: 'Yes. No.' }),
      ]).then(([first, second, both]) => Math.max(0, Math.min(sampleRate * 1.5, both - first - second)));
      sentencePauses.set(key, pause);
      pause.catch(() => sentencePauses.delete(key));
    }
    return pause;
  };

  /**
   * The engine is JavaScript compiled from C (wasm2js); it runs several times faster once the JIT has seen a few
   * seconds of real work. That warm-up (~10 s of CPU) begins when the first real call after the workers start ends,
   * not at start-up: run then, it kept both cores of a two-core machine busy while Flite compiled and load-checked its
   * voices (their start-up took 6-9 s, not 1), and a server whose traffic is all Flite paid its CPU and memory for
   * nothing. It runs in the background at the lowest priority: a real request waits behind at most one passage.
   */
  const warmUp = () => {
    warmed = true;
    for (let round = 0; round < 40 * size; round++) {
      const text = `${WARM_PASSAGES[round % WARM_PASSAGES.length]} ${WARM_PASSAGES[(round + 1) % WARM_PASSAGES.length]}`;
      void drain(synthesizeWith({ text, voice: WARM_VOICE, speed: 'normal' }, {}, true)).catch(() => {});
    }
  };

  function synthesizeWith(
    request: SynthesisRequest,
    options: { signal?: AbortSignal },
    background: boolean,
  ): AsyncIterable<PcmChunk> {
    if (request.continues) return withTrailingPause(request, options, background);
    const base = espeakSettings(request.voice, request.language);
    if (!base)
      throw new Error(
        `voice ${request.voice.id} has no eSpeak settings for ${request.language ?? request.voice.language}`,
      );
    if (stopped) throw new Error('engine stopped');
    const settings = effectiveSettings(base, request);
    // Linked to the caller's signal, and also fired when the consumer stops iterating early.
    const controller = new AbortController();
    const forward = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) forward();
    options.signal?.addEventListener('abort', forward, { once: true });
    const signal = controller.signal;
    return streamJob(
      (push, finish) => {
        const job: Job = {
          id: nextId++,
          request,
          settings,
          prepared: prepareText(request.text),
          push,
          finish,
          signal,
          background,
        };
        const onAbort = () => {
          const owner = workers.find((entry) => entry.job === job);
          if (owner) Atomics.store(cancelFlags, owner.slot, 1);
          else {
            const index = queue.indexOf(job);
            if (index >= 0) queue.splice(index, 1);
            finish(abortError());
          }
        };
        signal.addEventListener('abort', onAbort, { once: true });
        (background ? idleQueue : queue).push(job);
        idle.touch();
        ensureWorkers()?.catch(() => {});
        dispatch();
        return () => {
          signal.removeEventListener('abort', onAbort);
          options.signal?.removeEventListener('abort', forward);
        };
      },
      () => controller.abort(),
    );
  }

  async function* withTrailingPause(
    request: SynthesisRequest,
    options: { signal?: AbortSignal },
    background: boolean,
  ): AsyncIterable<PcmChunk> {
    const base = espeakSettings(request.voice, request.language);
    if (!base)
      throw new Error(
        `voice ${request.voice.id} has no eSpeak settings for ${request.language ?? request.voice.language}`,
      );
    const pause = sentencePause(request, effectiveSettings(base, request));
    yield* synthesizeWith({ ...request, continues: false }, options, background);
    yield { samples: new Int16Array(await pause), events: [] };
  }

  return engine;
};
