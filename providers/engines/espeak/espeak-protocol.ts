/** Messages between the eSpeak engine (main thread) and its workers. */

export interface EspeakVoiceSettings {
  /** eSpeak voice (language) name, e.g. `en-us`, `fr-fr`, `cmn`. */
  voice: string;
  /** Variant file from espeak-ng-data/voices/!v, e.g. `f3`, `whisper`; none = the language's default. */
  variant?: string;
  /** 0-99 base pitch. */
  pitch: number;
  /** 0-99 pitch range (lower is flatter, calmer). */
  range: number;
  /** Words per minute at speed `normal`. */
  rate: number;
  /** 0-200 amplitude. */
  volume: number;
}

export type WorkerRequest = {
  type: 'synthesize';
  id: number;
  text: string;
  settings: EspeakVoiceSettings;
  words: boolean;
  phonemes: boolean;
  cancelSlot: number;
};

export interface RawEvent {
  type: 'word' | 'sentence' | 'phoneme';
  /** 1-based character position in the SSML input. */
  position: number;
  length: number;
  /** Milliseconds from the start of this call's audio. */
  ms: number;
  phoneme?: string;
}

export type WorkerResponse =
  | {
      type: 'ready';
      sampleRate: number;
      voices: string[];
      variants: string[] /** The speed fix of espeak-module.ts applied. */;
      patched: boolean;
    }
  | { type: 'chunk'; id: number; samples: Int16Array; events: RawEvent[] }
  | { type: 'done'; id: number }
  | { type: 'failed'; id: number; message: string }
  | { type: 'fatal'; message: string };
