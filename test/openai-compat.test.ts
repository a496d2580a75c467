import { afterAll, beforeAll, expect, test } from 'bun:test';
import OpenAI from 'openai';
import { decodeMp3 } from './support/audio.ts';
import { createHarness, type Harness } from './support/harness.ts';

// The official OpenAI client, pointed at a real recite server on 127.0.0.1.
let harness: Harness;
let server: ReturnType<typeof Bun.serve>;
beforeAll(async () => {
  harness = await createHarness({ overrides: { runJobs: false } });
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: harness.app.fetch });
});
afterAll(async () => {
  await server.stop(true);
  await harness.close();
});

const client = (key: string) => new OpenAI({ apiKey: key, baseURL: `${server.url}v1`, maxRetries: 0 });

test('audio.speech.create returns real MP3 on the same key and ledger', async () => {
  const { key, accountId } = await harness.account({ credits: 100 });
  const text = 'Hello from an OpenAI client.';
  const response = await client(key).audio.speech.create({ model: 'tts-1', voice: 'nova', input: text });
  const audio = await decodeMp3(new Uint8Array(await response.arrayBuffer()));
  expect(audio.durationSeconds).toBeGreaterThan(1);
  expect(audio.rms).toBeGreaterThan(0.02);
  expect(await harness.services.ledger.balance(accountId)).toBe(100 - Math.ceil(text.length / 10));
});

test('speed 0.25-4 changes the rate; out of range and unknown voices are refused with the envelope', async () => {
  const { key } = await harness.account({ credits: 100 });
  const text = 'The quick brown fox jumps over the lazy dog.';
  const slow = await decodeMp3(
    new Uint8Array(
      await (
        await client(key).audio.speech.create({ model: 'tts-1', voice: 'alloy', input: text, speed: 0.5 })
      ).arrayBuffer(),
    ),
  );
  const fast = await decodeMp3(
    new Uint8Array(
      await (
        await client(key).audio.speech.create({ model: 'tts-1', voice: 'alloy', input: text, speed: 2 })
      ).arrayBuffer(),
    ),
  );
  expect(slow.durationSeconds).toBeGreaterThan(fast.durationSeconds * 2);
  const tooFast = await client(key)
    .audio.speech.create({ model: 'tts-1', voice: 'alloy', input: text, speed: 5 })
    .catch((error) => error);
  expect(tooFast).toBeInstanceOf(OpenAI.APIError);
  expect(tooFast.status).toBe(400);
  expect(tooFast.error.code).toBe('invalid_speed');
  const nobody = await client(key)
    .audio.speech.create({ model: 'tts-1', voice: 'nobody' as 'alloy', input: text })
    .catch((error) => error);
  expect(nobody.status).toBe(400);
  expect(nobody.error.code).toBe('invalid_voice');
});

test('a bad key is 401 and moderation applies', async () => {
  const bad = await client('ksk_live_nope')
    .audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'hi' })
    .catch((error) => error);
  expect(bad.status).toBe(401);
  const { key, accountId } = await harness.account({ credits: 100 });
  const rejected = await client(key)
    .audio.speech.create({
      model: 'tts-1',
      voice: 'alloy',
      input: 'All immigrants are vermin and should be exterminated.',
    })
    .catch((error) => error);
  expect(rejected.status).toBe(400);
  expect(rejected.error.code).toBe('content_rejected');
  expect(await harness.services.ledger.balance(accountId)).toBe(100);
});
