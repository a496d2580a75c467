import type {
  PcmChunk,
  SpeechEngineFactory,
  SpeechEngineV1,
  SynthesisRequest,
  VoiceProfile,
} from '../../spec/v1/speech-engine.ts';
import { workerUrl } from '../../../src/lib/worker-url.ts';
import { idleStop } from '../idle-stop.ts';
import { abortError, streamJob } from '../stream-job.ts';
import type { FliteRawEvent, FliteWorkerRequest, FliteWorkerResponse } from './flite-protocol.ts';
import { FLITE_BASE_STRETCH, FLITE_VOICES, type FliteVoiceSettings } from './flite-voices.ts';

/**
 * Flite (CMU), compiled to WASI, speaking US English with natural-sounding clustergen voices: in the pocketsphinx
 * round trip of scripts/bench-voices.ts it is understood about nine times better than eSpeak NG's English.
 * One Flite run per worker at a time; the pool has its own workers, separate from eSpeak's.
 */
const SPEED_ADJUSTMENTS = {
  slow: { stretch: 1 / 0.78, flatten: 1, gain: 1 },
  normal: { stretch: 1, flatten: 1, gain: 1 },
  gentle: { stretch: 1 / 0.88, flatten: 0.6, gain: 0.8 },
} as const;

/**
 * Spoken once per Flite voice at start-up. A voice that loads can still be unable to read text (the package's
 * `awb_time` only knows clock phrases and says ~0.4 s of noise for this), so the check is that speech comes out.
 */
const PROBE_TEXT = 'A short check that this voice speaks.';

interface Job {
  id: number;
  message: Extract<FliteWorkerRequest, { type: 'synthesize' }>;
  push(chunk: PcmChunk): void;
  finish(error?: Error): void;
  signal: AbortSignal;
}

interface PoolWorker {
  worker: Worker;
  job?: Job;
}

export const createFliteEngine: SpeechEngineFactory = (options) => fliteEngineWith(FLITE_VOICES, options);

