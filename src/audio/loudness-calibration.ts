import type { SpeechEngineV1, SpeechSpeed, VoiceProfile } from '../../providers/spec/v1/speech-engine.ts';
import { LoudnessMeter } from './loudness-meter.ts';

/**
 * Per-voice loudness and speaking-rate calibration, measured rather than tabled, so it holds for any engine's voices
 * (including ones added later). The first time a voice is used, a fixed calibration passage is synthesised and its
 * integrated loudness measured (BS.1770, loudness-meter.ts); the gain that brings it to the target is cached under the
 * engine id and the voice's engine settings. The peak limiter in the encoder workers then keeps the true peak under
 * the ceiling whatever the gain.
 *
 * Speed: an engine may not reach a requested rate (eSpeak stops at 80-450 words a minute). The passage is also timed
 * at the requested rate; whatever the engine fell short of is made up by a time stretch in PCM.
 */
export const LOUDNESS_TARGET_LUFS = -19;
/** The limiter's ceiling, under the -1 dBTP promised for the decoded output: MP3 and Opus decoding overshoot a little. */
export const LIMITER_CEILING_DB = -2;

const PASSAGE =
  'The old lighthouse stood at the edge of the cliff. Every night, its keeper climbed the narrow stairs, ' +
  'lit the great lamp, and watched the ships pass safely by. "Will anyone remember us?" she asked the wind. ' +
  'Nobody answered, but the light kept turning, steady and bright, until morning came again.';
const MAX_GAIN_DB = 20;

export interface RatePlan {
  /** Rate factor to ask the engine for. */
  rateScale: number;
  /** Duration factor to make in PCM on top (1 = none). */
  stretch: number;
}

export class LoudnessCalibration {
  private readonly gains = new Map<string, Promise<number>>();
  private readonly lengths = new Map<string, Promise<number>>();

  constructor(readonly targetLufs = LOUDNESS_TARGET_LUFS) {}

  /**
   * Linear gain that brings this voice to the target loudness (1 for a voice that measures as silence). `background`
   * measures it as the engine's background work (calibration ahead of use, not a request waiting for it).
   */
  gain(
    engine: SpeechEngineV1,
    voice: VoiceProfile,
    speed: SpeechSpeed = 'normal',
    options: { background?: boolean } = {},
  ): Promise<number> {
    const key = `${cacheKey(engine, voice)}/${speed}`;
    let gain = this.gains.get(key);
    if (!gain) {
      gain = this.measure(engine, voice, 1, speed, options.background).then(({ loudness }) => {
        if (!Number.isFinite(loudness)) return 1;
        const decibels = Math.max(-MAX_GAIN_DB, Math.min(MAX_GAIN_DB, this.targetLufs - loudness));
        return 10 ** (decibels / 20);
      });
      // A failed measurement is not cached, so the next use tries again; the caller's synthesis fails with it, as
      // the engine is failing anyway.
      gain.catch(() => this.gains.delete(key));
      this.gains.set(key, gain);
    }
    return gain;
  }

  /** How to reach `speed` (length ratio 1/speed against speed 1) with this engine and voice. */
  async ratePlan(engine: SpeechEngineV1, voice: VoiceProfile, speed: number): Promise<RatePlan> {
    if (Math.abs(speed - 1) < 0.005) return { rateScale: 1, stretch: 1 };
    const lengths = await Promise.all([this.length(engine, voice, 1), this.length(engine, voice, speed)]).catch(
      () => undefined,
    );
    // Unmeasurable (engine busy or failing): leave the rate to the engine; synthesis will report a real failure.
    if (!lengths) return { rateScale: speed, stretch: 1 };
    const [normal, asked] = lengths;
    const wanted = normal / speed;
    const stretch = asked > 0 ? wanted / asked : 1;
    // Within 3 % the engine did it; otherwise stretch what it made.
    return { rateScale: speed, stretch: Math.abs(stretch - 1) < 0.03 ? 1 : stretch };
  }

  private length(engine: SpeechEngineV1, voice: VoiceProfile, speed: number): Promise<number> {
    const key = `${cacheKey(engine, voice)}@${speed.toFixed(2)}`;
    let length = this.lengths.get(key);
    if (!length) {
      length = this.measure(engine, voice, Number(speed.toFixed(2))).then(({ samples }) => samples);
      length.catch(() => this.lengths.delete(key));
      this.lengths.set(key, length);
    }
    return length;
  }

  private async measure(
    engine: SpeechEngineV1,
    voice: VoiceProfile,
    rateScale: number,
    speed: SpeechSpeed = 'normal',
    background = false,
  ): Promise<{ loudness: number; samples: number }> {
    const meter = new LoudnessMeter(engine.sampleRate);
    let samples = 0;
    for await (const chunk of engine.synthesize({ text: PASSAGE, voice, speed, rateScale }, { background })) {
      meter.push(chunk.samples, 1 / 32768);
      samples += chunk.samples.length;
    }
    return { loudness: meter.integrated(), samples };
  }
}

function cacheKey(engine: SpeechEngineV1, voice: VoiceProfile): string {
  return `${engine.id}:${voice.id}:${voice.engine}:${voice.key}`;
}
