import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { completeMp3, wavFile } from '../src/audio/complete-file.ts';
import { LOUDNESS_TARGET_LUFS } from '../src/audio/loudness-calibration.ts';
import { LoudnessMeter } from '../src/audio/loudness-meter.ts';
import { narrate } from '../src/audio/narrate.ts';
import { PeakLimiter } from '../src/audio/peak-limiter.ts';
import { Resampler } from '../src/audio/resampler.ts';
import { TimeStretch } from '../src/audio/time-stretch.ts';
import { findVoice } from '../src/modules/voices/catalog.ts';
import { createHarness, type Harness } from './support/harness.ts';

const directory = mkdtempSync(join(tmpdir(), 'recite-loudness-test-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** ffmpeg's ebur128 (BS.1770) on a file: integrated LUFS and true peak dBTP. */
function ebur128(bytes: Uint8Array, extension: string): { integrated: number; truePeak: number } {
  const path = join(directory, `${Math.random().toString(36).slice(2)}.${extension}`);
  writeFileSync(path, bytes);
  const run = Bun.spawnSync([
    'ffmpeg',
    '-nostats',
    '-hide_banner',
    '-i',
    path,
    '-filter_complex',
    'ebur128=peak=true',
    '-f',
    'null',
    '-',
  ]);
  const log = run.stderr.toString();
  const summary = log.slice(log.lastIndexOf('Summary:'));
  return {
    integrated: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]),
    truePeak: Number(/True peak:\s+Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]),
  };
}

function toWav(samples: Float32Array, rate: number): Uint8Array {
  const int16 = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index++)
    int16[index] = Math.max(-32768, Math.min(32767, Math.round(samples[index]! * 32767)));
  return wavFile([new Uint8Array(int16.buffer)], rate);
}

/** Speech-like test signal: bursts of filtered noise and tones with pauses, seeded so runs are identical. */
function speechLike(rate: number, seconds: number): Float32Array {
  const output = new Float32Array(rate * seconds);
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff) * 2 - 1;
  };
  let low = 0;
  for (let index = 0; index < output.length; index++) {
    const time = index / rate;
    const envelope = Math.max(0, Math.sin(Math.PI * 2.5 * time)) * (time % 2 < 1.6 ? 1 : 0);
    low = 0.9 * low + 0.1 * random();
    output[index] =
      envelope * (0.25 * Math.sin(2 * Math.PI * 180 * time) + 0.15 * Math.sin(2 * Math.PI * 1200 * time) + 0.5 * low);
  }
  return output;
}

describe('BS.1770 meter', () => {
  test('agrees with ffmpeg ebur128 within 0.3 LU at 22,050 and 16,000 Hz', () => {
    for (const rate of [22050, 16000]) {
      const signal = speechLike(rate, 8);
      const meter = new LoudnessMeter(rate);
      meter.push(signal);
      const reference = ebur128(toWav(signal, rate), 'wav').integrated;
      expect(Math.abs(meter.integrated() - reference)).toBeLessThan(0.3);
    }
  });
});

describe('PCM stages', () => {
  test('the limiter keeps length and timing, passes quiet audio unchanged and holds loud audio under its ceiling', () => {
    const rate = 22050;
    const ceiling = 10 ** (-2 / 20);
    const quiet = speechLike(rate, 3).map((value) => value * 0.3);
    const limiter = new PeakLimiter(rate, ceiling);
    const parts = [limiter.process(quiet.slice(0, 10_000)), limiter.process(quiet.slice(10_000)), limiter.flush()];
    const joined = Float32Array.from(parts.flatMap((part) => [...part]));
    expect(joined.length).toBe(quiet.length);
    for (let index = 0; index < quiet.length; index += 97) expect(joined[index]).toBeCloseTo(quiet[index]!, 5);
    const loud = speechLike(rate, 3).map((value) => value * 4);
    const limited = new PeakLimiter(rate, ceiling);
    const output = Float32Array.from([...limited.process(loud), ...limited.flush()]);
    expect(output.length).toBe(loud.length);
    expect(ebur128(toWav(output, rate), 'wav').truePeak).toBeLessThanOrEqual(-1.5);
  });

  test('the resampler gives exactly round(n * out / in) samples and keeps a tone', () => {
    const input = new Float32Array(22050).map((_, index) => 0.5 * Math.sin((2 * Math.PI * 1000 * index) / 22050));
    const resampler = new Resampler(22050, 24000);
    const output = Float32Array.from([
      ...resampler.process(input.slice(0, 7000)),
      ...resampler.process(input.slice(7000)),
      ...resampler.flush(),
    ]);
    expect(output.length).toBe(24000);
    // Same tone: compare against the ideal 1 kHz sine at 24 kHz away from the edges.
    for (let index = 1000; index < 23000; index += 131)
      expect(Math.abs(output[index]! - 0.5 * Math.sin((2 * Math.PI * 1000 * index) / 24000))).toBeLessThan(0.01);
  });

  test('the time stretch makes round(n * factor) samples for slowing and quickening', () => {
    const input = speechLike(22050, 4);
    for (const factor of [2, 0.5, 1.6]) {
      const stretch = new TimeStretch(22050, factor);
      const output = [
        ...stretch.process(input.slice(0, 30_000)),
        ...stretch.process(input.slice(30_000)),
        ...stretch.flush(),
      ];
      expect(output.length).toBe(Math.round(input.length * factor));
    }
  });
});

describe('normalised output', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await createHarness({ overrides: { runJobs: false } });
  });
  afterAll(() => harness.close());

  test('voices of different raw loudness come out within ±1.5 LU of the target with true peak <= -1 dBTP', async () => {
    const text =
      'Good evening, and welcome back. Tonight we travel north, to a village where the winters are long. "Somebody has to," she laughs.';
    const raw: number[] = [];
    for (const id of ['std-aria', 'std-davis']) {
      const voice = findVoice(id)!;
      const pcm: Uint8Array[] = [];
      for await (const chunk of harness.services.engine.synthesize({ text, voice, speed: 'normal' }))
        pcm.push(new Uint8Array(chunk.samples.buffer, chunk.samples.byteOffset, chunk.samples.byteLength));
      raw.push(ebur128(wavFile(pcm, harness.services.engine.sampleRate), 'wav').integrated);
      const parts: Uint8Array[] = [];
      for await (const part of narrate(harness.services.engine, harness.services.encoders, {
        text,
        voice,
        speed: 'normal',
      }).bytes)
        parts.push(part);
      const measured = ebur128(completeMp3(parts), 'mp3');
      expect(Math.abs(measured.integrated - LOUDNESS_TARGET_LUFS)).toBeLessThanOrEqual(1.5);
      expect(measured.truePeak).toBeLessThanOrEqual(-1);
    }
    // The two voices really differ before normalisation, so the test can tell.
    expect(Math.abs(raw[0]! - raw[1]!)).toBeGreaterThan(0.5);
  });
});
