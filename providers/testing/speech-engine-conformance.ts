import { expect, test } from 'bun:test';
import type { PcmChunk, SpeechEngineV1, SynthesisRequest, VoiceProfile } from '../spec/v1/speech-engine.ts';

async function collect(stream: AsyncIterable<PcmChunk>) {
  const chunks: PcmChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const samples = chunks.reduce((sum, chunk) => sum + chunk.samples.length, 0);
  return { chunks, samples, events: chunks.flatMap((chunk) => chunk.events) };
}

function rms(samples: Int16Array) {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / Math.max(1, samples.length)) / 32768;
}

/** Samples of near-silence at the end of the audio. */
function trailingSilence(chunks: PcmChunk[]) {
  let silent = 0;
  for (let chunk = chunks.length - 1; chunk >= 0; chunk--) {
    const samples = chunks[chunk]!.samples;
    for (let index = samples.length - 1; index >= 0; index--) {
      if (Math.abs(samples[index]!) > 300) return silent;
      silent++;
    }
  }
  return silent;
}

/**
 * What every speech engine must do. `engine()` gives a started engine; `voice` is a profile it speaks (in English);
 * `badVoice` one it must refuse.
 */
export function speechEngineConformance(
  name: string,
  engine: () => SpeechEngineV1,
  voice: VoiceProfile,
  badVoice: VoiceProfile,
) {
  const request = (text: string, extra: Partial<SynthesisRequest> = {}): SynthesisRequest => ({
    text,
    voice,
    speed: 'normal',
    ...extra,
  });

  test(`${name}: declares v1, an id, a sample rate and capabilities`, () => {
    const subject = engine();
    expect(subject.specificationVersion).toBe('v1');
    expect(subject.id).toBe(name);
    expect(subject.sampleRate).toBeGreaterThanOrEqual(8000);
    expect(subject.capabilities.languages).toContain('en');
    expect(subject.capabilities.concurrency).toBeGreaterThan(0);
    expect(subject.capabilities.maxCharactersPerCall).toBeGreaterThan(1000);
  });

  test(`${name}: refuses a bad profile by its name and accepts a good one`, () => {
    expect(engine().validateVoice(voice)).toEqual([]);
    const problems = engine().validateVoice(badVoice);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.join()).toContain(badVoice.id);
  });

  test(`${name}: PCM is mono 16-bit speech of a plausible length`, async () => {
    const text = 'The quick brown fox jumps over the lazy dog near the quiet river bank.';
    const { chunks, samples } = await collect(engine().synthesize(request(text)));
    expect(chunks.every((chunk) => chunk.samples instanceof Int16Array)).toBe(true);
    const seconds = samples / engine().sampleRate;
    expect(seconds).toBeGreaterThan(text.length / 40);
    expect(seconds).toBeLessThan(text.length / 4);
    const all = new Int16Array(samples);
    let offset = 0;
    for (const chunk of chunks) {
      all.set(chunk.samples, offset);
      offset += chunk.samples.length;
    }
    expect(rms(all)).toBeGreaterThan(0.02);
  });

  test(`${name}: word and phoneme events lie inside the audio and point at the text`, async () => {
    const text = 'Tom & Jerry <run> home, quickly. Then they sleep!';
    const { samples, events } = await collect(
      engine().synthesize(request(text, { events: { words: true, phonemes: true } })),
    );
    const words = events.filter((event) => event.type === 'word');
    const phonemes = events.filter((event) => event.type === 'phoneme');
    expect(phonemes.length).toBeGreaterThan(10);
    const spoken = words.map((event) => text.slice(event.textOffset, event.textOffset + event.textLength));
    for (const word of ['Tom', 'Jerry', 'home', 'sleep']) expect(spoken).toContain(word);
    for (const event of events) {
      expect(event.sample).toBeGreaterThanOrEqual(0);
      expect(event.sample).toBeLessThanOrEqual(samples);
      expect(event.textOffset).toBeGreaterThanOrEqual(0);
      expect(event.textOffset).toBeLessThanOrEqual(text.length);
    }
    // Words come in reading order on the timeline.
    for (let index = 1; index < words.length; index++)
      expect(words[index]!.sample).toBeGreaterThanOrEqual(words[index - 1]!.sample);
  });

  test(`${name}: events of a long text, streamed in many chunks, stay on the whole call's timeline`, async () => {
    const sentence = 'The keeper climbed the winding stairs at dusk and lit the lamp for the ships at sea. ';
    const text = sentence.repeat(16);
    const { chunks, samples, events } = await collect(engine().synthesize(request(text, { events: { words: true } })));
    expect(chunks.length).toBeGreaterThan(1);
    const words = events.filter((event) => event.type === 'word');
    expect(words.length).toBeGreaterThan(200);
    // Event samples count from the start of the call, not of the chunk they came with: the last word falls in the
    // last tenth of the audio, and none lies past its end.
    for (const event of events) expect(event.sample).toBeLessThanOrEqual(samples);
    expect(words.at(-1)!.sample).toBeGreaterThan(samples * 0.9);
    for (let index = 1; index < words.length; index++)
      expect(words[index]!.sample).toBeGreaterThanOrEqual(words[index - 1]!.sample);
  }, 60_000);

  test(`${name}: speeds and the rate scale change the pace`, async () => {
    const text = 'Speaking slowly and clearly makes a story easier to follow for everyone.';
    const normal = (await collect(engine().synthesize(request(text)))).samples;
    const slow = (await collect(engine().synthesize(request(text, { speed: 'slow' })))).samples;
    const fast = (await collect(engine().synthesize(request(text, { rateScale: 2 })))).samples;
    expect(slow).toBeGreaterThan(normal * 1.1);
    expect(fast).toBeLessThan(normal * 0.8);
  });

  test(`${name}: background work speaks the same audio, after requests that came in after it`, async () => {
    const text = 'The loudness of a voice is measured once, ahead of its first use.';
    const order: string[] = [];
    const drain = async (label: string, stream: AsyncIterable<PcmChunk>) => {
      const result = await collect(stream);
      order.push(label);
      return result;
    };
    const busy = 'A passage that keeps every worker busy for a moment. '.repeat(6);
    const first = drain('request 0', engine().synthesize(request(busy)));
    const background = drain('background', engine().synthesize(request(text), { background: true }));
    const later = [1, 2, 3].map((index) => drain(`request ${index}`, engine().synthesize(request(busy))));
    await Promise.all([first, ...later]);
    const [normal, quiet] = await Promise.all([collect(engine().synthesize(request(text))), background]);
    expect(quiet.samples).toBe(normal.samples);
    // On a one-worker engine (as the suite runs it), the requests queued behind the background work went first.
    expect(order.indexOf('background')).toBeGreaterThan(order.indexOf('request 3'));
  });

  test(`${name}: a part that continues ends with a sentence pause`, async () => {
    const { chunks } = await collect(
      engine().synthesize(request('This sentence is followed by another.', { continues: true })),
    );
    expect(trailingSilence(chunks) / engine().sampleRate).toBeGreaterThan(0.08);
  });

  test(`${name}: aborting stops the work with an AbortError`, async () => {
    const controller = new AbortController();
    const text = 'A long passage keeps the engine busy for a while. '.repeat(80);
    let caught: unknown;
    let received = 0;
    try {
      for await (const chunk of engine().synthesize(request(text), { signal: controller.signal })) {
        received += chunk.samples.length;
        controller.abort();
      }
    } catch (error) {
      caught = error;
    }
    expect((caught as Error | undefined)?.name).toBe('AbortError');
    expect(received / engine().sampleRate).toBeLessThan(120);
    // The engine still works afterwards.
    expect((await collect(engine().synthesize(request('Still here.')))).samples).toBeGreaterThan(0);
  });
}
