/**
 * Integrated loudness per ITU-R BS.1770-4 for mono PCM: K-weighting (a high shelf then a high pass, the filters'
 * analogue parameters turned into biquads for any sample rate), 400 ms blocks with 75 % overlap, an absolute gate at
 * -70 LUFS and a relative gate 10 LU below the ungated level. ffmpeg's `ebur128` filter implements the same
 * standard; scripts/bench-loudness.ts checks the output against it.
 */
interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

function kWeighting(sampleRate: number): [Biquad, Biquad] {
  // Parameters of the standard's 48 kHz filters, recovered as analogue prototypes (Q, centre and gain).
  let k = Math.tan((Math.PI * 1681.974450955533) / sampleRate);
  const gain = 3.999843853973347;
  const q = 0.7071752369554196;
  const high = 10 ** (gain / 20);
  const band = high ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf = {
    b0: (high + (band * k) / q + k * k) / a0,
    b1: (2 * (k * k - high)) / a0,
    b2: (high - (band * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  k = Math.tan((Math.PI * 38.13547087602444) / sampleRate);
  const q2 = 0.5003270373238773;
  a0 = 1 + k / q2 + k * k;
  const highPass = { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q2 + k * k) / a0 };
  return [shelf, highPass];
}

export class LoudnessMeter {
  private readonly filters: [Biquad, Biquad];
  private readonly state = new Float64Array(8);
  private readonly stepSamples: number;
  /** Mean square of each 100 ms step; a block is four consecutive steps. */
  private readonly steps: number[] = [];
  private sum = 0;
  private count = 0;

  constructor(readonly sampleRate: number) {
    this.filters = kWeighting(sampleRate);
    this.stepSamples = Math.round(sampleRate / 10);
  }

  /** Samples as floats in [-1, 1]. */
  push(samples: ArrayLike<number>, scale = 1): void {
    const [f, g] = this.filters;
    const s = this.state;
    for (let index = 0; index < samples.length; index++) {
      const x = samples[index]! * scale;
      const y = f.b0 * x + f.b1 * s[0]! + f.b2 * s[1]! - f.a1 * s[2]! - f.a2 * s[3]!;
      s[1] = s[0]!;
      s[0] = x;
      s[3] = s[2]!;
      s[2] = y;
      const z = g.b0 * y + g.b1 * s[4]! + g.b2 * s[5]! - g.a1 * s[6]! - g.a2 * s[7]!;
      s[5] = s[4]!;
      s[4] = y;
      s[7] = s[6]!;
      s[6] = z;
      this.sum += z * z;
      if (++this.count === this.stepSamples) {
        this.steps.push(this.sum / this.count);
        this.sum = 0;
        this.count = 0;
      }
    }
  }

  /** Integrated loudness in LUFS; -Infinity for silence or less than 400 ms of audio. */
  integrated(): number {
    const blocks: number[] = [];
    for (let index = 3; index < this.steps.length; index++) {
      blocks.push((this.steps[index - 3]! + this.steps[index - 2]! + this.steps[index - 1]! + this.steps[index]!) / 4);
    }
    const loudness = (power: number) => -0.691 + 10 * Math.log10(power);
    const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / values.length;
    const absolute = blocks.filter((power) => loudness(power) > -70);
    if (absolute.length === 0) return Number.NEGATIVE_INFINITY;
    const threshold = loudness(mean(absolute)) - 10;
    const relative = absolute.filter((power) => loudness(power) > threshold);
    return loudness(mean(relative));
  }
}
