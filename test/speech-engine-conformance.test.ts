import { afterAll, beforeAll, describe } from 'bun:test';
import { createEspeakEngine } from '../providers/engines/espeak/espeak-engine.ts';
import { createFliteEngine } from '../providers/engines/flite/flite-engine.ts';
import { speechEngineFactory } from '../providers/registry.ts';
import { speechEngineConformance } from '../providers/testing/speech-engine-conformance.ts';
import { findVoice } from '../src/modules/voices/catalog.ts';

// The same suite against every built-in engine: a third engine adds one describe block here.
describe('espeak', () => {
  const engine = createEspeakEngine({ workers: 1, environment: {} });
  beforeAll(() => engine.start(), 60_000);
  afterAll(() => engine.stop());
  const voice = findVoice('std-emily')!;
  speechEngineConformance('espeak', () => engine, voice, { ...voice, id: 'broken-espeak', key: 'no-such-key' });
});

describe('flite', () => {
  const engine = createFliteEngine({ workers: 1, environment: {} });
  beforeAll(() => engine.start(), 60_000);
  afterAll(() => engine.stop());
  const voice = findVoice('std-aria')!;
  speechEngineConformance('flite', () => engine, voice, { ...voice, id: 'broken-flite', language: 'fr-FR' });
});

// The default engine: both behind the voice router, which must keep every engine's events on one timeline.
describe('builtin (voice router)', () => {
  const engine = speechEngineFactory('builtin')({ workers: 1, environment: {} });
  beforeAll(() => engine.start(), 60_000);
  afterAll(() => engine.stop());
  const voice = findVoice('nova')!;
  speechEngineConformance('espeak+flite', () => engine, voice, {
    ...voice,
    id: 'broken-builtin',
    key: 'no-such-key',
    engine: 'none',
  });
});
