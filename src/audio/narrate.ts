import type { SpeechEngineV1, SpeechEvent, SpeechSpeed, VoiceProfile } from '../../providers/spec/v1/speech-engine.ts';
import { splitText } from '../lib/sentences.ts';
import type { EncodingOptions, Mp3EncoderPool } from './mp3-encoder-pool.ts';
import { MP3_CODEC_DELAY_SAMPLES, Mp3FrameCounter } from './mp3-frames.ts';

export interface NarrationResult {
  /** PCM samples synthesised. */
  samples: number;
  /** Samples a decoder produces from the MP3 (PCM plus codec delay and frame padding). */
  decodedSamples: number;
  sampleRate: number;
  /** Events placed on the decoded MP3's timeline (codec delay included), so times match what players show. */
  events: SpeechEvent[];
}

export interface Narration {
  /** MP3 bytes in order. Throws at the end if synthesis failed; stopping early cancels the work. */
  bytes: AsyncIterable<Uint8Array>;
  /** Settles when all audio has been produced. */
  result: Promise<NarrationResult>;
}

/**
 * Text -> one continuous MP3 stream. Texts longer than the engine accepts per call are split at sentence boundaries
 * and fed, in order, through a single encoder, so the output has no seams.
 */
export function narrate(
  engine: SpeechEngineV1,
  encoders: Mp3EncoderPool,
  request: {
    text: string;
    voice: VoiceProfile;
    language?: string;
    speed: SpeechSpeed;
    rateScale?: number;
    events?: { words?: boolean; phonemes?: boolean };
    continues?: boolean;
    encoding?: EncodingOptions;
  },
  signal?: AbortSignal,
): Narration {
  const controller = new AbortController();
  const forward = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  const stream = encoders.open({ ...request.encoding, sampleRate: engine.sampleRate });
  const events: SpeechEvent[] = [];
  const frames = new Mp3FrameCounter();
  let samples = 0;

  // The result waits for the last MP3 frame so `decodedSamples` is final.
  let markEncoded!: () => void;
  const encoded = new Promise<void>((resolve) => (markEncoded = resolve));
  const result = (async (): Promise<NarrationResult> => {
    try {
      // Loudness normalisation: the voice's measured gain, applied with the limiter in the encoder worker.
      const gain = await encoders.loudness.gain(engine, request.voice, request.speed);
      const parts = splitText(request.text, engine.capabilities.maxCharactersPerCall);
      for (const [index, part] of parts.entries()) {
        const base = samples;
        const continues = index < parts.length - 1 || request.continues === true;
        const synthesis = engine.synthesize(
          {
            text: part.text,
            voice: request.voice,
            language: request.language,
            speed: request.speed,
            rateScale: request.rateScale,
            events: request.events,
            continues,
          },
          { signal: controller.signal },
        );
        for await (const chunk of synthesis) {
          // Events are the engine's fresh objects: shifted in place, not copied (a 1M-character job has ~200,000).
          for (const event of chunk.events) {
            event.textOffset += part.offset;
            event.sample += base + MP3_CODEC_DELAY_SAMPLES;
            events.push(event);
          }
          samples += chunk.samples.length;
          stream.write(chunk.samples, gain);
        }
      }
      stream.end();
      await encoded;
      return { samples, decodedSamples: frames.samples, sampleRate: engine.sampleRate, events };
    } catch (error) {
      stream.abort();
      throw error;
    } finally {
      signal?.removeEventListener('abort', forward);
    }
  })();
  // Failures surface through `bytes`; keep an unobserved `result` from crashing the process.
  result.catch(() => {});

  async function* bytes() {
    let finished = false;
    try {
      for await (const chunk of stream.bytes) {
        frames.push(chunk);
        yield chunk;
      }
      markEncoded();
      await result;
      finished = true;
    } finally {
      markEncoded();
      if (!finished) {
        controller.abort();
        stream.abort();
      }
    }
  }
  return { bytes: bytes(), result };
}

/** Duration in milliseconds of `samples` at `sampleRate`. */
export function durationMs(samples: number, sampleRate: number): number {
  return Math.round((samples * 1000) / sampleRate);
}
