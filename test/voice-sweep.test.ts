import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { speechEngineFactory } from '../providers/registry.ts';
import type { PcmChunk, SpeechEngineV1, SynthesisRequest } from '../providers/spec/v1/speech-engine.ts';
import { createVoiceRouter } from '../providers/engines/voice-router.ts';
import { createEspeakEngine } from '../providers/engines/espeak/espeak-engine.ts';
import { createFliteEngine } from '../providers/engines/flite/flite-engine.ts';
import { createMp3EncoderPool } from '../src/audio/mp3-encoder-pool.ts';
import { narrate } from '../src/audio/narrate.ts';
import { findVoice, VOICES, type CatalogVoice } from '../src/modules/voices/catalog.ts';
import { SAMPLE_LANGUAGES, sampleInLanguage, sampleText } from '../src/modules/voices/samples.ts';
import { AppError } from '../src/errors/index.ts';
import { parseSpeechRequest } from '../src/modules/tts/service.ts';
import { decodeMp3 } from './support/audio.ts';
import { voiceFeatures, type VoiceFeatures } from './support/voice-features.ts';

// Every catalog voice speaks one sentence in its own language through the built-in engines (eSpeak NG and Flite
// behind the router, as the server runs them); the MP3 must decode, carry speech and have a plausible length.
const calls: { engine: string; language: string | undefined; text: string }[] = [];
/** Records which engine each synthesis went to; the engine itself is real. */
function recorded(engine: SpeechEngineV1): SpeechEngineV1 {
  return {
    ...engine,
    get sampleRate() {
      return engine.sampleRate;
    },
    capabilities: engine.capabilities,
    start: () => engine.start(),
    stop: () => engine.stop(),
    validateVoice: (voice) => engine.validateVoice(voice),
    queueDepth: () => engine.queueDepth(),
    synthesize(request: SynthesisRequest, options?: { signal?: AbortSignal }): AsyncIterable<PcmChunk> {
      calls.push({ engine: engine.id, language: request.language, text: request.text });
      return engine.synthesize(request, options);
    },
  };
}
const engine = createVoiceRouter([
  recorded(createEspeakEngine({ workers: 2, environment: {} })),
  recorded(createFliteEngine({ workers: 2, environment: {} })),
]);
const encoders = createMp3EncoderPool({ workers: 2, vbrQuality: 7 });
beforeAll(() => Promise.all([engine.start(), encoders.start()]), 60_000);
afterAll(() => Promise.all([engine.stop(), encoders.stop()]));

async function speak(voice: CatalogVoice, text: string, language?: string) {
  const parts: Uint8Array[] = [];
  const narration = narrate(engine, encoders, { text, voice, speed: 'normal', ...(language ? { language } : {}) });
  for await (const part of narration.bytes) parts.push(part);
  return decodeMp3(new Uint8Array(Buffer.concat(parts)));
}

const features = new Map<string, VoiceFeatures>();

