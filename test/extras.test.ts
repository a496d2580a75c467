import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createHmac } from 'node:crypto';
import { englishText } from '../scripts/fixtures/english.ts';
import { decodeMp3 } from './support/audio.ts';
import { createHarness, type Harness } from './support/harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await createHarness({
    environment: { RECITE_DIRECT_MAX_CHARS: '3000', RECITE_WEBHOOK_ALLOW_PRIVATE: 'true' },
    overrides: { runJobs: false },
  });
});
afterAll(() => harness.close());
const post = (key: string, json: unknown, path = '/api/v1/tts') => harness.request(path, { method: 'POST', key, json });

describe('estimate (dry run)', () => {
  test('characters, credits and mode without synthesis or charge; validation as usual', async () => {
    const { key, accountId } = await harness.account({ credits: 50 });
    const direct = (await (await post(key, { text: 'Hello there, world!' }, '/api/v1/tts/estimate')).json()) as any;
    expect(direct).toMatchObject({
      characters: 19,
      credits: 2,
      mode: 'direct',
      balance: 50,
      sufficient: true,
      voice: 'std-aria',
    });
    const long = (await (await post(key, { text: 'x '.repeat(2000) }, '/api/v1/tts/estimate')).json()) as any;
    expect(long).toMatchObject({ characters: 4000, credits: 400, mode: 'job', sufficient: false });
    expect((await post(key, { text: 'hi', voice: 'nobody' }, '/api/v1/tts/estimate')).status).toBe(400);
    expect(await harness.services.ledger.balance(accountId)).toBe(50);
  });
});

describe('streaming', () => {
  test('bytes flow before synthesis ends; credits are held during the stream and captured at its end', async () => {
    const { key, accountId } = await harness.account({ credits: 1000 });
    // The first use of a voice measures its loudness once; warm it on another account so only streaming is timed.
    const warm = await harness.account({ credits: 10 });
    await (await post(warm.key, { text: 'Warm up.' })).arrayBuffer();
    const text = englishText(2900);
    const credits = Math.ceil(text.length / 10);
    const started = performance.now();
    const response = await post(key, { text });
    const reader = response.body!.getReader();
    const first = await reader.read();
    const firstByteMs = performance.now() - started;
    expect(first.value!.length).toBeGreaterThan(0);
    expect(await harness.services.ledger.heldCredits(accountId)).toBe(credits);
    let bytes = first.value!.length;
    for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.length;
    const totalMs = performance.now() - started;
    expect(firstByteMs).toBeLessThan(totalMs / 3);
    expect(bytes).toBeGreaterThan(100_000);
    expect(await harness.services.ledger.heldCredits(accountId)).toBe(0);
    expect(await harness.services.ledger.balance(accountId)).toBe(1000 - credits);
  }, 180_000);
});

