import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createEspeakEngine } from '../providers/engines/espeak/espeak-engine.ts';
import { fliteEngineWith } from '../providers/engines/flite/flite-engine.ts';
import { FLITE_VOICES, type FliteVoiceName } from '../providers/engines/flite/flite-voices.ts';
import { createVoiceRouter } from '../providers/engines/voice-router.ts';
import { findVoice } from '../src/modules/voices/catalog.ts';
import { createHarness } from './support/harness.ts';

// Flite accepts any voice name (an unknown one silently speaks its default voice) and loads voices that cannot read
// text, so the engine load-checks each voice its table uses at start-up, and start-up stops naming the voice.
const broken = {
  ...FLITE_VOICES,
  // Listed by `flite -lv` and loads, but reads clock times only: a plain sentence comes out as a fraction of noise.
  'std-aria': { ...FLITE_VOICES['std-aria']!, voice: 'awb_time' as FliteVoiceName },
  // Not in the program at all.
  'std-guy': { ...FLITE_VOICES['std-guy']!, voice: 'rms2' as FliteVoiceName },
};

describe('Flite load-checks its voices at start-up', () => {
  const engine = fliteEngineWith(broken, { workers: 2, environment: {} });
  beforeAll(() => engine.start(), 60_000);
  afterAll(() => engine.stop());

  test('a voice that loads but does not speak fails its probe, named', () => {
    const problems = engine.validateVoice(findVoice('std-aria')!).join('\n');
    expect(problems).toContain('voice std-aria');
    expect(problems).toContain('"awb_time" failed its start-up check');
    expect(problems).toContain('not speech');
  });

  test('a voice the program does not have is refused, named', () => {
    const problems = engine.validateVoice(findVoice('std-guy')!).join('\n');
    expect(problems).toContain('voice std-guy');
    expect(problems).toContain('no voice "rms2"');
  });

  test('the voices that load and speak pass', () => {
    // nova is on slt, story-dad on rms, cedar on awb, onyx on kal16: one voice per probed Flite voice.
    for (const id of ['nova', 'story-dad', 'cedar', 'onyx']) expect(engine.validateVoice(findVoice(id)!)).toEqual([]);
  });

  test('before start-up nothing is load-checked, so nothing passes', () => {
    const unstarted = fliteEngineWith(FLITE_VOICES, { workers: 1, environment: {} });
    expect(unstarted.validateVoice(findVoice('nova')!).join()).toContain('not load-checked');
  });
});

test('a broken Flite profile stops the server start-up with the voice name', async () => {
  const engine = createVoiceRouter([
    createEspeakEngine({ workers: 1, environment: {} }),
    fliteEngineWith(broken, { workers: 1, environment: {} }),
  ]);
  const harness = await createHarness({ overrides: { engine, runJobs: false }, start: false });
  try {
    const failure = await harness.services.start().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain('voice std-aria: Flite voice "awb_time" failed its start-up check');
    expect(message).toContain('voice std-guy: Flite has no voice "rms2"');
    // Every other voice passed: only the two broken profiles are listed.
    expect(message.split('\n  - ').length - 1).toBe(2);
  } finally {
    await harness.close();
  }
}, 120_000);
