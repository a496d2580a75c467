/**
 * Speech engine provider, specification v1.
 *
 * An engine turns plain text into 16-bit PCM. It never sees credits, accounts or HTTP: recite has already validated,
 * screened and billed the request. Encoding to MP3 is recite's job, so any engine works with any output format.
 */

/** How a catalog voice should sound; engines read the hints they understand and ignore the rest. */
export interface VoiceProfile {
  /** Catalog id as clients send it, e.g. `std-aria`. */
  id: string;
  /** BCP 47 language tag, e.g. `en-US`. */
  language: string;
  gender: 'female' | 'male' | 'neutral';
  age: 'child' | 'adult' | 'senior';
  /**
   * Id of the engine that speaks this voice in its own language (`espeak`, `flite`, ...). The app never sees an engine's
   * settings: each engine keeps a private table from `key` to its settings, and must reject (at start-up, via
   * `validateVoice`) a key it does not know or cannot load.
   */
  engine: string;
  /** The engine-private settings key, e.g. `std-aria`. */
  key: string;
  /**
   * The voice reads every catalog language: each sentence is spoken in its detected language, with this voice's
   * character, by an engine that speaks that language.
   */
  multilingual?: boolean;
}

/** Delivery speed as the API exposes it. */
export type SpeechSpeed = 'slow' | 'normal' | 'gentle';

export interface SynthesisRequest {
  /** Plain text (already normalised by recite); engines must treat it as text, never as markup. */
  text: string;
  voice: VoiceProfile;
  /**
   * Language of this text (BCP 47 or a primary subtag such as `es`) when it differs from the voice's own; the engine
   * speaks it with the voice's character (gender, pitch, pace). Absent: `voice.language`.
   */
  language?: string;
  speed: SpeechSpeed;
  /** Extra speaking-rate factor on top of `speed` (0.25-4; OpenAI-compatible requests), 1 when absent. */
  rateScale?: number;
  /** Ask for word/phoneme timing events; engines without the capability ignore it. */
  events?: { words?: boolean; phonemes?: boolean };
  /**
   * More text follows this call (recite split a long text at a sentence end). The audio must then end with the pause
   * the engine would have left between the two sentences had they been one call, so the joined parts sound like one.
   */
  continues?: boolean;
}

export interface SpeechEvent {
  type: 'word' | 'sentence' | 'phoneme';
  /** Offset into the request text, in UTF-16 code units, where the unit starts. */
  textOffset: number;
  /** Length in UTF-16 code units (words), 0 when unknown. */
  textLength: number;
  /** Start of the unit in the audio, in samples from the start of this request's audio. */
  sample: number;
  /** Phoneme symbol for phoneme events. */
  phoneme?: string;
}

export interface PcmChunk {
  /** Mono signed 16-bit samples at `sampleRate`. Ownership passes to the caller. */
  samples: Int16Array;
  /** Events whose `sample` falls inside or before this chunk. */
  events: SpeechEvent[];
}

export interface SpeechEngineCapabilities {
  /** Language tags the engine can speak (BCP 47 primary subtags suffice). */
  languages: string[];
  wordEvents: boolean;
  phonemeEvents: boolean;
  /** Largest text one `synthesize` call accepts; recite splits longer texts at sentence boundaries. */
  maxCharactersPerCall: number;
  /** Calls that can run at once (e.g. worker pool size). */
  concurrency: number;
}

export interface SpeechEngineV1 {
  readonly specificationVersion: 'v1';
  readonly id: string;
  readonly sampleRate: number;
  readonly capabilities: SpeechEngineCapabilities;

  /** Load models, start workers and run one warm-up synthesis so the first request is not slow. */
  start(): Promise<void>;
  /** Returns problems with a voice profile (unknown voice or variant ...); empty when the engine can speak it. */
  validateVoice(voice: VoiceProfile): string[];
  /**
   * Stream PCM for one request, in order. Aborting `signal` stops the work and the iterator throws an AbortError.
   * Any other failure throws; recite reports it as `synthesis_failed` and charges nothing. `background` marks work the
   * server does for itself, such as measuring a voice's loudness ahead of its first use: it waits while any other
   * request is queued and is not traffic (it must not start an engine's warm-up, as a real call would).
   */
  synthesize(
    request: SynthesisRequest,
    options?: { signal?: AbortSignal; background?: boolean },
  ): AsyncIterable<PcmChunk>;
  /** Calls waiting for a free slot; recite sheds load with `unavailable` when this grows too large. */
  queueDepth(): number;
  /** Stop workers; pending calls reject. */
  stop(): Promise<void>;
}

export type SpeechEngineFactory = (options: {
  workers: number;
  environment: Record<string, string | undefined>;
  /**
   * Stop the workers after this many milliseconds without a call, and start them again on the next one (absent or 0:
   * keep them). Idle workers of an engine the traffic does not use hold memory for nothing.
   */
  idleStopMs?: number;
}) => SpeechEngineV1;
