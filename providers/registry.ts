import { createEspeakEngine } from './engines/espeak/espeak-engine.ts';
import type { SpeechEngineFactory } from './spec/v1/speech-engine.ts';

/**
 * Static maps from provider id to factory. Static imports keep every provider visible to `bun build --compile`.
 * Storage and moderation providers have their own registries beside their folders.
 */
export const SPEECH_ENGINES: Record<string, SpeechEngineFactory> = {
  espeak: createEspeakEngine,
};

export function speechEngineFactory(id: string): SpeechEngineFactory {
  const factory = SPEECH_ENGINES[id];
  if (!factory) throw new Error(`RECITE_ENGINE: unknown speech engine "${id}" (known: ${Object.keys(SPEECH_ENGINES).join(', ')})`);
  return factory;
}
