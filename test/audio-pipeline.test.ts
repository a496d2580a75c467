import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { prepareText } from '../providers/engines/espeak/espeak-text.ts';
import { createEspeakEngine } from '../providers/engines/espeak/espeak-engine.ts';
import { createMp3EncoderPool } from '../src/audio/mp3-encoder-pool.ts';
import { narrate } from '../src/audio/narrate.ts';
import { narrateInParallel } from '../src/audio/parallel-narrate.ts';
import { countCharacters } from '../src/lib/characters.ts';
import { creditsForCharacters } from '../src/billing/pricing.ts';
import { splitText } from '../src/lib/sentences.ts';
import { findVoice, VOICES } from '../src/modules/voices/catalog.ts';
import { englishText } from '../scripts/fixtures/english.ts';
import { decodeMp3 } from './support/audio.ts';

const engine = createEspeakEngine({ workers: 2, environment: {} });
const encoders = createMp3EncoderPool({ workers: 2, vbrQuality: 7 });
beforeAll(() => Promise.all([engine.start(), encoders.start()]));
afterAll(() => Promise.all([engine.stop(), encoders.stop()]));
const voice = findVoice('std-aria')!;

async function collect(bytes: AsyncIterable<Uint8Array>) {
  const parts: Uint8Array[] = [];
  for await (const part of bytes) parts.push(part);
  return new Uint8Array(Buffer.concat(parts));
}

describe('text handling', () => {
  test('characters are code points and credits round up with a minimum of 1', () => {
    expect(countCharacters('héllo')).toBe(5);
    expect(countCharacters('👩‍👧')).toBe(3); // woman, zero-width joiner, girl
    expect(countCharacters('🌙')).toBe(1);
    expect(creditsForCharacters(0)).toBe(1);
    expect(creditsForCharacters(10)).toBe(1);
    expect(creditsForCharacters(11)).toBe(2);
    expect(creditsForCharacters(1_000_000)).toBe(100_000);
  });

  test('prepareText escapes markup, breaks phoneme brackets and maps offsets back', () => {
    const prepared = prepareText('a<b & [[x]]');
    expect(prepared.input).toBe('a&lt;b &amp; [ [x] ]');
    expect(prepared.input).not.toContain('[[');
    expect(prepared.input).not.toContain('<');
    // 'b' sits at input index 5 and original index 2.
    expect(prepared.offsets[prepared.input.indexOf('b')]).toBe(2);
  });

  test('splitText cuts at sentence ends, never loses a character, respects the maximum', () => {
    const text = englishText(30_000);
    const segments = splitText(text, 3000, 2500);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    for (const segment of segments) {
      expect(segment.text.length).toBeLessThanOrEqual(3000);
      expect(text.slice(segment.offset, segment.offset + segment.text.length)).toBe(segment.text);
    }
    for (const segment of segments.slice(0, -1)) expect(segment.text.trimEnd().at(-1)).toMatch(/[.!?]/);
    const unbroken = 'x'.repeat(7000);
    expect(splitText(unbroken, 3000).map((segment) => segment.text.length)).toEqual([3000, 3000, 1000]);
  });
});

describe('MP3 encoder pool', () => {
  test('a stream written at once on a fresh pool loses nothing (regression: writes racing the encoder set-up)', async () => {
    const fresh = createMp3EncoderPool({ workers: 1, vbrQuality: 7 });
    await fresh.start();
    try {
      const stream = fresh.open({ sampleRate: 22050 });
      const seconds = 3;
      for (let second = 0; second < seconds; second++) {
        const tone = new Int16Array(22050);
        for (let index = 0; index < tone.length; index++)
          tone[index] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * index) / 22050));
        stream.write(tone);
      }
      stream.end();
      const audio = await decodeMp3(await collect(stream.bytes));
      expect(audio.durationSeconds).toBeGreaterThan(seconds);
      expect(audio.durationSeconds).toBeLessThan(seconds + 0.2);
      expect(audio.rms).toBeGreaterThan(0.15);
    } finally {
      await fresh.stop();
    }
  });
});

