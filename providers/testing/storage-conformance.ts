import { expect, test } from 'bun:test';
import type { AudioStorageV1 } from '../spec/v1/audio-storage.ts';

async function* chunks(count: number, size: number) {
  for (let index = 0; index < count; index++) {
    const chunk = new Uint8Array(size);
    for (let offset = 0; offset < size; offset++) chunk[offset] = (index * 31 + offset) % 251;
    yield chunk;
  }
}

async function bytesOf(stream: ReadableStream<Uint8Array>) {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** What every storage provider must do; `storage()` gives a ready provider (its backing service already running). */
export function storageConformance(name: string, storage: () => AudioStorageV1) {
  test(`${name}: a streamed multi-megabyte put reads back whole, by range, and by head`, async () => {
    const store = storage();
    const stored = await store.put('conformance/big.mp3', chunks(48, 256 * 1024), { contentType: 'audio/mpeg' });
    expect(stored.size).toBe(48 * 256 * 1024);
    const head = await store.head('conformance/big.mp3');
    expect(head?.size).toBe(stored.size);
    const whole = await store.get('conformance/big.mp3');
    expect(whole?.size).toBe(stored.size);
    const data = await bytesOf(whole!.body);
    expect(data.length).toBe(stored.size);
    expect(data[256 * 1024 + 5]).toBe((31 + 5) % 251);
    const range = await store.get('conformance/big.mp3', { range: { start: 1000, end: 1100 } });
    const slice = await bytesOf(range!.body);
    expect(slice.length).toBe(100);
    expect(slice[0]).toBe(1000 % 251);
  });

  test(`${name}: missing keys are null; delete removes; overwrite replaces`, async () => {
    const store = storage();
    expect(await store.get('conformance/missing.mp3')).toBeNull();
    expect(await store.head('conformance/missing.mp3')).toBeNull();
    await store.put('conformance/replace.mp3', chunks(1, 10), { contentType: 'audio/mpeg' });
    await store.put('conformance/replace.mp3', chunks(1, 20), { contentType: 'audio/mpeg' });
    expect((await store.head('conformance/replace.mp3'))?.size).toBe(20);
    await store.delete('conformance/replace.mp3');
    expect(await store.head('conformance/replace.mp3')).toBeNull();
    expect(await store.healthy()).toBe(true);
  });

  test(`${name}: a body that fails midway rejects the put and leaves nothing visible`, async () => {
    const store = storage();
    async function* broken() {
      yield* chunks(30, 256 * 1024);
      throw new Error('connection reset');
    }
    await expect(store.put('conformance/broken.mp3', broken(), { contentType: 'audio/mpeg' })).rejects.toThrow(
      'connection reset',
    );
    expect(await store.head('conformance/broken.mp3')).toBeNull();
  });

  test(`${name}: keys that escape the store are refused`, async () => {
    const store = storage();
    await expect(store.put('../outside.mp3', chunks(1, 1), { contentType: 'audio/mpeg' })).rejects.toThrow();
    await expect(store.put('/absolute.mp3', chunks(1, 1), { contentType: 'audio/mpeg' })).rejects.toThrow();
  });

  test(`${name}: presigned links (when offered) download the object`, async () => {
    const store = storage();
    if (!store.capabilities.presignedUrls) {
      expect(store.presign).toBeUndefined();
      return;
    }
    await store.put('conformance/link.mp3', chunks(2, 1000), { contentType: 'audio/mpeg' });
    const url = await store.presign!('conformance/link.mp3', { expiresInSeconds: 60 });
    expect(url).toContain('X-Amz-Expires=60');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(2000);
  });
}
