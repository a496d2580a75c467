import type { SpeechEngineV1, SpeechEvent, SpeechSpeed, VoiceProfile } from '../../providers/spec/v1/speech-engine.ts';
import { splitText } from '../lib/sentences.ts';
import type { EncodingOptions, Mp3EncoderPool } from './mp3-encoder-pool.ts';
import { narrate, type Narration, type NarrationResult } from './narrate.ts';

/**
 * Text -> one MP3, with synthesis and encoding spread over all workers. The text is cut at sentence ends; each part is
 * synthesised and encoded on its own and the parts' MP3 frames are joined in order. Every cut falls in the pause after
 * a sentence, where the audio is silent, so the joins add no clicks and duplicate nothing; each encoder's start-up
 * delay lengthens that pause by a few tens of milliseconds.
 *
 * At most `parallelism` parts are in flight and at most twice that many are held ahead of the part being streamed
 * (their MP3, not their PCM, is buffered: ~6 KB per second of audio), so memory stays bounded whatever the text length.
 */
export interface ParallelOptions {
  signal?: AbortSignal;
  parallelism: number;
  /** Target characters per part; parts end at sentence boundaries. */
  segmentLength: number;
  /** Called with characters finished, in text order. */
  onProgress?(charactersDone: number): void;
}

interface Part {
  chunks: Uint8Array[];
  finished: boolean;
  failure?: unknown;
  wake?: () => void;
  narration: Narration;
  length: number;
  offset: number;
}

export function narrateInParallel(
  engine: SpeechEngineV1,
  encoders: Mp3EncoderPool,
  request: {
    text: string;
    voice: VoiceProfile;
    language?: string;
    speed: SpeechSpeed;
    rateScale?: number;
    events?: { words?: boolean; phonemes?: boolean };
    encoding?: EncodingOptions;
  },
  options: ParallelOptions,
): Narration {
  const segments = splitText(
    request.text,
    Math.min(engine.capabilities.maxCharactersPerCall, options.segmentLength * 2),
    options.segmentLength,
  );
  if (segments.length === 1) return narrate(engine, encoders, request, options.signal);

  const controller = new AbortController();
  const forward = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forward, { once: true });
  const parts: Part[] = [];
  let resolveResult!: (value: NarrationResult) => void;
  let rejectResult!: (reason: unknown) => void;
  const result = new Promise<NarrationResult>((resolve, reject) => {
    resolveResult = resolve;
    rejectResult = reject;
  });
  result.catch(() => {});

  // Parts start as workers free up, not in text order: a part that finishes early must not leave its worker idle while
  // an earlier, longer part is still being spoken. At most `window` parts are held ahead of the one being streamed.
  const window = options.parallelism * 2;
  let started = 0;
  let running = 0;
  let head = 0;
  const fill = () => {
    while (
      !controller.signal.aborted &&
      running < options.parallelism &&
      started < segments.length &&
      started - head < window
    ) {
      running++;
      startPart(started++);
    }
  };

  const startPart = (index: number) => {
    const segment = segments[index]!;
    const narration = narrate(
      engine,
      encoders,
      { ...request, text: segment.text, continues: index < segments.length - 1 },
      controller.signal,
    );
    const part: Part = { chunks: [], finished: false, narration, length: segment.text.length, offset: segment.offset };
    parts[index] = part;
    // Drain the encoder into memory so a part that is not yet at the head never stalls its workers.
    void (async () => {
      try {
        for await (const chunk of narration.bytes) {
          part.chunks.push(chunk);
          part.wake?.();
        }
      } catch (error) {
        part.failure = error;
      }
      part.finished = true;
      running--;
      fill();
      part.wake?.();
    })();
  };

  async function* bytes() {
    let completed = false;
    let charactersDone = 0;
    // Each part's events are shifted in place onto the whole text's timeline as the part completes, and the part's
    // own result is dropped, so there is one copy of the events however long the text.
    const events: SpeechEvent[] = [];
    let samples = 0;
    let decodedSamples = 0;
    try {
      fill();
      for (let index = 0; index < segments.length; index++) {
        const part = parts[index];
        // Only an abort stops `fill` from starting the next part.
        if (!part) throw controller.signal.reason ?? new DOMException('narration stopped', 'AbortError');
        while (true) {
          const chunk = part.chunks.shift();
          if (chunk) {
            yield chunk;
            continue;
          }
          if (part.finished) break;
          await new Promise<void>((resolve) => (part.wake = resolve));
          part.wake = undefined;
        }
        if (part.failure) throw part.failure;
        const partResult = await part.narration.result;
        for (const event of partResult.events) {
          event.textOffset += segments[index]!.offset;
          // Each part's events shift by the decoded length of the parts before it (what a player's clock shows).
          event.sample += decodedSamples;
          events.push(event);
        }
        samples += partResult.samples;
        decodedSamples += partResult.decodedSamples;
        charactersDone += part.length;
        delete parts[index];
        options.onProgress?.(charactersDone);
        head = index + 1;
        fill();
      }
      resolveResult({ samples, decodedSamples, sampleRate: engine.sampleRate, events });
      completed = true;
    } catch (error) {
      rejectResult(error);
      throw error;
    } finally {
      options.signal?.removeEventListener('abort', forward);
      if (!completed) {
        controller.abort();
        rejectResult(new DOMException('narration stopped', 'AbortError'));
      }
    }
  }
  return { bytes: bytes(), result };
}
