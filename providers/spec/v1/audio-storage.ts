/**
 * Audio storage provider, specification v1.
 *
 * Holds finished narrations (MP3, captions ...). Objects are written once by a streaming upload that either completes
 * whole or leaves nothing visible under the key, so a crashed job never exposes half a file.
 */

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
}

export interface AudioStorageCapabilities {
  /** The provider can hand out URLs clients fetch directly (S3 presigned); otherwise recite serves the bytes. */
  presignedUrls: boolean;
}

export interface AudioStorageV1 {
  readonly specificationVersion: 'v1';
  readonly id: string;
  readonly capabilities: AudioStorageCapabilities;

  /** Stream `body` to `key`; resolves once the object is durable and visible. On failure nothing is visible at `key`. */
  put(key: string, body: AsyncIterable<Uint8Array>, options: { contentType: string }): Promise<StoredObject>;
  /** The object's bytes, or null when absent. `range` is inclusive-exclusive. */
  get(
    key: string,
    options?: { range?: { start: number; end?: number } },
  ): Promise<{ body: ReadableStream<Uint8Array>; size: number; contentType: string } | null>;
  head(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Only when `capabilities.presignedUrls`: a URL valid for `expiresInSeconds`. */
  presign?(key: string, options: { expiresInSeconds: number; contentType?: string }): Promise<string>;
  /** Cheap reachability check used before a job is accepted. */
  healthy(): Promise<boolean>;
}

export type AudioStorageFactory = (options: {
  location: string;
  environment: Record<string, string | undefined>;
}) => AudioStorageV1;
