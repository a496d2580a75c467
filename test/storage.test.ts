import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { createFileStorage } from '../providers/storage/file/file-storage.ts';
import { createStorage } from '../providers/storage/registry.ts';
import { createS3Storage } from '../providers/storage/s3/s3-storage.ts';
import { storageConformance } from '../providers/testing/storage-conformance.ts';
import { signPath, verifySignedPath } from '../src/lib/signed-url.ts';

const directory = mkdtempSync(join(tmpdir(), 'recite-storage-'));
let s3: { close(callback: (error?: Error) => void): void };
let endpoint = '';
beforeAll(async () => {
  // A real S3 implementation (s3rver) on 127.0.0.1, started by the test itself.
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(directory, 's3'),
    configureBuckets: [{ name: 'narrations' }],
  });
  const address = await server.run();
  s3 = server;
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => s3.close(() => resolve()));
  rmSync(directory, { recursive: true, force: true });
});

describe('file storage', () => {
  storageConformance('file', () => createFileStorage({ directory: join(directory, 'files') }));
  test('a failed put leaves no temporary file behind', () => {
    expect(readdirSync(join(directory, 'files', 'conformance')).filter((name) => name.endsWith('.partial'))).toEqual(
      [],
    );
  });
});

describe('S3 storage against s3rver', () => {
  storageConformance('s3', () =>
    createS3Storage({
      bucket: 'narrations',
      prefix: 'recite',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    }),
  );
  test('an unreachable endpoint is unhealthy, not an exception', async () => {
    const down = createS3Storage({
      bucket: 'narrations',
      endpoint: 'http://127.0.0.1:1',
      accessKeyId: 'x',
      secretAccessKey: 'y',
    });
    expect(await down.healthy()).toBe(false);
  });
});

describe('storage locations', () => {
  test('file: and s3:// locations; missing credentials name the variables', () => {
    expect(createStorage('file:./data/audio', {}).id).toBe('file');
    expect(createStorage(`file:${directory}`, {}).id).toBe('file');
    expect(
      createStorage('s3://bucket/prefix', { RECITE_S3_ACCESS_KEY_ID: 'a', RECITE_S3_SECRET_ACCESS_KEY: 'b' }).id,
    ).toBe('s3');
    expect(() => createStorage('s3://bucket', {})).toThrow('RECITE_S3_ACCESS_KEY_ID');
    expect(() => createStorage('ftp://nope', {})).toThrow('file:<directory> or s3://bucket/prefix');
  });
});

describe('signed links', () => {
  test('valid until expiry; tampered path, signature or expiry fail', () => {
    const signature = signPath('secret', '/files/a.mp3', 1000);
    expect(verifySignedPath('secret', '/files/a.mp3', 1000, signature, 999)).toBe(true);
    expect(verifySignedPath('secret', '/files/a.mp3', 1000, signature, 1000)).toBe(false);
    expect(verifySignedPath('secret', '/files/b.mp3', 1000, signature, 999)).toBe(false);
    expect(verifySignedPath('secret', '/files/a.mp3', 2000, signature, 999)).toBe(false);
    expect(verifySignedPath('other', '/files/a.mp3', 1000, signature, 999)).toBe(false);
    expect(verifySignedPath('secret', '/files/a.mp3', 1000, `${signature.slice(0, -1)}x`, 999)).toBe(false);
  });
});

describe('long narrations on S3', () => {
  test('the job streams its MP3 to S3 and audioUrl is a presigned link that downloads it', async () => {
    const { createHarness } = await import('./support/harness.ts');
    const { decodeMp3 } = await import('./support/audio.ts');
    const { englishText } = await import('../scripts/fixtures/english.ts');
    const storage = createS3Storage({
      bucket: 'narrations',
      prefix: 'jobs',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    const harness = await createHarness({
      environment: { RECITE_DIRECT_MAX_CHARS: '400' },
      overrides: { storage, runJobs: false },
    });
    try {
      const { key, accountId } = await harness.account({ credits: 1000 });
      const accepted = await harness.request('/api/v1/tts', {
        method: 'POST',
        key,
        json: { text: englishText(3000), voice: 'std-emily' },
      });
      expect(accepted.status).toBe(202);
      const { jobId, credits_reserved } = (await accepted.json()) as { jobId: string; credits_reserved: number };
      await harness.services.scheduler.runDue();
      const view = (await (await harness.request(`/api/v1/tts?jobId=${jobId}`, { key })).json()) as Record<string, any>;
      expect(view.status).toBe('completed');
      expect(view.audioUrl).toStartWith(`${endpoint}/narrations/jobs/narrations/${jobId}.mp3?`);
      const audio = await decodeMp3(new Uint8Array(await (await fetch(view.audioUrl)).arrayBuffer()));
      expect(audio.durationSeconds).toBeGreaterThan(150);
      expect(await harness.services.ledger.balance(accountId)).toBe(1000 - credits_reserved);
    } finally {
      await harness.close();
    }
  }, 180_000);
});
