/**
 * Streaming band-limited resampler (windowed sinc, 16 zero crossings each side, Blackman window) for mono float PCM.
 * Used where a format fixes the rate: OpenAI's pcm is 24 kHz, Opus takes 8/12/16/24/48 kHz, while engines speak at
 * 22,050 Hz or 16 kHz. The output has exactly round(input * outputRate / inputRate) samples, aligned with the input.
 */
const HALF_TAPS = 16;
const PHASES = 512;

export class Resampler {
  private readonly step: number;
  private readonly cutoff: number;
  private readonly kernel: Float32Array;
  private buffer = new Float32Array(HALF_TAPS * 2);
  private length = HALF_TAPS;
  /** Position of the next output in buffer coordinates. */
  private time = HALF_TAPS;
  private consumed = 0;
  private produced = 0;

  constructor(
    readonly inputRate: number,
    readonly outputRate: number,
  ) {
    this.step = inputRate / outputRate;
    this.cutoff = Math.min(1, outputRate / inputRate) * 0.97;
    // kernel[phase * (2H+1) + tap]: tabulated sinc·window at PHASES fractional offsets.
    this.kernel = new Float32Array((PHASES + 1) * (2 * HALF_TAPS + 1));
    for (let phase = 0; phase <= PHASES; phase++) {
      const fraction = phase / PHASES;
      for (let tap = -HALF_TAPS; tap <= HALF_TAPS; tap++) {
        const x = tap - fraction;
        const sinc = x === 0 ? 1 : Math.sin(Math.PI * this.cutoff * x) / (Math.PI * this.cutoff * x);
        const w = (x + HALF_TAPS + 1) / (2 * HALF_TAPS + 2);
        const window = w <= 0 || w >= 1 ? 0 : 0.42 - 0.5 * Math.cos(2 * Math.PI * w) + 0.08 * Math.cos(4 * Math.PI * w);
        this.kernel[phase * (2 * HALF_TAPS + 1) + tap + HALF_TAPS] = this.cutoff * sinc * window;
      }
    }
  }

  process(samples: Float32Array): Float32Array {
    this.append(samples);
    this.consumed += samples.length;
    return this.drain(Number.POSITIVE_INFINITY);
  }

  flush(): Float32Array {
    const target = Math.round((this.consumed * this.outputRate) / this.inputRate);
    this.append(new Float32Array(HALF_TAPS + 2));
    return this.drain(target - this.produced);
  }

  private append(samples: Float32Array) {
    if (this.length + samples.length > this.buffer.length) {
      const grown = new Float32Array(Math.max(this.buffer.length * 2, this.length + samples.length));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(samples, this.length);
    this.length += samples.length;
  }

  private drain(limit: number): Float32Array {
    const count = Math.max(0, Math.min(limit, Math.floor((this.length - HALF_TAPS - 1 - this.time) / this.step) + 1));
    const output = new Float32Array(count);
    const width = 2 * HALF_TAPS + 1;
    for (let index = 0; index < count; index++) {
      const base = Math.floor(this.time);
      const phase = Math.round((this.time - base) * PHASES);
      const offset = phase * width;
      let sum = 0;
      for (let tap = -HALF_TAPS; tap <= HALF_TAPS; tap++)
        sum += this.buffer[base + tap]! * this.kernel[offset + tap + HALF_TAPS]!;
      output[index] = sum;
      this.time += this.step;
    }
    this.produced += count;
    // Keep only the history the next outputs need.
    const keep = Math.max(0, Math.floor(this.time) - HALF_TAPS);
    if (keep > 0) {
      this.buffer.copyWithin(0, keep, this.length);
      this.length -= keep;
      this.time -= keep;
    }
    return output;
  }
}
