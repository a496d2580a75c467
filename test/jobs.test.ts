import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createModerator } from '../providers/moderation/moderators.ts';
import type { AudioStorageV1 } from '../providers/spec/v1/audio-storage.ts';
import type { SpeechEngineV1 } from '../providers/spec/v1/speech-engine.ts';
import { createEspeakEngine } from '../providers/engines/espeak/espeak-engine.ts';
import { createFileStorage } from '../providers/storage/file/file-storage.ts';
import { englishText } from '../scripts/fixtures/english.ts';
import { narrationRows } from '../src/modules/dashboard/narrations.ts';
import { decodeMp3 } from './support/audio.ts';
import { createHarness, type Harness } from './support/harness.ts';

// Long texts are anything over 400 characters here, so jobs stay quick.
const environment = { RECITE_DIRECT_MAX_CHARS: '400', RECITE_JOB_MAX_ATTEMPTS: '3' };
let harness: Harness;
beforeAll(async () => {
  harness = await createHarness({ environment, overrides: { runJobs: false } });
});
afterAll(() => harness.close());

async function submit(h: Harness, key: string, text: string) {
  const response = await h.request('/api/v1/tts', { method: 'POST', key, json: { text, voice: 'std-davis' } });
  expect(response.status).toBe(202);
  return (await response.json()) as { jobId: string; status: string; characters: number; credits_reserved: number };
}

async function poll(h: Harness, key: string, jobId: string) {
  const response = await h.request(`/api/v1/tts?jobId=${jobId}`, { key });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('long narrations', () => {
  test('202 with jobId, credits held; completed job has a signed audioUrl to one continuous MP3; captured once', async () => {
    const { key, accountId } = await harness.account({ credits: 1000 });
    const text = englishText(3000);
    const accepted = await submit(harness, key, text);
    expect(accepted.jobId).toStartWith('job_');
    expect(accepted.credits_reserved).toBe(Math.ceil(text.length / 10));
    expect(await harness.services.ledger.heldCredits(accountId)).toBe(accepted.credits_reserved);

    const queued = await poll(harness, key, accepted.jobId);
    expect(queued.status).toBe(200);
    expect(queued.body.status).toBe('queued');
    expect(queued.body.progress.percent).toBe(0);
    expect(queued.body.audioUrl).toBeUndefined();

    expect(await harness.services.scheduler.runDue()).toBe(1);
    const done = await poll(harness, key, accepted.jobId);
    expect(done.body.status).toBe('completed');
    expect(done.body.progress.percent).toBe(100);
    expect(done.body.audioUrl).toContain('/files/narrations/');
    const download = await harness.app.handle(new Request(done.body.audioUrl));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('audio/mpeg');
    const audio = await decodeMp3(new Uint8Array(await download.arrayBuffer()));
    expect(audio.errors).toBe(0);
    expect(Math.abs(audio.durationSeconds * 1000 - done.body.duration_ms)).toBeLessThan(300);
    expect(text.length / audio.durationSeconds).toBeGreaterThan(12);
    expect(text.length / audio.durationSeconds).toBeLessThan(18);
    expect(audio.silentFraction).toBeLessThan(0.4);

    // Byte ranges for seeking in players.
    const ranged = await harness.app.handle(new Request(done.body.audioUrl, { headers: { range: 'bytes=0-99' } }));
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);

    expect(await harness.services.ledger.balance(accountId)).toBe(1000 - accepted.credits_reserved);
    expect(await harness.services.ledger.heldCredits(accountId)).toBe(0);
  }, 180_000);

  test('a job lets the screening workers go when its synthesis starts, not before', async () => {
    const real = createModerator('local', {});
    let releases = 0;
    const h = await createHarness({
      environment,
      overrides: { runJobs: false, moderator: { ...real, release: () => (releases++, real.release?.()) } },
    });
    try {
      const { key } = await h.account({ credits: 1000 });
      const accepted = await submit(h, key, englishText(1000));
      expect(releases).toBe(0);
      expect(await h.services.scheduler.runDue()).toBe(1);
      expect(releases).toBe(1);
      expect((await poll(h, key, accepted.jobId)).body.status).toBe('completed');
    } finally {
      await h.close();
    }
  }, 180_000);
  test("unknown, missing and other accounts' job ids", async () => {
    const owner = await harness.account();
    const stranger = await harness.account();
    const accepted = await submit(harness, owner.key, englishText(600));
    expect((await poll(harness, stranger.key, accepted.jobId)).status).toBe(404);
    expect((await poll(harness, stranger.key, accepted.jobId)).body.error.code).toBe('not_found');
    expect((await poll(harness, owner.key, 'job_doesnotexist00')).body.error.code).toBe('not_found');
    const missing = await harness.request('/api/v1/tts', { key: owner.key });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as any).error.code).toBe('invalid_request');
    await harness.services.scheduler.runDue();
  });

  test('tampered and expired audio links are refused', async () => {
    const { key } = await harness.account();
    const accepted = await submit(harness, key, englishText(500));
    await harness.services.scheduler.runDue();
    const url = new URL((await poll(harness, key, accepted.jobId)).body.audioUrl);
    const tampered = new URL(url);
    tampered.pathname = tampered.pathname.replace('narrations/', 'narrations/x');
    expect((await harness.app.handle(new Request(tampered))).status).toBe(403);
    const forged = new URL(url);
    forged.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await harness.app.handle(new Request(forged))).status).toBe(403);
    harness.clock.advance((harness.services.config.audioUrlTtlSeconds + 1) * 1000);
    const expired = await harness.app.handle(new Request(url));
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as any).error.code).toBe('forbidden');
  });
});