describe('engine', () => {
  test('every catalog voice passes the engine check and an unknown key is refused', () => {
    for (const catalogVoice of VOICES) expect(engine.validateVoice(catalogVoice)).toEqual([]);
    const bad = { ...voice, key: 'no-such-key' };
    expect(engine.validateVoice(bad)[0]).toContain('no-such-key');
  });

  test('word events point at the words of the original text', async () => {
    const text = 'Tom & Jerry <run> home.';
    const events = [];
    for await (const chunk of engine.synthesize({ text, voice, speed: 'normal', events: { words: true } }))
      events.push(...chunk.events);
    const words = events
      .filter((event) => event.type === 'word')
      .map((event) => text.slice(event.textOffset, event.textOffset + event.textLength));
    expect(words).toContain('Tom');
    expect(words).toContain('Jerry');
    expect(words).toContain('home');
  });

  test('stopping iteration early cancels the synthesis', async () => {
    // One worker, so a short request can only run once the cancelled long one has really let go of it.
    const single = createEspeakEngine({ workers: 1, environment: {} });
    await single.start();
    try {
      await cancelFreesTheWorker(single);
    } finally {
      await single.stop();
    }
  });

  async function cancelFreesTheWorker(engine: ReturnType<typeof createEspeakEngine>) {
    const long = englishText(10_000);
    // What the whole text costs on this machine now, as the yardstick (no fixed limit: a loaded machine is slower).
    let started = performance.now();
    for await (const _ of engine.synthesize({ text: long, voice, speed: 'normal' })) {
      // drain
    }
    const whole = performance.now() - started;
    started = performance.now();
    for await (const _ of engine.synthesize({ text: long, voice, speed: 'normal' })) break;
    // The worker is free again at once: a short request after the cancelled long one does not wait for the rest.
    for await (const _ of engine.synthesize({ text: 'Still here.', voice, speed: 'normal' })) {
      // drain
    }
    expect(performance.now() - started).toBeLessThan(whole / 2);
  }

  test('distinct voices sound different (median pitch by autocorrelation)', async () => {
    const pitchOf = async (id: string) => {
      const audio = await decodeMp3(
        await collect(
          narrate(engine, encoders, {
            text: 'I am reading you a story tonight, my dear.',
            voice: findVoice(id)!,
            speed: 'normal',
          }).bytes,
        ),
      );
      return medianPitch(audio.channel, audio.sampleRate);
    };
    const child = await pitchOf('kid-girl');
    const giant = await pitchOf('gentle-giant');
    const aria = await pitchOf('std-aria');
    expect(child).toBeGreaterThan(aria * 1.2);
    expect(aria).toBeGreaterThan(giant * 1.3);
  });
});

/** Median fundamental frequency of voiced 40 ms frames, by autocorrelation over 60-500 Hz. */
function medianPitch(channel: Float32Array, rate: number): number {
  const frame = Math.round(rate * 0.04);
  const pitches: number[] = [];
  for (let start = 0; start + frame < channel.length; start += frame) {
    let energy = 0;
    for (let index = start; index < start + frame; index++) energy += channel[index]! ** 2;
    if (Math.sqrt(energy / frame) < 0.03) continue;
    let bestLag = 0;
    let best = 0;
    for (let lag = Math.floor(rate / 500); lag <= Math.ceil(rate / 60); lag++) {
      let sum = 0;
      for (let index = start; index < start + frame - lag; index++) sum += channel[index]! * channel[index + lag]!;
      if (sum > best) {
        best = sum;
        bestLag = lag;
      }
    }
    if (bestLag > 0 && best > energy * 0.3) pitches.push(rate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

describe('parallel narration', () => {
  test('parts joined at sentence ends give one continuous MP3 with no gaps or duplicated audio', async () => {
    const text = englishText(6000);
    const single = await narrate(engine, encoders, { text, voice, speed: 'normal' });
    const singleAudio = await decodeMp3(await collect(single.bytes));
    const parallel = narrateInParallel(
      engine,
      encoders,
      { text, voice, speed: 'normal' },
      { parallelism: 2, segmentLength: 1200 },
    );
    const progress: number[] = [];
    const parallelBytes = await collect(parallel.bytes);
    const parallelAudio = await decodeMp3(parallelBytes);
    expect(parallelAudio.errors).toBe(0);
    // Five or so joins: each may lengthen a sentence pause by the encoder's start-up delay (< 0.1 s), never more.
    const parts = splitText(text, 2400, 1200).length;
    expect(parts).toBeGreaterThan(3);
    const extra = parallelAudio.durationSeconds - singleAudio.durationSeconds;
    expect(extra).toBeGreaterThan(-0.15);
    expect(extra).toBeLessThan(parts * 0.1 + 0.2);
    // No silence longer than the longest pause the single-stream version has.
    const longestPause = (channel: Float32Array, rate: number) => {
      let longest = 0;
      let run = 0;
      for (const sample of channel) {
        run = Math.abs(sample) < 0.01 ? run + 1 : 0;
        longest = Math.max(longest, run);
      }
      return longest / rate;
    };
    expect(longestPause(parallelAudio.channel, parallelAudio.sampleRate)).toBeLessThan(
      longestPause(singleAudio.channel, singleAudio.sampleRate) + 0.15,
    );
    void progress;
    // Two 6,000-character narrations: about 8 s on a loaded two-core machine, past bun's 5 s default.
  }, 60_000);
});
