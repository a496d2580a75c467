import type { AudioStorageV1 } from '../../providers/spec/v1/audio-storage.ts';
import type { ModerationProviderV1 } from '../../providers/spec/v1/moderation.ts';
import type { SpeechEngineV1, VoiceProfile } from '../../providers/spec/v1/speech-engine.ts';

/**
 * Readiness: can this node serve a narration right now? A load balancer drains a node whose /readyz answers 503.
 * Each check has a timeout, and the checks that cost something (a moderation call may be paid, a synthesis takes a
 * worker) are cached briefly so a probe every few seconds adds no load.
 */
export interface ReadinessCheck {
  name: 'database' | 'storage' | 'moderation' | 'engine';
  ok: boolean;
  detail?: string;
}

export interface Readiness {
  ready: boolean;
  checks: ReadinessCheck[];
}

export interface ReadinessSources {
  pingDatabase(): Promise<void> | void;
  storage: AudioStorageV1;
  moderator: ModerationProviderV1;
  engine: SpeechEngineV1;
  /** A voice the engine speaks, for the probe synthesis. */
  probeVoice: VoiceProfile;
  /** False while the engines start and the catalog is checked: the engine is then not ready, and is not probed. */
  started?: () => boolean;
  /** Wall-clock milliseconds (not the injected clock: cache ages are real time). */
  now?: () => number;
  /** How long a moderation or engine check is reused. */
  cacheMs?: number;
  /** How long one check may take before it counts as failed. */
  timeoutMs?: number;
}

const CHECK_TIMEOUT_MS = 3_000;
const CACHE_MS = 15_000;

export function createReadiness(sources: ReadinessSources): { check(): Promise<Readiness>; recordSynthesis(): void } {
  const now = sources.now ?? Date.now;
  const cacheMs = sources.cacheMs ?? CACHE_MS;
  const timeoutMs = sources.timeoutMs ?? CHECK_TIMEOUT_MS;
  let moderationCache: { at: number; check: ReadinessCheck } | undefined;
  let lastSynthesis = 0;

  const withTimeout = async (
    name: ReadinessCheck['name'],
    run: (signal: AbortSignal) => Promise<string | undefined>,
  ) => {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const failure = await Promise.race([
        run(signal),
        new Promise<string>((resolve) =>
          signal.addEventListener('abort', () => resolve(`no answer in ${timeoutMs} ms`), { once: true }),
        ),
      ]);
      return failure ? { name, ok: false, detail: failure } : { name, ok: true };
    } catch (error) {
      return { name, ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  };

  const database = () =>
    withTimeout('database', async () => {
      await sources.pingDatabase();
      return undefined;
    });

  const storage = () =>
    withTimeout('storage', async () => ((await sources.storage.healthy()) ? undefined : 'storage is not reachable'));

  const moderation = async (): Promise<ReadinessCheck> => {
    if (moderationCache && now() - moderationCache.at < cacheMs) return moderationCache.check;
    const check = await withTimeout('moderation', async (signal) => {
      const result = await sources.moderator.moderate('A short sentence to check that screening answers.', { signal });
      return result.ok ? undefined : `${result.reason}: ${result.detail}`;
    });
    moderationCache = { at: now(), check };
    return check;
  };

  const engine = async (): Promise<ReadinessCheck> => {
    if (sources.started && !sources.started())
      return { name: 'engine', ok: false, detail: 'starting: the engines are loading and checking the voice catalog' };
    if (now() - lastSynthesis < cacheMs) return { name: 'engine', ok: true };
    // A busy engine is a working engine: a probe would only queue behind real work.
    if (sources.engine.queueDepth() > 0) return { name: 'engine', ok: true, detail: 'busy' };
    return withTimeout('engine', async (signal) => {
      let samples = 0;
      const request = { text: 'Ready.', voice: sources.probeVoice, speed: 'normal' as const };
      for await (const chunk of sources.engine.synthesize(request, { signal })) samples += chunk.samples.length;
      if (samples === 0) return 'the engine produced no audio';
      lastSynthesis = now();
      return undefined;
    });
  };

  return {
    async check() {
      const checks = await Promise.all([database(), storage(), moderation(), engine()]);
      return { ready: checks.every((check) => check.ok), checks };
    },
    recordSynthesis() {
      lastSynthesis = now();
    },
  };
}
