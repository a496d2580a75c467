import { isAbsolute, resolve } from 'node:path';
import type { AudioStorageV1 } from '../spec/v1/audio-storage.ts';
import { createFileStorage } from './file/file-storage.ts';

/** `file:<directory>` (relative to the working directory, or absolute) or `s3://bucket/prefix`. */
export function createStorage(location: string, environment: Record<string, string | undefined>): AudioStorageV1 {
  if (location.startsWith('file:')) {
    const directory = location.slice('file:'.length);
    if (!directory) throw new Error('RECITE_STORAGE: file: needs a directory, e.g. file:./data/audio');
    return createFileStorage({ directory: isAbsolute(directory) ? directory : resolve(directory) });
  }
  void environment;
  throw new Error(`RECITE_STORAGE: unknown location "${location}" (use file:<directory> or s3://bucket/prefix)`);
}