describe('failures are retried, and never charged', () => {
  test('a storage upload that fails is not completed, leaves no object and is not charged', async () => {
    const directory = join(harness.directory, 'failing-storage');
    const real = createFileStorage({ directory });
    let puts = 0;
    const failing: AudioStorageV1 = {
      ...real,
      async put(key, body, options) {
        // The job's text is stored when it is accepted; the audio uploads are what fail here.
        if (!key.startsWith('narrations/')) return real.put(key, body, options);
        puts++;
        // Read some of the audio, then lose the connection.
        async function* broken() {
          let seen = 0;
          for await (const chunk of body) {
            seen += chunk.length;
            if (seen > 20_000) throw new Error('connection reset by storage');
            yield chunk;
          }
        }
        return real.put(key, broken(), options);
      },
    };
    const broken = await createHarness({ environment, overrides: { storage: failing, runJobs: false } });
    try {
      const { key, accountId } = await broken.account({ credits: 1000 });
      const accepted = await submit(broken, key, englishText(1200));
      for (let attempt = 0; attempt < 3; attempt++) {
        await broken.services.scheduler.runDue();
        broken.clock.advance(120_000); // past the retry backoff
      }
      const view = await poll(broken, key, accepted.jobId);
      expect(view.body.status).toBe('failed');
      expect(view.body.audioUrl).toBeUndefined();
      expect(view.body.error.code).toBe('synthesis_failed');
      expect(puts).toBe(3);
      expect(await real.head(`narrations/${accepted.jobId}.mp3`)).toBeNull();
      expect(await broken.services.ledger.balance(accountId)).toBe(1000);
      expect(await broken.services.ledger.heldCredits(accountId)).toBe(0);
    } finally {
      await broken.close();
    }
  });

  test('an engine failure on the first attempt is retried with backoff and the job completes once', async () => {
    let calls = 0;
    const flaky = (real: SpeechEngineV1): SpeechEngineV1 => ({
      ...real,
      start: () => real.start(),
      stop: () => real.stop(),
      synthesize(request, options) {
        calls++;
        if (calls === 1) throw new Error('worker crashed');
        return real.synthesize(request, options);
      },
    });
    const engine = flaky(createEspeakEngine({ workers: 2, environment: {} }));
    const retried = await createHarness({ environment, overrides: { engine, runJobs: false } });
    try {
      const { key, accountId } = await retried.account({ credits: 1000 });
      const accepted = await submit(retried, key, englishText(800));
      await retried.services.scheduler.runDue();
      const first = await poll(retried, key, accepted.jobId);
      expect(first.body.status).toBe('retrying');
      // Not yet due: the backoff holds it back.
      expect(await retried.services.scheduler.runDue()).toBe(0);
      retried.clock.advance(60_000);
      expect(await retried.services.scheduler.runDue()).toBe(1);
      const done = await poll(retried, key, accepted.jobId);
      expect(done.body.status).toBe('completed');
      expect(done.body.attempts).toBe(2);
      expect(await retried.services.ledger.balance(accountId)).toBe(1000 - accepted.credits_reserved);
      const stored = readdirSync(join(retried.directory, 'audio', 'narrations')).filter((name) =>
        name.endsWith('.mp3'),
      );
      expect(stored).toEqual([`${accepted.jobId}.mp3`]);
    } finally {
      await retried.close();
    }
  });
});

describe('job texts live in storage, not in the job row', () => {
  test('the row carries a title and a key; the text is stored until the job ends, then deleted', async () => {
    const { key } = await harness.account({ credits: 1000 });
    const text = englishText(3000);
    // eSpeak: the subject here is where the text lives, not the voice.
    const response = await harness.request('/api/v1/tts', {
      method: 'POST',
      key,
      json: { text, voice: 'std-emily' },
    });
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    const row = (await harness.services.scheduler.find(jobId))!;
    const input = JSON.parse(row.input) as Record<string, unknown>;
    expect(input.text).toBeUndefined();
    expect(input.title).toBe(text.slice(0, 80));
    expect(row.input.length).toBeLessThan(500);
    const textKey = String(input.textKey);
    const stored = await harness.services.storage.get(textKey);
    expect(await new Response(stored!.body).text()).toBe(text);

    expect(await harness.services.scheduler.runDue()).toBe(1);
    expect((await poll(harness, key, jobId)).body.status).toBe('completed');
    // The clean-up runs after the completing transaction; it is quick, but not part of it.
    let gone = false;
    for (let attempt = 0; attempt < 200 && !gone; attempt++) {
      gone = (await harness.services.storage.head(textKey)) === null;
      if (!gone) await Bun.sleep(10);
    }
    expect(gone).toBe(true);
    // The dashboard's list titles the job from the row alone.
    const rows = await narrationRows(harness.services, row.accountId!, 'http://localhost');
    const listed = rows.find((one) => one.id === jobId)!;
    expect(listed.html).toContain(text.slice(0, 20));
  }, 240_000);
});