describe('voice sweep', () => {
  test('the default engine setting builds the router over every engine', () => {
    const built = speechEngineFactory('builtin')({ workers: 1, environment: {} });
    expect(built.id).toBe('espeak+flite');
    expect(() => speechEngineFactory('no-such-engine')).toThrow('no-such-engine');
  });

  test('every catalog voice passes its engine check at start-up, and a bad profile is refused by name', () => {
    for (const voice of VOICES) expect(engine.validateVoice(voice)).toEqual([]);
    const aria = findVoice('std-aria')!;
    expect(engine.validateVoice({ ...aria, key: 'no-such-key' }).join()).toContain('no-such-key');
    expect(engine.validateVoice({ ...aria, engine: 'nope' }).join()).toContain('unknown engine');
    expect(engine.validateVoice({ ...findVoice('std-fr-denise')!, language: 'xx-XX' }).join()).toContain(
      'std-fr-denise',
    );
  });

  test.each(VOICES.map((voice) => [voice.id, voice] as const))(
    '%s speaks its own language',
    async (_id, voice) => {
      const text = sampleText(voice);
      const audio = await speak(voice, text);
      expect(audio.errors).toBe(0);
      expect(audio.rms).toBeGreaterThan(0.02);
      expect(audio.silentFraction).toBeLessThan(0.6);
      // Between 1 and 40 characters per second of audio: neither truncated nor stretched into silence.
      const charactersPerSecond = [...text].length / audio.durationSeconds;
      expect(charactersPerSecond).toBeGreaterThan(1);
      expect(charactersPerSecond).toBeLessThan(40);
      features.set(voice.id, voiceFeatures(audio.channel, audio.sampleRate));
    },
    60_000,
  );

  test('voices that share a language differ measurably in pitch or spectrum', () => {
    const alike: string[] = [];
    const byLanguage = Map.groupBy(VOICES, (voice) => voice.language);
    for (const group of byLanguage.values()) {
      for (let first = 0; first < group.length; first++) {
        for (let second = first + 1; second < group.length; second++) {
          const a = features.get(group[first]!.id)!;
          const b = features.get(group[second]!.id)!;
          const pitch = Math.abs(a.pitchHz - b.pitchHz) / Math.max(a.pitchHz, b.pitchHz, 1);
          const brightness = Math.abs(a.brightnessHz - b.brightnessHz) / Math.max(a.brightnessHz, b.brightnessHz, 1);
          if (pitch < 0.03 && brightness < 0.03)
            alike.push(
              `${group[first]!.id} ~ ${group[second]!.id} (${a.pitchHz.toFixed(0)}/${b.pitchHz.toFixed(0)} Hz, ${a.brightnessHz.toFixed(0)}/${b.brightnessHz.toFixed(0)} Hz)`,
            );
        }
      }
    }
    expect(alike).toEqual([]);
  });

  test('a child voice sounds like a child: higher pitch and brighter than the adult narrators of its engine', () => {
    const girl = features.get('kid-girl')!;
    const aria = features.get('std-aria')!;
    expect(girl.pitchHz).toBeGreaterThan(aria.pitchHz * 1.2);
    expect(girl.brightnessHz).toBeGreaterThan(aria.brightnessHz * 1.05);
  });

  test.each(SAMPLE_LANGUAGES.map((language) => [language] as const))(
    'expressive nova reads %s with the right engine',
    async (language) => {
      calls.length = 0;
      const audio = await speak(findVoice('nova')!, sampleInLanguage(language));
      expect(audio.rms).toBeGreaterThan(0.02);
      const engines = new Set(calls.map((call) => call.engine));
      expect([...engines]).toEqual([language === 'en' ? 'flite' : 'espeak']);
      if (language !== 'en') expect(calls.map((call) => call.language?.split('-')[0])).toContain(language);
    },
    60_000,
  );

  test('a mixed text is read sentence by sentence in its languages, and `language` forces one', async () => {
    const text =
      'The weather is lovely today and we are going to the park. Hoy vamos a la playa con toda la familia y los amigos.';
    calls.length = 0;
    await speak(findVoice('alloy')!, text);
    expect(calls.map((call) => call.engine)).toEqual(['flite', 'espeak']);
    expect(calls[1]!.language).toBe('es');
    calls.length = 0;
    await speak(findVoice('alloy')!, text, 'es');
    expect(calls.map((call) => [call.engine, call.language])).toEqual([['espeak', 'es']]);
  }, 60_000);
});

describe('the `language` request field', () => {
  test('accepts a catalog language and refuses any other with invalid_request', () => {
    expect(
      parseSpeechRequest(JSON.stringify({ text: 'Hola a todos.', voice: 'nova', language: 'es-MX' })).language,
    ).toBe('es-MX');
    expect(parseSpeechRequest(JSON.stringify({ text: 'Hello.' })).language).toBeUndefined();
    for (const language of ['xx', 'klingon', 42]) {
      let code: string | undefined;
      try {
        parseSpeechRequest(JSON.stringify({ text: 'Hello.', language }));
      } catch (error) {
        code = (error as AppError).code;
      }
      expect(code).toBe('invalid_request');
    }
  });
});
