import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { SpeechEngineV1 } from '../providers/spec/v1/speech-engine.ts';
import { decodeMp3 } from './support/audio.ts';
import { createHarness, type Harness } from './support/harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await createHarness();
});
afterAll(() => harness.close());

const speak = (key: string, body: unknown) => harness.request('/api/v1/tts', { method: 'POST', key, json: body });

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(5);
  return body;
}

describe('POST /api/v1/tts: authentication', () => {
  test('missing, garbled, unknown and revoked keys get 401 unauthorized', async () => {
    const { key, keyId } = await harness.account();
    await expectError(
      await harness.request('/api/v1/tts', { method: 'POST', json: { text: 'hi' } }),
      401,
      'unauthorized',
    );
    await expectError(await speak('not-a-key', { text: 'hi' }), 401, 'unauthorized');
    // Right shape, wrong checksum.
    await expectError(
      await speak(`${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`, { text: 'hi' }),
      401,
      'unauthorized',
    );
    const other = await harness.account();
    await harness.services.accounts.revokeKey(other.keyId);
    await expectError(await speak(other.key, { text: 'hi' }), 401, 'unauthorized');
    expect((await harness.services.accounts.findKey(keyId))?.revokedAt).toBeNull();
  });
});

describe('POST /api/v1/tts: validation never charges', () => {
  test('each bad input gets its code and the balance is untouched', async () => {
    const { key, accountId } = await harness.account({ credits: 1000 });
    const raw = (body: string) =>
      harness.request('/api/v1/tts', { method: 'POST', key, body, headers: { 'content-type': 'application/json' } });
    await expectError(await raw('{"text": "unterminated'), 400, 'invalid_request');
    await expectError(await raw(''), 400, 'invalid_request');
    await expectError(await raw('[1,2]'), 400, 'invalid_request');
    await expectError(await speak(key, { voice: 'std-aria' }), 400, 'invalid_request');
    await expectError(await speak(key, { text: 42 }), 400, 'invalid_request');
    await expectError(await speak(key, { text: '   ' }), 400, 'invalid_request');
    await expectError(await speak(key, { text: 'hi', voice: 7 }), 400, 'invalid_request');
    await expectError(await speak(key, { text: 'hi', format: 'wav' }), 400, 'invalid_request');
    await expectError(await speak(key, { text: 'hi', voice: 'std-nobody' }), 400, 'invalid_voice');
    await expectError(await speak(key, { text: 'hi', speed: 'fast' }), 400, 'invalid_speed');
    await expectError(await speak(key, { text: 'a'.repeat(1_000_001) }), 400, 'text_too_long');
    expect(await harness.services.ledger.balance(accountId)).toBe(1000);
  });

  test('unknown routes answer with the error envelope', async () => {
    await expectError(await harness.request('/api/v1/nothing-here'), 404, 'not_found');
  });
});

describe('POST /api/v1/tts: direct audio', () => {
  test('mp3: real, audible speech of plausible length, billed 1 credit per 10 characters', async () => {
    const { key, accountId } = await harness.account({ credits: 1000 });
    const text =
      'The lighthouse keeper climbed the stairs every evening and lit the great lamp, so that ships could find their way home.';
    const response = await speak(key, { text });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('x-characters')).toBe(String(text.length));
    expect(response.headers.get('x-credits-charged')).toBe(String(Math.ceil(text.length / 10)));
    const audio = await decodeMp3(new Uint8Array(await response.arrayBuffer()));
    expect(audio.errors).toBe(0);
    expect(audio.sampleRate).toBe(22050);
    // Normal speech lands near 14-16 characters per second; allow for leading/trailing pauses.
    const charactersPerSecond = text.length / audio.durationSeconds;
    expect(charactersPerSecond).toBeGreaterThan(12);
    expect(charactersPerSecond).toBeLessThan(18);
    expect(audio.rms).toBeGreaterThan(0.02);
    expect(audio.silentFraction).toBeLessThan(0.5);
    expect(await harness.services.ledger.balance(accountId)).toBe(1000 - Math.ceil(text.length / 10));
  });

  test('json: base64 audio with characters and credits_charged; minimum 1 credit', async () => {
    const { key, accountId } = await harness.account({ credits: 50 });
    const response = await speak(key, { text: 'Hi!', format: 'json', voice: 'kid-girl' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      audio: string;
      characters: number;
      credits_charged: number;
      duration_ms: number;
    };
    expect(body.characters).toBe(3);
    expect(body.credits_charged).toBe(1);
    const audio = await decodeMp3(new Uint8Array(Buffer.from(body.audio, 'base64')));
    expect(audio.durationSeconds).toBeGreaterThan(0.2);
    expect(Math.abs(audio.durationSeconds * 1000 - body.duration_ms)).toBeLessThan(150);
    expect(await harness.services.ledger.balance(accountId)).toBe(49);
  });

  test('characters are Unicode code points: an emoji counts once', async () => {
    const { key } = await harness.account();
    const response = await speak(key, { text: 'Good night 🌙', format: 'json' });
    const body = (await response.json()) as { characters: number };
    expect(body.characters).toBe(12);
  });

  test('speeds: slow and gentle are longer than normal', async () => {
    const { key } = await harness.account();
    const text = 'Once upon a time there was a small bear who loved honey more than anything in the world.';
    const durations: Record<string, number> = {};
    for (const speed of ['normal', 'slow', 'gentle']) {
      const response = await speak(key, { text, speed });
      durations[speed] = (await decodeMp3(new Uint8Array(await response.arrayBuffer()))).durationSeconds;
    }
    expect(durations.slow!).toBeGreaterThan(durations.normal! * 1.15);
    expect(durations.gentle!).toBeGreaterThan(durations.normal! * 1.05);
  });

  test('markup and phoneme brackets are read as plain text, never obeyed', async () => {
    const { key } = await harness.account();
    // As SSML this would insert 10 s of silence; as text it is a few seconds of speech.
    const response = await speak(key, { text: 'Wait <break time="10s"/> here [[h@loU]] & done.' });
    expect(response.status).toBe(200);
    const audio = await decodeMp3(new Uint8Array(await response.arrayBuffer()));
    expect(audio.durationSeconds).toBeLessThan(6);
    expect(audio.silentFraction).toBeLessThan(0.5);
  });

  test('402 insufficient_credits when the balance cannot cover the request, nothing charged', async () => {
    const { key, accountId } = await harness.account({ credits: 2 });
    await expectError(await speak(key, { text: 'This sentence needs three credits.' }), 402, 'insufficient_credits');
    expect(await harness.services.ledger.balance(accountId)).toBe(2);
  });

  test('402 key_cap_exceeded when the request would pass the monthly cap', async () => {
    const { key, accountId } = await harness.account({ credits: 1000, monthlyCap: 30 });
    expect((await speak(key, { text: 'Twenty characters!!!' })).status).toBe(200);
    await expectError(await speak(key, { text: 'Another twenty chars' }), 402, 'key_cap_exceeded');
    expect(await harness.services.ledger.balance(accountId)).toBe(998);
  });
});

