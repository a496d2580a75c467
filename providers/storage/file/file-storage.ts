import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { AudioStorageV1, StoredObject } from '../../spec/v1/audio-storage.ts';
import { assertStorageKey } from '../keys.ts';

/**
 * Local-disk storage. A put streams to a temporary file beside the target, fsyncs and renames it into place, so an
 * object is either whole or absent; memory stays bounded whatever the size.
 */
export function createFileStorage(options: { directory: string }): AudioStorageV1 {
  const root = resolve(options.directory);
  const pathOf = (key: string) => join(root, assertStorageKey(key));
  const contentTypes = new Map<string, string>([
    ['.mp3', 'audio/mpeg'],
    ['.mp4', 'video/mp4'],
    ['.json', 'application/json'],
    ['.vtt', 'text/vtt'],
    ['.srt', 'application/x-subrip'],
  ]);
  const contentTypeOf = (key: string) =>
    contentTypes.get(key.slice(key.lastIndexOf('.'))) ?? 'application/octet-stream';

  return {
    specificationVersion: 'v1',
    id: 'file',
    capabilities: { presignedUrls: false },

    async put(key, body, { contentType }) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // A process killed mid-upload leaves its temporary file behind; the retry of the same key clears it.
      const stem = `${basename(target)}.`;
      for (const name of await readdir(dirname(target))) {
        if (name.startsWith(stem) && name.endsWith('.partial')) await rm(join(dirname(target), name), { force: true });
      }
      const temporary = `${target}.${randomUUID()}.partial`;
      const handle = await open(temporary, 'w');
      let size = 0;
      try {
        for await (const chunk of body) {
          let written = 0;
          while (written < chunk.length) written += (await handle.write(chunk, written)).bytesWritten;
          size += chunk.length;
        }
        await handle.sync();
        await handle.close();
        await rename(temporary, target);
      } catch (error) {
        await handle.close().catch(() => {});
        await rm(temporary, { force: true });
        throw error;
      }
      return { key, size, contentType } satisfies StoredObject;
    },

    async get(key, getOptions) {
      const file = Bun.file(pathOf(key));
      if (!(await file.exists())) return null;
      const size = file.size;
      const range = getOptions?.range;
      const slice = range ? file.slice(range.start, range.end ?? size) : file;
      return { body: slice.stream(), size, contentType: contentTypeOf(key) };
    },

    async head(key) {
      try {
        const info = await stat(pathOf(key));
        return { key, size: info.size, contentType: contentTypeOf(key) };
      } catch {
        return null;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async healthy() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  };
}
