/**
 * A look-ahead peak limiter for mono float PCM with no net delay: the output has exactly the input's length and
 * timing (the first `lookahead` outputs, which would be the delay line's silence, are dropped, and `flush` returns the
 * last ones), so word timings and frame counts stay as they were.
 *
 * Peaks are estimated between samples too (cubic interpolation at quarter positions), because what a player's DAC and
 * the BS.1770 true-peak meter see is the reconstructed wave, and MP3 decoding adds its own overshoot on top; the
 * ceiling leaves room for that. The gain for each sample is the smallest gain any sample in the next `lookahead`
 * needs, smoothed by a moving average over `lookahead` samples (so it ramps down before a peak instead of
 * clicking) and released exponentially.
 */
export class PeakLimiter {
  private readonly lookahead: number;
  private readonly release: number;
  private readonly input: Float32Array;
  private readonly required: Float32Array;
  /** Monotonic queue (indices into the ring) for the sliding minimum of `required`. */
  private readonly minimumQueue: Int32Array;
  private queueHead = 0;
  private queueTail = 0;
  private readonly averageRing: Float32Array;
  private averageSum = 0;
  private position = 0;
  private gain = 1;
  private older = 0;
  private old = 0;
  private last = 0;
  private dropped = 0;

  constructor(
    sampleRate: number,
    private readonly ceiling: number,
  ) {
    this.lookahead = Math.max(8, Math.round(sampleRate * 0.004));
    this.release = 1 - Math.exp(-1 / (sampleRate * 0.08));
    this.input = new Float32Array(this.lookahead + 1);
    this.required = new Float32Array(this.lookahead + 1);
    this.minimumQueue = new Int32Array(4 * (this.lookahead + 1));
    this.averageRing = new Float32Array(this.lookahead + 1).fill(1);
    this.averageSum = this.lookahead + 1;
  }

  /** Returns the limited samples that are ready (as many as were pushed, once the look-ahead has filled). */
  process(samples: Float32Array): Float32Array {
    const output = new Float32Array(samples.length);
    let written = 0;
    for (let index = 0; index < samples.length; index++) {
      const value = this.step(samples[index]!);
      if (this.dropped < this.lookahead) this.dropped++;
      else output[written++] = value;
    }
    return output.subarray(0, written);
  }

  /** The samples still in the look-ahead. */
  flush(): Float32Array {
    const output = new Float32Array(this.dropped);
    for (let index = 0; index < output.length; index++) output[index] = this.step(0);
    this.dropped = 0;
    return output;
  }

  private step(sample: number): number {
    const size = this.lookahead + 1;
    const slot = this.position % size;
    const a = this.older;
    const b = this.old;
    const c = this.last;
    // Cubic (Catmull-Rom) estimates between the previous two samples, where overshoot between samples happens.
    const d1 = c - a;
    const d2 = 2 * a - 5 * b + 4 * c - sample;
    const d3 = 3 * (b - c) + sample - a;
    const q1 = b + 0.125 * (d1 + 0.25 * (d2 + 0.25 * d3));
    const q2 = b + 0.25 * (d1 + 0.5 * (d2 + 0.5 * d3));
    const q3 = b + 0.375 * (d1 + 0.75 * (d2 + 0.75 * d3));
    const peak = Math.max(Math.abs(sample), Math.abs(q1), Math.abs(q2), Math.abs(q3));
    this.older = b;
    this.old = c;
    this.last = sample;
    const required = peak > this.ceiling ? this.ceiling / peak : 1;
    this.input[slot] = sample;
    this.required[slot] = required;
    // Sliding minimum over the last `size` required gains.
    const queue = this.minimumQueue;
    const capacity = queue.length;
    while (
      this.queueTail > this.queueHead &&
      this.required[queue[(this.queueTail - 1) % capacity]! % size]! >= required
    )
      this.queueTail--;
    queue[this.queueTail++ % capacity] = this.position;
    while (queue[this.queueHead % capacity]! <= this.position - size) this.queueHead++;
    const minimum = this.required[queue[this.queueHead % capacity]! % size]!;
    // Moving average of the minimum: every term covers the sample leaving the delay line, so the average does too.
    this.averageSum += minimum - this.averageRing[slot]!;
    this.averageRing[slot] = minimum;
    const smoothed = Math.min(1, this.averageSum / size);
    this.gain = smoothed < this.gain ? smoothed : this.gain + (smoothed - this.gain) * this.release;
    if (this.gain > smoothed) this.gain = smoothed;
    this.position++;
    // The sample leaving the delay line entered `lookahead` steps ago.
    const leaving = this.input[this.position % size]!;
    return leaving * this.gain;
  }
}