describe('POST /api/v1/tts: engine failures are 502 and never charged', () => {
  test('an engine that fails gives synthesis_failed and the reservation is voided', async () => {
    const real = harness.services.engine;
    // Shares the real engine's read-only parts; start/stop are its own so closing this harness leaves the real one running.
    const failing: SpeechEngineV1 = {
      ...real,
      start: async () => {},
      stop: async () => {},
      synthesize: () => ({
        [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('engine exploded')) }),
      }),
    };
    const broken = await createHarness({ overrides: { engine: failing }, start: false });
    await broken.services.encoders.start();
    try {
      const { key, accountId } = await broken.account({ credits: 100 });
      await expectError(
        await broken.request('/api/v1/tts', { method: 'POST', key, json: { text: 'Hello there.' } }),
        502,
        'synthesis_failed',
      );
      await expectError(
        await broken.request('/api/v1/tts', { method: 'POST', key, json: { text: 'Hello there.', format: 'json' } }),
        502,
        'synthesis_failed',
      );
      expect(await broken.services.ledger.balance(accountId)).toBe(100);
      expect(await broken.services.ledger.heldCredits(accountId)).toBe(0);
    } finally {
      await broken.close();
    }
  });
});

describe('GET /api/v1/voices', () => {
  test('lists all 66 voices with their fields; needs a key', async () => {
    await expectError(await harness.request('/api/v1/voices'), 401, 'unauthorized');
    const { key } = await harness.account();
    const response = await harness.request('/api/v1/voices', { key });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      voices: { id: string; language: { code: string; name: string }; group: string; sample_url: string }[];
      count: number;
    };
    expect(body.count).toBe(66);
    const ids = new Set(body.voices.map((voice) => voice.id));
    for (const id of [
      'std-aria',
      'kid-bengali',
      'bedtime-whisper',
      'gentle-giant',
      'std-ko-injoon',
      'std-emily',
      'alloy',
      'cedar',
    ])
      expect(ids.has(id)).toBe(true);
    expect(body.voices.filter((voice) => voice.group === 'character')).toHaveLength(15);
    expect(body.voices.filter((voice) => voice.group === 'narration')).toHaveLength(38);
    expect(body.voices.filter((voice) => voice.group === 'expressive')).toHaveLength(13);
    expect(new Set(body.voices.map((voice) => voice.language.name)).size).toBeGreaterThanOrEqual(15);
  });

  test('a voice sample is public, real audio', async () => {
    const response = await harness.request('/api/v1/voices/bedtime-whisper/sample.mp3');
    expect(response.status).toBe(200);
    const audio = await decodeMp3(new Uint8Array(await response.arrayBuffer()));
    expect(audio.durationSeconds).toBeGreaterThan(3);
    expect(audio.rms).toBeGreaterThan(0.005);
    await expectError(await harness.request('/api/v1/voices/nobody/sample.mp3'), 404, 'not_found');
  });
});

describe('docs', () => {
  test('OpenAPI document lists the speech endpoint and the docs page loads its script locally', async () => {
    const spec = (await (await harness.request('/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toContain('/api/v1/tts');
    expect(Object.keys(spec.paths)).toContain('/api/v1/voices');
    const page = await (await harness.request('/docs')).text();
    expect(page).toContain('/docs/scalar.js');
    const script = await harness.request('/docs/scalar.js');
    expect(script.status).toBe(200);
  });
});
