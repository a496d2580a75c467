/**
 * WSOLA time stretch for mono float PCM: changes duration by `factor` (2 = twice as long) without changing pitch.
 * Engines have a limited speaking-rate range (eSpeak stops at 80-450 words a minute), so the rest of a requested
 * speed is made here. Frames of 30 ms are overlap-added with a Hann window at a fixed output hop; each frame is
 * taken from near its nominal input position, shifted by up to ±`tolerance` to the position whose waveform best
 * continues the previous frame (cross-correlation), which keeps voiced speech free of phase jumps.
 */
export class TimeStretch {
  private readonly frame: number;
  private readonly hop: number;
  private readonly tolerance: number;
  private readonly window: Float32Array;
  private input = new Float32Array(0);
  /** Absolute input position of input[0]. */
  private inputBase = 0;
  private inputTotal = 0;
  private readonly overlap: Float32Array;
  private frames = 0;
  private previous = 0;
  private produced = 0;

  constructor(
    sampleRate: number,
    readonly factor: number,
  ) {
    this.frame = 2 * Math.round(sampleRate * 0.015);
    this.hop = this.frame / 2;
    this.tolerance = Math.round(sampleRate * 0.008);
    this.window = new Float32Array(this.frame);
    for (let index = 0; index < this.frame; index++)
      this.window[index] = 0.5 - 0.5 * Math.cos((2 * Math.PI * index) / this.frame);
    this.overlap = new Float32Array(this.frame);
  }

  process(samples: Float32Array): Float32Array {
    const grown = new Float32Array(this.input.length + samples.length);
    grown.set(this.input);
    grown.set(samples, this.input.length);
    this.input = grown;
    this.inputTotal += samples.length;
    return this.run(false);
  }

  flush(): Float32Array {
    return this.run(true);
  }

  private run(final: boolean): Float32Array {
    const chunks: Float32Array[] = [];
    const target = Math.round(this.inputTotal * this.factor);
    while (true) {
      if (final && this.produced >= target) break;
      const nominal = Math.round((this.frames * this.hop) / this.factor);
      const last = nominal + this.tolerance + this.frame;
      if (!final && last > this.inputBase + this.input.length) break;
      const position = this.frames === 0 ? 0 : this.bestPosition(nominal);
      const frame = this.at(position, this.frame);
      for (let index = 0; index < this.frame; index++) this.overlap[index]! += frame[index]! * this.window[index]!;
      this.previous = position;
      this.frames++;
      const ready = this.overlap.slice(0, this.hop);
      this.overlap.copyWithin(0, this.hop);
      this.overlap.fill(0, this.hop);
      const take = final ? Math.min(ready.length, target - this.produced) : ready.length;
      chunks.push(ready.subarray(0, take));
      this.produced += take;
      // Drop input no later frame can reach.
      const keepFrom =
        Math.min(this.previous, Math.round((this.frames * this.hop) / this.factor) - this.tolerance) - this.inputBase;
      if (keepFrom > 0) {
        this.input = this.input.slice(keepFrom);
        this.inputBase += keepFrom;
      }
    }
    const length = chunks.reduce((total, chunk) => total + chunk.length, 0);
    const output = new Float32Array(length);
    let at = 0;
    for (const chunk of chunks) {
      output.set(chunk, at);
      at += chunk.length;
    }
    return output;
  }

  /** `count` samples from absolute input position `position`, zeros outside what is buffered. */
  private at(position: number, count: number): Float32Array {
    const output = new Float32Array(count);
    const start = position - this.inputBase;
    for (let index = Math.max(0, -start); index < count && start + index < this.input.length; index++)
      output[index] = this.input[start + index]!;
    return output;
  }

  private bestPosition(nominal: number): number {
    // The natural continuation of the previous frame, half a frame on; compared over the overlapping half.
    const continuation = this.at(this.previous + this.hop, this.hop);
    let best = nominal;
    let bestScore = Number.NEGATIVE_INFINITY;
    const low = Math.max(0, nominal - this.tolerance);
    for (let candidate = low; candidate <= nominal + this.tolerance; candidate++) {
      const start = candidate - this.inputBase;
      let score = 0;
      for (let index = 0; index < this.hop; index += 2)
        score += continuation[index]! * (this.input[start + index] ?? 0);
      if (score > bestScore) {
        bestScore = score;
        best = candidate;
      }
    }
    return best;
  }
}
