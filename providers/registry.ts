import { createEspeakEngine } from './engines/espeak/espeak-engine.ts';
import { createFliteEngine } from './engines/flite/flite-engine.ts';
import { createVoiceRouter } from './engines/voice-router.ts';
import type { SpeechEngineFactory, SpeechEngineV1 } from './spec/v1/speech-engine.ts';

/**
 * Static maps from provider id to factory. Static imports keep every provider visible to `bun build --compile`.
 * Storage and moderation providers have their own registries beside their folders.
 */
export const SPEECH_ENGINES: Record<string, SpeechEngineFactory> = {
  espeak: createEspeakEngine,
  flite: createFliteEngine,
};

/**
 * `RECITE_ENGINE`: `builtin` (the default) runs every engine above behind one router, so each catalog voice is spoken
 * by the engine it names; a single id runs that engine alone (it must then speak every catalog voice). Ids may also
 * be joined with `+` (`espeak+flite`); the first listed engine is preferred for languages several engines speak.
 */
export function speechEngineFactory(
  id: string,
  wrap: (engine: SpeechEngineV1) => SpeechEngineV1 = (engine) => engine,
): SpeechEngineFactory {
  const ids = id === 'builtin' || id === '' ? Object.keys(SPEECH_ENGINES) : id.split('+');
  const factories = ids.map((name) => {
    const factory = SPEECH_ENGINES[name];
    if (!factory)
      throw new Error(
        `RECITE_ENGINE: unknown speech engine "${name}" (known: builtin, ${Object.keys(SPEECH_ENGINES).join(', ')})`,
      );
    return factory;
  });
  // `wrap` sees each engine itself, under the router (the app measures every engine this way).
  if (factories.length === 1) return (options) => wrap(factories[0]!(options));
  return (options) => createVoiceRouter(factories.map((factory) => wrap(factory(options))));
}
