import type { AudioStorageV1 } from '../../providers/spec/v1/audio-storage.ts';
import type { ModerationProviderV1 } from '../../providers/spec/v1/moderation.ts';
import type { SpeechEngineV1 } from '../../providers/spec/v1/speech-engine.ts';
import type { Mp3EncoderPool } from '../audio/mp3-encoder-pool.ts';
import type { Metrics } from './metrics.ts';

/**
 * Wrappers that measure a provider at its spec boundary (every spec field is copied, so code that spreads a
 * provider still sees them all), so no engine, moderator or storage needs to know about
 * metrics (and a third-party provider is measured the same way as ours).
 */

export function instrumentEngine(engine: SpeechEngineV1, metrics: Metrics, onSuccess?: () => void): SpeechEngineV1 {
  const labels = { engine: engine.id };
  metrics.engineActiveCalls.set(labels, 0);
  const synthesize: SpeechEngineV1['synthesize'] = (request, options) => {
    const source = engine.synthesize(request, options);
    return {
      async *[Symbol.asyncIterator]() {
        const started = performance.now();
        let samples = 0;
        metrics.engineActiveCalls.inc(labels);
        try {
          for await (const chunk of source) {
            samples += chunk.samples.length;
            yield chunk;
          }
          metrics.charactersSynthesised.inc(labels, codePoints(request.text));
          const seconds = samples / engine.sampleRate;
          metrics.audioSeconds.inc(labels, seconds);
          const elapsed = (performance.now() - started) / 1000;
          if (seconds > 0 && elapsed > 0) metrics.realTimeFactor.observe(labels, seconds / elapsed);
          onSuccess?.();
        } finally {
          metrics.engineActiveCalls.dec(labels);
        }
      },
    };
  };
  return {
    ...engine,
    specificationVersion: engine.specificationVersion,
    id: engine.id,
    sampleRate: engine.sampleRate,
    capabilities: engine.capabilities,
    start: () => engine.start(),
    stop: () => engine.stop(),
    validateVoice: (voice) => engine.validateVoice(voice),
    queueDepth: () => engine.queueDepth(),
    synthesize,
  };
}

function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xdc00 || code > 0xdfff) count++;
  }
  return count;
}

export interface EncoderStats {
  queued: number;
  busy: number;
  workers: number;
}

/** Counts open encoding streams: one per worker is busy, the rest wait for CPU on a shared worker. */
export function instrumentEncoders(pool: Mp3EncoderPool, workers: number): Mp3EncoderPool & { stats(): EncoderStats } {
  let open = 0;
  return {
    start: () => pool.start(),
    stop: () => pool.stop(),
    loudness: pool.loudness,
    open(options) {
      const stream = pool.open(options);
      open++;
      let closed = false;
      const close = () => {
        if (!closed) open--;
        closed = true;
      };
      const bytes = stream.bytes;
      return {
        write: (samples, gain) => stream.write(samples, gain),
        end: () => stream.end(),
        abort() {
          close();
          stream.abort();
        },
        bytes: {
          async *[Symbol.asyncIterator]() {
            try {
              yield* bytes;
            } finally {
              close();
            }
          },
        },
      };
    },
    stats: () => ({ queued: Math.max(0, open - workers), busy: Math.min(open, workers), workers }),
  };
}

export function instrumentStorage(storage: AudioStorageV1, metrics: Metrics): AudioStorageV1 {
  const timed =
    <A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const stop = metrics.storageDuration.startTimer({ operation });
      try {
        return await call(...args);
      } catch (error) {
        metrics.storageErrors.inc({ operation });
        throw error;
      } finally {
        stop();
      }
    };
  const wrapped: Partial<AudioStorageV1> = {
    put: timed('put', storage.put.bind(storage)),
    get: timed('get', storage.get.bind(storage)),
    head: timed('head', storage.head.bind(storage)),
    delete: timed('delete', storage.delete.bind(storage)),
    healthy: timed('healthy', storage.healthy.bind(storage)),
  };
  if (storage.presign) wrapped.presign = timed('presign', storage.presign.bind(storage));
  return {
    ...storage,
    specificationVersion: storage.specificationVersion,
    id: storage.id,
    capabilities: storage.capabilities,
    ...wrapped,
  } as AudioStorageV1;
}

export function instrumentModerator(moderator: ModerationProviderV1, metrics: Metrics): ModerationProviderV1 {
  const provider = moderator.id;
  const moderate: ModerationProviderV1['moderate'] = async (text, options) => {
    const stop = metrics.moderationDuration.startTimer({ provider });
    try {
      const result = await moderator.moderate(text, options);
      if (result.ok) {
        const flagged = Object.entries(result.verdict.categories).filter(([, verdict]) => verdict.flagged);
        if (flagged.length === 0) metrics.moderationVerdicts.inc({ provider, category: 'none' });
        for (const [category] of flagged) metrics.moderationVerdicts.inc({ provider, category });
      } else metrics.moderationVerdicts.inc({ provider, category: 'unavailable' });
      return result;
    } catch (error) {
      metrics.moderationVerdicts.inc({ provider, category: 'unavailable' });
      throw error;
    } finally {
      stop();
    }
  };
  return {
    ...moderator,
    specificationVersion: moderator.specificationVersion,
    id: moderator.id,
    capabilities: moderator.capabilities,
    moderate,
  };
}
