import { isAbsolute, resolve } from 'node:path';
import type { AudioStorageV1 } from '../spec/v1/audio-storage.ts';
import { createFileStorage } from './file/file-storage.ts';
import { createS3Storage } from './s3/s3-storage.ts';

/** `file:<directory>` (relative to the working directory, or absolute) or `s3://bucket/prefix`. */
export function createStorage(location: string, environment: Record<string, string | undefined>): AudioStorageV1 {
  if (location.startsWith('file:')) {
    const directory = location.slice('file:'.length);
    if (!directory) throw new Error('RECITE_STORAGE: file: needs a directory, e.g. file:./data/audio');
    return createFileStorage({ directory: isAbsolute(directory) ? directory : resolve(directory) });
  }
  if (location.startsWith('s3://')) {
    const [bucket, ...rest] = location.slice('s3://'.length).split('/');
    if (!bucket) throw new Error('RECITE_STORAGE: s3:// needs a bucket, e.g. s3://my-bucket/narrations');
    const accessKeyId = environment.RECITE_S3_ACCESS_KEY_ID ?? environment.AWS_ACCESS_KEY_ID;
    const secretAccessKey = environment.RECITE_S3_SECRET_ACCESS_KEY ?? environment.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey) {
      throw new Error(
        'RECITE_STORAGE is s3:// but credentials are missing: set RECITE_S3_ACCESS_KEY_ID and RECITE_S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)',
      );
    }
    return createS3Storage({
      bucket,
      prefix: rest.join('/'),
      endpoint: environment.RECITE_S3_ENDPOINT ?? environment.AWS_ENDPOINT_URL_S3,
      region: environment.RECITE_S3_REGION ?? environment.AWS_REGION ?? 'us-east-1',
      accessKeyId,
      secretAccessKey,
      virtualHostedStyle: environment.RECITE_S3_VIRTUAL_HOSTED === 'true',
    });
  }
  throw new Error(`RECITE_STORAGE: unknown location "${location}" (use file:<directory> or s3://bucket/prefix)`);
}
