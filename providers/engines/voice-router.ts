import { languageSpans, type CatalogLanguage } from '../language/detect.ts';
import type { PcmChunk, SpeechEngineV1, SynthesisRequest, VoiceProfile } from '../spec/v1/speech-engine.ts';

/**
 * One engine in front of several: each voice is spoken by the engine its profile names, and a multilingual voice's
 * text is cut into sentences of one language (shared detector, providers/language/detect.ts) and each run goes to
 * the voice's own engine when that engine speaks the language, else to the first engine that does (registry order).
 * All engines must produce the same sample rate, so one narration can mix them in one MP3 stream.
 */
export function createVoiceRouter(engines: SpeechEngineV1[]): SpeechEngineV1 {
  if (engines.length === 0) throw new Error('no speech engines');
  const byId = new Map(engines.map((engine) => [engine.id, engine]));
  const primary = (language: string) => language.split('-')[0]!.toLowerCase();
  const speaks = (engine: SpeechEngineV1, language: string) =>
    engine.capabilities.languages.includes(primary(language));

  /** The engine for `voice` reading `language`, or undefined when none can. */
  const engineFor = (voice: VoiceProfile, language: string): SpeechEngineV1 | undefined => {
    const own = byId.get(voice.engine);
    if (own && speaks(own, language)) return own;
    return engines.find(
      (engine) => speaks(engine, language) && engine.validateVoice(languageVoice(voice, language)).length === 0,
    );
  };
  /** The voice as seen by an engine reading another language: same character, that language. */
  const languageVoice = (voice: VoiceProfile, language: string): VoiceProfile =>
    primary(language) === primary(voice.language) ? voice : { ...voice, language };

  const router: SpeechEngineV1 = {
    specificationVersion: 'v1',
    id: engines.map((engine) => engine.id).join('+'),
    get sampleRate() {
      return engines[0]!.sampleRate;
    },
    capabilities: {
      get languages() {
        return [...new Set(engines.flatMap((engine) => engine.capabilities.languages))];
      },
      wordEvents: engines.every((engine) => engine.capabilities.wordEvents),
      phonemeEvents: engines.every((engine) => engine.capabilities.phonemeEvents),
      maxCharactersPerCall: Math.min(...engines.map((engine) => engine.capabilities.maxCharactersPerCall)),
      concurrency: Math.max(...engines.map((engine) => engine.capabilities.concurrency)),
    },

    async start() {
      await Promise.all(engines.map((engine) => engine.start()));
      const rates = new Set(engines.map((engine) => engine.sampleRate));
      if (rates.size > 1)
        throw new Error(
          `speech engines disagree on the sample rate: ${engines.map((engine) => `${engine.id} ${engine.sampleRate} Hz`).join(', ')}`,
        );
    },

    validateVoice(voice) {
      const own = byId.get(voice.engine);
      if (!own) return [`voice ${voice.id}: unknown engine "${voice.engine}" (known: ${[...byId.keys()].join(', ')})`];
      const problems = own.validateVoice(voice);
      if (voice.multilingual) {
        for (const language of router.capabilities.languages) {
          if (!engineFor(voice, language)) problems.push(`voice ${voice.id}: no engine can speak it in ${language}`);
        }
      }
      return problems;
    },

    synthesize(request, options = {}) {
      return routed(request, options);
    },

    queueDepth: () => engines.reduce((sum, engine) => sum + engine.queueDepth(), 0),

    async stop() {
      await Promise.all(engines.map((engine) => engine.stop()));
    },
  };

  /** Runs of one language: the forced language, the voice's own, or (multilingual voices) detected per sentence. */
  const spansOf = (request: SynthesisRequest): { start: number; text: string; language: string }[] => {
    const own = request.language ?? request.voice.language;
    if (request.language || !request.voice.multilingual) return [{ start: 0, text: request.text, language: own }];
    const fallback = primary(own) as CatalogLanguage;
    const spans = languageSpans(request.text, fallback).map((span) => ({
      start: span.start,
      text: span.text,
      // A language no engine speaks is read in the voice's own.
      language: span.language && span.language !== primary(own) ? span.language : own,
    }));
    return spans.length > 0 ? spans : [{ start: 0, text: request.text, language: own }];
  };

  async function* routed(
    request: SynthesisRequest,
    options: { signal?: AbortSignal; background?: boolean },
  ): AsyncIterable<PcmChunk> {
    const spans = spansOf(request);
    let samples = 0;
    for (const [index, span] of spans.entries()) {
      const engine = engineFor(request.voice, span.language);
      if (!engine) throw new Error(`no engine speaks ${span.language} for voice ${request.voice.id}`);
      const last = index === spans.length - 1;
      const language = primary(span.language) === primary(request.voice.language) ? request.language : span.language;
      const part: SynthesisRequest = {
        ...request,
        text: span.text,
        ...(language !== undefined ? { language } : {}),
        continues: last ? request.continues : true,
      };
      // An engine's event samples count from the start of its own call: shift them by the spans before it.
      const base = samples;
      for await (const chunk of engine.synthesize(part, options)) {
        for (const event of chunk.events) {
          event.textOffset += span.start;
          event.sample += base;
        }
        samples += chunk.samples.length;
        yield chunk;
      }
    }
  }

  return router;
}
