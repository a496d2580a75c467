import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import dataPath from '@echogarden/espeak-ng-emscripten/espeak-ng.data' with { type: 'file' };
import fc from 'fast-check';
import { fastRemainderSource, loadEspeakFactory } from '../providers/engines/espeak/espeak-module.ts';

// The speed fix in espeak-module.ts replaces wasm2js's emulated 64-bit `% 2147483647` with double arithmetic. These
// tests hold it to the original: the same remainder for every 64-bit input, and the same audio sample for sample.

describe('eSpeak NG speed fix', () => {
  const remainder = new Function(
    `var high = -1; ${fastRemainderSource('remainder', 'a', 'b', 'high')}; return (low, hi) => [remainder(low, hi), high];`,
  )() as (low: number, high: number) => [number, number];
  const expected = (low: number, high: number) =>
    Number(((BigInt(high >>> 0) << 32n) | BigInt(low >>> 0)) % 2147483647n);

  test('equals the unsigned 64-bit remainder by 2^31 - 1 for any input', () => {
    // wasm2js passes each half as a signed 32-bit integer.
    const int32 = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
    fc.assert(
      fc.property(int32, int32, (low, high) => {
        const [value, upper] = remainder(low, high);
        expect(value).toBe(expected(low, high));
        expect(upper).toBe(0);
      }),
      { numRuns: 20_000 },
    );
    // Both paths: values below 2^53 (one remainder) and above (the congruence), and the edge between them.
    fc.assert(
      fc.property(int32, fc.integer({ min: 0, max: 2 ** 21 + 5 }), (low, high) =>
        expect(remainder(low, high)[0]).toBe(expected(low, high)),
      ),
      { numRuns: 20_000 },
    );
    for (const [low, high] of [
      [0, 0],
      [-1, -1],
      [2147483647, 0],
      [2147483646, 0],
      [0, 1],
      [-1, 2147483647],
      [-2147483648, -2147483648],
      [-1, 2097151],
      [0, 2097152],
      [-1, 2097152],
    ] as const) {
      expect(remainder(low, high)[0]).toBe(expected(low, high));
    }
    // eSpeak's own use: the minimal-standard generator, seed * 16807.
    let seed = 1;
    for (let step = 0; step < 10_000; step++) {
      const product = BigInt(seed) * 16807n;
      const [value] = remainder(Number(product & 0xffffffffn) | 0, Number(product >> 32n) | 0);
      expect(value).toBe(Number(product % 2147483647n));
      seed = value;
    }
  });

  describe('in the engine', () => {
    // eSpeak seeds its noise from the clock; a frozen clock makes two runs comparable sample for sample.
    const realDateNow = Date.now;
    const realPerformanceNow = performance.now;
    beforeAll(() => {
      Date.now = () => 1_700_000_000_000;
      performance.now = () => 1_000;
    });
    afterAll(() => {
      Date.now = realDateNow;
      performance.now = realPerformanceNow;
    });

    const text =
      'The lighthouse keeper climbed the stairs at dusk. "Who goes there?" he asked, and the wind whispered back: ' +
      'shh, sleep now. Sixty-six ships, three thousand sailors; fresh fish, thick fog, hissing surf.';
    const synthesize = async (patch: boolean, voice: string) => {
      const { factory, patched } = loadEspeakFactory({ patch });
      const data = await Bun.file(dataPath).arrayBuffer();
      // biome-ignore lint: emscripten module is untyped
      const module: any = await factory({ getPreloadedPackage: () => data });
      const engine = new module.eSpeakNGWorker();
      expect(engine.set_voice(voice)).toBe(0);
      const parts: Int16Array[] = [];
      engine.synthesize(text, (samples: Int16Array) => {
        parts.push(samples);
        return 0;
      });
      const samples = new Int16Array(parts.reduce((total, part) => total + part.length, 0));
      let offset = 0;
      for (const part of parts) {
        samples.set(part, offset);
        offset += part.length;
      }
      return { samples, patched };
    };

    // The female and whisper variants mix in breath noise (each draws on the generator); m3 has none.
    for (const voice of ['en-us+f3', 'en-us+whisper', 'en-gb-x-rp+f5', 'de+m3']) {
      test(`${voice}: the fixed module speaks exactly what the published one does`, async () => {
        const published = await synthesize(false, voice);
        const fixed = await synthesize(true, voice);
        expect(published.patched).toBe(false);
        expect(fixed.patched).toBe(true);
        expect(fixed.samples.length).toBeGreaterThan(22_050 * 3);
        expect(fixed.samples.length).toBe(published.samples.length);
        expect(Buffer.from(fixed.samples.buffer).equals(Buffer.from(published.samples.buffer))).toBe(true);
      });
    }
  });
});