describe('word timestamps and captions', () => {
  test('format json with timestamps: words in order, inside the audio, on spoken sound', async () => {
    const { key } = await harness.account();
    const text = 'Once upon a time, a small bear found a jar of honey. He ate it all!';
    const body = (await (await post(key, { text, format: 'json', timestamps: true })).json()) as {
      audio: string;
      duration_ms: number;
      words: { word: string; start_ms: number; end_ms: number; offset: number }[];
    };
    expect(body.words.map((word) => word.word)).toEqual([
      'Once',
      'upon',
      'a',
      'time',
      'a',
      'small',
      'bear',
      'found',
      'a',
      'jar',
      'of',
      'honey',
      'He',
      'ate',
      'it',
      'all',
    ]);
    for (const [index, word] of body.words.entries()) {
      expect(word.end_ms).toBeGreaterThan(word.start_ms);
      if (index > 0) expect(word.start_ms).toBeGreaterThanOrEqual(body.words[index - 1]!.start_ms);
      expect(text.slice(word.offset, word.offset + word.word.length)).toBe(word.word);
    }
    expect(body.words.at(-1)!.end_ms).toBeLessThanOrEqual(body.duration_ms);
    // The audio is loud in the middle of "honey".
    const audio = await decodeMp3(new Uint8Array(Buffer.from(body.audio, 'base64')));
    const honey = body.words.find((word) => word.word === 'honey')!;
    const middle = Math.round((((honey.start_ms + honey.end_ms) / 2) * audio.sampleRate) / 1000);
    let energy = 0;
    for (let index = middle - 200; index < middle + 200; index++) energy += audio.channel[index]! ** 2;
    expect(Math.sqrt(energy / 400)).toBeGreaterThan(0.02);
  });

  test('jobs carry WebVTT and SRT captions that stay in sync across parts', async () => {
    const { key } = await harness.account({ credits: 5000 });
    // Job mechanics, not a voice: eSpeak keeps four parts quick on a loaded machine.
    const accepted = (await (await post(key, { text: englishText(8000), voice: 'std-emily' })).json()) as {
      jobId: string;
    };
    await harness.services.scheduler.runDue();
    const view = (await (await harness.request(`/api/v1/tts?jobId=${accepted.jobId}`, { key })).json()) as any;
    expect(view.status).toBe('completed');
    const vtt = await (await harness.app.handle(new Request(view.captions.vtt))).text();
    const srt = await (await harness.app.handle(new Request(view.captions.srt))).text();
    expect(vtt.startsWith('WEBVTT\n\n1\n00:00:00.')).toBe(true);
    expect(srt.startsWith('1\n00:00:00,')).toBe(true);
    const ends = [...vtt.matchAll(/--> (\d\d):(\d\d):(\d\d)\.(\d{3})/g)].map(
      (match) => ((Number(match[1]) * 60 + Number(match[2])) * 60 + Number(match[3])) * 1000 + Number(match[4]),
    );
    expect(ends.length).toBeGreaterThan(50);
    for (let index = 1; index < ends.length; index++) expect(ends[index]!).toBeGreaterThanOrEqual(ends[index - 1]!);
    // The last caption ends within a second of the audio's end: no drift across the four parts.
    expect(Math.abs(ends.at(-1)! - view.duration_ms)).toBeLessThan(1500);
    const audio = await decodeMp3(
      new Uint8Array(await (await harness.app.handle(new Request(view.audioUrl))).arrayBuffer()),
    );
    expect(Math.abs(audio.durationSeconds * 1000 - view.duration_ms)).toBeLessThan(100);
  }, 180_000);
});

describe('job webhooks', () => {
  test('a signed POST on completion, retried with backoff until the receiver accepts it', async () => {
    const received: { headers: Headers; body: string }[] = [];
    let failuresLeft = 1;
    const receiver = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch(request) {
        received.push({ headers: request.headers, body: await request.text() });
        if (failuresLeft-- > 0) return new Response('busy', { status: 503 });
        return new Response('ok');
      },
    });
    try {
      const { key } = await harness.account({ credits: 5000 });
      const accepted = (await (
        await post(key, { text: englishText(3500), callbackUrl: `${receiver.url}hooks/recite` })
      ).json()) as { jobId: string };
      await harness.services.scheduler.runDue();
      expect(received).toHaveLength(1); // refused once
      harness.clock.advance(10_000);
      await harness.services.scheduler.runDue();
      expect(received).toHaveLength(2);
      const delivery = received[1]!;
      const payload = JSON.parse(delivery.body);
      expect(payload.event).toBe('narration.completed');
      expect(payload.data).toMatchObject({ jobId: accepted.jobId, status: 'completed' });
      const usage = (await (await harness.request('/api/v1/usage', { key })).json()) as {
        webhook_signing_secret: string;
      };
      const [timestamp, signature] = delivery.headers
        .get('recite-signature')!
        .split(',')
        .map((part) => part.split('=')[1]!);
      expect(signature).toBe(
        createHmac('sha256', usage.webhook_signing_secret).update(`${timestamp}.${delivery.body}`).digest('hex'),
      );
      expect(delivery.headers.get('recite-event')).toBe('narration.completed');
    } finally {
      await receiver.stop(true);
    }
  }, 180_000);

  test('callbackUrl must be http(s)', async () => {
    const { key } = await harness.account();
    const response = await post(key, { text: englishText(3500), callbackUrl: 'javascript:alert(1)' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.code).toBe('invalid_request');
  });
});