/** The engine over a given voice table (tests hand it a broken one to see start-up refuse it). */
export function fliteEngineWith(
  voices: Record<string, FliteVoiceSettings>,
  { workers: size, idleStopMs = 0 }: Parameters<SpeechEngineFactory>[0],
): SpeechEngineV1 {
  const workers: PoolWorker[] = [];
  const queue: Job[] = [];
  const idleQueue: Job[] = [];
  let sampleRate = 22050;
  let nextId = 1;
  let stopped = false;
  let startFailure: Error | undefined;
  /** Every worker started, ready or still compiling, so stop() ends them all. */
  const spawned = new Set<Worker>();
  let launching: Promise<void> | undefined;
  /** The Flite program as the first worker compiled it; later workers (and replacements) share it. */
  let compiled: WebAssembly.Module | undefined;
  /** Voice names the program lists (`flite -lv`), known once a worker has started. */
  let listedVoices: Set<string> | undefined;
  /** Flite voice name -> why its start-up probe failed. */
  const probeFailures = new Map<string, string>();

  /** Ends every worker (the compiled program is kept); the next call starts them again. */
  const stopWorkers = () => {
    for (const worker of spawned) worker.terminate();
    spawned.clear();
    workers.splice(0);
    launching = undefined;
  };
  const idle = idleStop(
    idleStopMs,
    // A worker still starting counts as busy, so a launch is never cut short.
    () =>
      queue.length > 0 || idleQueue.length > 0 || workers.some((entry) => entry.job) || spawned.size > workers.length,
    stopWorkers,
  );

  const dispatch = () => {
    while (queue.length > 0 || idleQueue.length > 0) {
      const idle = workers.find((entry) => !entry.job);
      if (!idle) return grow();
      const job = (queue.shift() ?? idleQueue.shift())!;
      if (job.signal.aborted) {
        job.finish(abortError());
        continue;
      }
      idle.job = job;
      idle.worker.postMessage(job.message);
    }
  };

  const toChunk = (samples: Int16Array, events: FliteRawEvent[]): PcmChunk => ({
    samples,
    events: events.map((event) => ({
      type: event.type,
      textOffset: event.textOffset,
      textLength: event.textLength,
      sample: event.sample,
      ...(event.phoneme !== undefined ? { phoneme: event.phoneme } : {}),
    })),
  });

  const spawn = () =>
    new Promise<void>((resolve, reject) => {
      if (stopped) return reject(new Error('engine stopped'));
      const worker = new Worker(
        workerUrl(import.meta.url, './flite-worker.ts', 'providers/engines/flite/flite-worker.ts'),
      );
      const entry: PoolWorker = { worker };
      spawned.add(worker);
      worker.onmessage = (message: MessageEvent<FliteWorkerResponse>) => {
        const data = message.data;
        switch (data.type) {
          case 'ready':
            sampleRate = data.sampleRate;
            compiled ??= data.module;
            listedVoices = new Set(data.voices);
            workers.push(entry);
            resolve();
            dispatch();
            break;
          case 'fatal':
            reject(new Error(`Flite worker failed to start: ${data.message}`));
            break;
          case 'chunk':
            // A run already under way when the caller aborted still arrives; it is dropped, not delivered.
            if (entry.job?.id === data.id && !entry.job.signal.aborted)
              entry.job.push(toChunk(data.samples, data.events));
            break;
          case 'done':
          case 'failed': {
            const job = entry.job;
            entry.job = undefined;
            idle.touch();
            if (job?.id === data.id) {
              if (data.type === 'failed') job.finish(new Error(data.message));
              else if (job.signal.aborted) job.finish(abortError());
              else job.finish();
            }
            dispatch();
            break;
          }
        }
      };
      worker.postMessage({ type: 'init', module: compiled } satisfies FliteWorkerRequest);
      worker.onerror = (event) => {
        const job = entry.job;
        entry.job = undefined;
        job?.finish(new Error(`Flite worker crashed: ${event.message}`));
        spawned.delete(worker);
        if (workers.includes(entry)) {
          workers.splice(workers.indexOf(entry), 1);
          if (!stopped) spawn().then(dispatch, () => {});
        } else reject(new Error(event.message));
      };
    });

  /**
   * Starts the first worker (it compiles the program); rejects, failing every queued call, when it cannot start.
   * The pool grows to `size` only when callers' work waits for a worker (grow), so an engine the traffic does not
   * use, or uses one call at a time, keeps one worker (~60 MB) and start-up pays for one.
   */
  const launch = (): Promise<void> => {
    launching ??= (async () => {
      if (stopped) throw new Error('engine stopped');
      try {
        await spawn();
      } catch (error) {
        startFailure = error instanceof Error ? error : new Error(String(error));
        for (const job of [...queue.splice(0), ...idleQueue.splice(0)]) job.finish(startFailure);
        throw startFailure;
      }
    })();
    return launching;
  };
  /** One more worker, with the compiled program, while callers' work waits and the pool is below its size. */
  const grow = () => {
    // A worker still starting will take the waiting work; the pool grows one worker at a time.
    if (queue.length === 0 || !compiled || stopped || spawned.size >= size || spawned.size > workers.length) return;
    spawn().then(dispatch, () => {});
  };

  /** Why a voice cannot serve: no audio, silence, or far too little audio for the probe sentence. */
  const probe = async (name: string, key: string): Promise<string | undefined> => {
    const voice: VoiceProfile = {
      id: `probe-${name}`,
      language: 'en-US',
      gender: 'neutral',
      age: 'adult',
      engine: 'flite',
      key,
    };
    let samples = 0;
    let energy = 0;
    try {
      // Background work: the probes run on the first worker and do not grow the pool.
      for await (const chunk of synthesizeWith({ text: PROBE_TEXT, voice, speed: 'normal' }, {}, true)) {
        samples += chunk.samples.length;
        for (const sample of chunk.samples) energy += sample * sample;
      }
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    const seconds = samples / sampleRate;
    const level = Math.sqrt(energy / Math.max(1, samples)) / 32768;
    // The bounds of the conformance suite: 4-40 characters a second, and not near-silent.
    if (seconds < PROBE_TEXT.length / 40 || seconds > PROBE_TEXT.length / 4 || level < 0.02)
      return `the probe sentence came out as ${seconds.toFixed(2)} s of audio at level ${level.toFixed(3)}, not speech`;
    return undefined;
  };

  /**
   * One probe per Flite voice the table uses (with the settings of its first profile), one after another on the first
   * worker: a second worker would cost start-up another instance and cold run (~0.3 s of CPU) for ~0.1 s of probes.
   */
  const probeVoices = async () => {
    await launch();
    const firstKey = new Map<string, string>();
    for (const [key, settings] of Object.entries(voices))
      if (!firstKey.has(settings.voice)) firstKey.set(settings.voice, key);
    await Promise.all(
      [...firstKey].map(async ([name, key]) => {
        // A voice the program does not list is refused by validateVoice; probing it would hear Flite's fallback voice.
        if (!listedVoices?.has(name)) return;
        const failure = await probe(name, key);
        if (failure) probeFailures.set(name, failure);
      }),
    );
  };

  const engine: SpeechEngineV1 = {
    specificationVersion: 'v1',
    id: 'flite',
    get sampleRate() {
      return sampleRate;
    },
    capabilities: {
      languages: ['en'],
      wordEvents: true,
      phonemeEvents: true,
      maxCharactersPerCall: 50_000,
      concurrency: size,
    },

    async start() {
      // Load-checks every voice the table uses: each is spoken once, which also warms the worker (WebAssembly tiers
      // up after it has run a while). validateVoice reports what failed.
      await probeVoices();
      idle.touch();
    },

    validateVoice(voice) {
      const settings = voices[voice.key];
      if (!settings) return [`voice ${voice.id}: Flite has no settings for key "${voice.key}"`];
      const problems: string[] = [];
      const failure = probeFailures.get(settings.voice);
      if (!listedVoices)
        problems.push(`voice ${voice.id}: Flite has not started, so voice "${settings.voice}" is not load-checked`);
      else if (!listedVoices.has(settings.voice))
        problems.push(
          `voice ${voice.id}: Flite has no voice "${settings.voice}" (it has ${[...listedVoices].join(', ')})`,
        );
      else if (failure)
        problems.push(`voice ${voice.id}: Flite voice "${settings.voice}" failed its start-up check: ${failure}`);
      if (!voice.language.toLowerCase().startsWith('en'))
        problems.push(`voice ${voice.id}: Flite speaks English only, not ${voice.language}`);
      if (settings.pitch !== undefined && !(settings.pitch >= 40 && settings.pitch <= 400))
        problems.push(`voice ${voice.id}: pitch must be 40-400 Hz`);
      if (!(settings.stretch >= 0.5 && settings.stretch <= 2))
        problems.push(`voice ${voice.id}: stretch must be 0.5-2`);
      if (!(settings.formant >= 0.7 && settings.formant <= 1.6))
        problems.push(`voice ${voice.id}: formant must be 0.7-1.6`);
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
      for (const entry of workers.splice(0)) entry.job?.finish(new Error('engine stopped'));
      for (const worker of spawned) worker.terminate();
      spawned.clear();
    },
  };

  function synthesizeWith(
    request: SynthesisRequest,
    options: { signal?: AbortSignal },
    background: boolean,
  ): AsyncIterable<PcmChunk> {
    // A part that continues needs no added pause: Flite ends every run with the pause it leaves after a sentence
    // (~0.2 s), and the worker trims the next part's leading silence to 50 ms.
    const settings = voices[request.voice.key];
    if (!settings) throw new Error(`voice ${request.voice.id} has no Flite settings`);
    const language = (request.language ?? request.voice.language).toLowerCase();
    if (!language.startsWith('en')) throw new Error(`Flite speaks English only, not ${language}`);
    if (stopped) throw new Error('engine stopped');
    if (startFailure) throw startFailure;
    launch().catch(() => {});
    const adjustment = SPEED_ADJUSTMENTS[request.speed];
    const controller = new AbortController();
    const forward = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) forward();
    options.signal?.addEventListener('abort', forward, { once: true });
    const signal = controller.signal;
    return streamJob(
      (push, finish) => {
        const id = nextId++;
        const message: Extract<FliteWorkerRequest, { type: 'synthesize' }> = {
          type: 'synthesize',
          id,
          text: request.text,
          settings,
          // The OpenAI scale is 0.25-4; Flite slows and speeds smoothly over that whole span.
          stretch:
            ((FLITE_BASE_STRETCH[settings.voice] ?? 1) * settings.stretch * adjustment.stretch) /
            (request.rateScale ?? 1),
          flatten: adjustment.flatten,
          gain: settings.gain * adjustment.gain,
          words: request.events?.words ?? false,
          phonemes: request.events?.phonemes ?? false,
        };
        const job: Job = { id, message, push, finish, signal };
        const onAbort = () => {
          const owner = workers.find((entry) => entry.job === job);
          if (owner) owner.worker.postMessage({ type: 'cancel', id } satisfies FliteWorkerRequest);
          else {
            for (const list of [queue, idleQueue]) {
              const index = list.indexOf(job);
              if (index >= 0) list.splice(index, 1);
            }
            finish(abortError());
          }
        };
        signal.addEventListener('abort', onAbort, { once: true });
        (background ? idleQueue : queue).push(job);
        idle.touch();
        dispatch();
        return () => {
          signal.removeEventListener('abort', onAbort);
          options.signal?.removeEventListener('abort', forward);
        };
      },
      () => controller.abort(),
    );
  }

  return engine;
}
