import type { FliteVoiceSettings } from './flite-voices.ts';

/** Messages between the Flite engine (main thread) and its workers. */
export type FliteWorkerRequest =
  | {
      type: 'synthesize';
      id: number;
      text: string;
      settings: FliteVoiceSettings;
      /** Duration stretch with speed and rate scale applied. */
      stretch: number;
      /** Pitch spread multiplier (`gentle` is flatter). */
      flatten: number;
      /** Output gain with speed applied. */
      gain: number;
      words: boolean;
      phonemes: boolean;
    }
  | { type: 'cancel'; id: number }
  /** First message: the program compiled by an earlier worker, shared (absent: the worker compiles it). */
  | { type: 'init'; module?: WebAssembly.Module };

export interface FliteRawEvent {
  type: 'word' | 'phoneme';
  /** UTF-16 offset into the request text. */
  textOffset: number;
  textLength: number;
  /** Sample at the output rate, from the start of this request's audio. */
  sample: number;
  phoneme?: string;
}

export type FliteWorkerResponse =
  /** `voices`: the voice names the program lists (`flite -lv`). */
  | { type: 'ready'; sampleRate: number; module: WebAssembly.Module; voices: string[] }
  | { type: 'chunk'; id: number; samples: Int16Array; events: FliteRawEvent[] }
  | { type: 'done'; id: number }
  | { type: 'failed'; id: number; message: string }
  | { type: 'fatal'; message: string };
