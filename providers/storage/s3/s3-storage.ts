import { S3Client } from 'bun';
import type { AudioStorageV1 } from '../../spec/v1/audio-storage.ts';
import { assertStorageKey } from '../keys.ts';

export interface S3StorageOptions {
  bucket: string;
  prefix?: string;
  endpoint?: string;
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
  virtualHostedStyle?: boolean;
}

/**
 * S3 (or any S3-compatible store) on Bun's built-in client. Uploads stream as multipart parts of 5 MiB, so memory stays
 * bounded; a failed upload is aborted and the key deleted, so nothing half-written is ever visible. Links are presigned.
 */
export function createS3Storage(options: S3StorageOptions): AudioStorageV1 {
  const client = new S3Client({
    bucket: options.bucket,
    endpoint: options.endpoint,
    region: options.region ?? 'us-east-1',
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    virtualHostedStyle: options.virtualHostedStyle ?? false,
  });
  const prefix = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  const fileOf = (key: string) => client.file(`${prefix}${assertStorageKey(key)}`);
  const stat = async (key: string) => {
    const file = fileOf(key);
    if (!(await file.exists())) return null;
    return file.stat();
  };

  return {
    specificationVersion: 'v1',
    id: 's3',
    capabilities: { presignedUrls: true },

    async put(key, body, { contentType }) {
      const file = fileOf(key);
      const writer = file.writer({ type: contentType, partSize: 5 * 1024 * 1024, queueSize: 2, retry: 2 });
      let size = 0;
      try {
        for await (const chunk of body) {
          await writer.write(chunk);
          size += chunk.length;
        }
        await writer.end();
      } catch (error) {
        // Aborts the multipart upload; and should a part of it have landed, the key is removed.
        await Promise.resolve(writer.end(error instanceof Error ? error : new Error(String(error)))).catch(() => {});
        await file.delete().catch(() => {});
        throw error;
      }
      return { key, size, contentType };
    },

    async get(key, getOptions) {
      const info = await stat(key);
      if (!info) return null;
      const file = fileOf(key);
      const range = getOptions?.range;
      const body = (range ? file.slice(range.start, range.end ?? info.size) : file).stream();
      return { body, size: info.size, contentType: info.type || 'application/octet-stream' };
    },

    async head(key) {
      const info = await stat(key);
      return info ? { key, size: info.size, contentType: info.type || 'application/octet-stream' } : null;
    },

    async delete(key) {
      await fileOf(key).delete();
    },

    async presign(key, presignOptions) {
      return fileOf(key).presign({
        expiresIn: presignOptions.expiresInSeconds,
        method: 'GET',
        ...(presignOptions.contentType ? { type: presignOptions.contentType } : {}),
      });
    },

    async healthy() {
      try {
        await client.file(`${prefix}.recite-health-check`).exists();
        return true;
      } catch {
        return false;
      }
    },
  };
}
