/**
 * Counts MPEG audio frames in a byte stream, chunk by chunk, to know exactly how many samples a decoder will produce.
 * Parts encoded separately each add their encoder's start-up delay, so word timings of later parts are placed by the
 * decoded length of the parts before them, not by their PCM length.
 *
 * The counter also keeps what a Xing/Info frame needs (see xing-frame.ts): the first frame's header, whether every
 * frame has the same bitrate, and the byte offset of every `stride`-th frame for the seek table. The stride doubles
 * whenever the offset list fills, so memory stays bounded however long the stream is.
 */
const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};
const MAX_OFFSETS = 4096;

/** Samples between a PCM sample entering LAME and leaving a decoder: LAME's encoder delay plus the decoder's. */
export const MP3_CODEC_DELAY_SAMPLES = 576 + 529;

export class Mp3FrameCounter {
  frames = 0;
  samples = 0;
  bytes = 0;
  /** The first frame's 4 header bytes, once seen. */
  firstHeader?: Uint8Array;
  /** True while every frame so far has the same bitrate (CBR). */
  constantBitrate = true;
  /** offsets[i] is the byte offset of frame i * stride. */
  offsets: number[] = [];
  stride = 1;
  private skip = 0;
  private header: number[] = [];
  private bitrateIndex = -1;

  push(chunk: Uint8Array): void {
    let index = 0;
    while (index < chunk.length) {
      if (this.skip > 0) {
        const step = Math.min(this.skip, chunk.length - index);
        this.skip -= step;
        index += step;
        continue;
      }
      this.header.push(chunk[index++]!);
      if (this.header.length < 4) continue;
      const frame = parseHeader(this.header);
      if (!frame) {
        // Not a frame start (should not happen with LAME output): slide one byte and look again.
        this.header.shift();
        continue;
      }
      const start = this.bytes + index - 4;
      if (!this.firstHeader) this.firstHeader = Uint8Array.from(this.header);
      if (this.bitrateIndex === -1) this.bitrateIndex = frame.bitrateIndex;
      else if (frame.bitrateIndex !== this.bitrateIndex) this.constantBitrate = false;
      if (this.frames % this.stride === 0) {
        this.offsets.push(start);
        if (this.offsets.length >= MAX_OFFSETS) {
          this.offsets = this.offsets.filter((_, position) => position % 2 === 0);
          this.stride *= 2;
        }
      }
      this.frames++;
      this.samples += frame.samples;
      this.skip = frame.length - 4;
      this.header = [];
    }
    this.bytes += chunk.length;
  }

  /** Byte offset of frame `frame` (exact at multiples of the stride, the nearest recorded frame before it otherwise). */
  offsetOf(frame: number): number {
    return this.offsets[Math.min(this.offsets.length - 1, Math.floor(frame / this.stride))] ?? 0;
  }
}

export interface FrameHeader {
  length: number;
  samples: number;
  bitrateIndex: number;
  version: number;
  sampleRate: number;
}

export function parseHeader([b0, b1, b2]: number[] | Uint8Array): FrameHeader | undefined {
  if (b0 !== 0xff || (b1! & 0xe0) !== 0xe0) return undefined;
  const version = (b1! >> 3) & 0x03; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layer = (b1! >> 1) & 0x03; // 1: Layer III
  if (version === 1 || layer !== 1) return undefined;
  const bitrateIndex = (b2! >> 4) & 0x0f;
  const bitrate = (version === 3 ? BITRATES_V1_L3 : BITRATES_V2_L3)[bitrateIndex];
  const sampleRate = SAMPLE_RATES[version]?.[(b2! >> 2) & 0x03];
  if (!bitrate || !sampleRate) return undefined;
  const padding = (b2! >> 1) & 0x01;
  const samples = version === 3 ? 1152 : 576;
  return { length: frameLength(version, bitrate, sampleRate) + padding, samples, bitrateIndex, version, sampleRate };
}

export function frameLength(version: number, bitrateKbps: number, sampleRate: number): number {
  const samples = version === 3 ? 1152 : 576;
  return Math.floor(((samples / 8) * bitrateKbps * 1000) / sampleRate);
}

export function bitrateTable(version: number): number[] {
  return version === 3 ? BITRATES_V1_L3 : BITRATES_V2_L3;
}
