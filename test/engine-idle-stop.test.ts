import { expect, test } from 'bun:test';
import { createEspeakEngine } from '../providers/engines/espeak/espeak-engine.ts';
import { createFliteEngine } from '../providers/engines/flite/flite-engine.ts';
import type { SpeechEngineFactory } from '../providers/spec/v1/speech-engine.ts';
import { findVoice } from '../src/modules/voices/catalog.ts';

// Counts the engines' live workers: every Worker constructed here, less those terminated.
let live = 0;
const BaseWorker = globalThis.Worker;
globalThis.Worker = class extends BaseWorker {
  constructor(...args: ConstructorParameters<typeof Worker>) {
    super(...args);
    live++;
  }
  override terminate() {
    live--;
    super.terminate();
  }
} as typeof Worker;

async function speak(engine: ReturnType<SpeechEngineFactory>, voiceId: string) {
  let samples = 0;
  for await (const chunk of engine.synthesize({
    text: 'Back at work again.',
    voice: findVoice(voiceId)!,
    speed: 'normal',
  }))
    samples += chunk.samples.length;
  return samples;
}

async function waitFor(condition: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await Bun.sleep(50);
  return condition();
}

for (const [name, factory, voiceId] of [
  ['espeak', createEspeakEngine, 'std-emily'],
  ['flite', createFliteEngine, 'std-aria'],
] as const) {
  test(`${name}: idle workers stop after idleStopMs and start again on the next call`, async () => {
    const before = live;
    const engine = factory({ workers: 2, environment: {}, idleStopMs: 400 });
    try {
      await engine.start();
      // One worker at start-up; a second only while callers' work waits for one.
      expect(live).toBe(before + 1);
      const voice = findVoice(voiceId)!;
      const long = 'The quick brown fox jumps over the lazy dog near the quiet river bank. '.repeat(20);
      const both = [0, 1].map(async () => {
        for await (const _ of engine.synthesize({ text: long, voice, speed: 'normal' })) {
          // drain
        }
      });
      await Promise.all(both);
      expect(live).toBe(before + 2);
      // Nothing to do for idleStopMs: both workers end (eSpeak's long warm-up, started by the calls above, may keep
      // them a little longer).
      expect(await waitFor(() => live === before, 30_000)).toBe(true);
      // The next call starts one again and is spoken.
      expect(await speak(engine, voiceId)).toBeGreaterThan(10_000);
      expect(live).toBe(before + 1);
    } finally {
      await engine.stop();
    }
  }, 60_000);
}

test('idleStopMs absent: the workers stay', async () => {
  const before = live;
  const engine = createFliteEngine({ workers: 1, environment: {} });
  try {
    await engine.start();
    expect(live).toBe(before + 1);
    await Bun.sleep(1_000);
    expect(live).toBe(before + 1);
  } finally {
    await engine.stop();
  }
}, 60_000);
