import { workerUrl } from '../lib/worker-url.ts';
import { LIMITER_CEILING_DB, LoudnessCalibration } from './loudness-calibration.ts';
import type { AudioFormat, EncoderRequest, EncoderResponse, StreamSettings } from './mp3-encoder-protocol.ts';

export type { AudioFormat } from './mp3-encoder-protocol.ts';

/** What a caller may choose per stream; the rest comes from the pool's settings. */
export interface EncodingOptions {
  format?: AudioFormat;
  /** MP3: constant bitrate in kbps instead of VBR. */
  bitrate?: number;
  outputSampleRate?: number;
  /** Duration factor made by time stretch (2 = twice as long). */
  stretch?: number;
}

/**
 * A pool of LAME encoders in Workers. Each output stream stays on one worker (an MP3 encoder is stateful), so a stream
 * is gapless however it is fed; streams are spread over workers by load.
 */
export interface Mp3Stream {
  /** Queue PCM for encoding, scaled by `gain` (loudness normalisation) before the limiter; ownership of `samples`
   * passes to the pool. */
  write(samples: Int16Array, gain?: number): void;
  /** Flush the encoder; the byte iterator ends after the last frame. */
  end(): void;
  abort(): void;
  /** MP3 bytes in order, as they are produced. */
  bytes: AsyncIterable<Uint8Array>;
}

export interface Mp3EncoderPool {
  start(): Promise<void>;
  open(options: { sampleRate: number } & EncodingOptions): Mp3Stream;
  /** Per-voice loudness (and rate) calibration shared by everything that encodes through this pool. */
  loudness: LoudnessCalibration;
  stop(): Promise<void>;
}

interface StreamState {
  chunks: Uint8Array[];
  ended: boolean;
  failure?: Error;
  wake?: () => void;
}

export function createMp3EncoderPool(options: { workers: number; vbrQuality: number }): Mp3EncoderPool {
  const workers: { worker: Worker; open: number }[] = [];
  const streams = new Map<number, StreamState>();
  let nextStreamId = 1;

  const spawn = () =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(
        workerUrl(import.meta.url, './mp3-encoder-worker.ts', 'src/audio/mp3-encoder-worker.ts'),
      );
      const entry = { worker, open: 0 };
      worker.onmessage = (message: MessageEvent<EncoderResponse>) => {
        const data = message.data;
        if (data.type === 'ready') {
          workers.push(entry);
          resolve();
          return;
        }
        const state = streams.get(data.streamId);
        if (!state) return;
        if (data.type === 'failed') {
          state.failure = new Error(`MP3 encoder failed: ${data.message}`);
          state.ended = true;
        } else {
          if (data.bytes.length > 0) state.chunks.push(data.bytes);
          if (data.type === 'ended') state.ended = true;
        }
        if (state.ended) entry.open--;
        state.wake?.();
      };
      worker.onerror = (event) => {
        if (!workers.includes(entry)) reject(new Error(event.message));
      };
    });

  return {
    async start() {
      await Promise.all(Array.from({ length: options.workers }, spawn));
    },

    loudness: new LoudnessCalibration(),

    open({ sampleRate, ...encoding }) {
      const entry = workers.reduce((best, candidate) => (candidate.open < best.open ? candidate : best), workers[0]!);
      if (!entry) throw new Error('MP3 encoder pool is not started');
      const streamId = nextStreamId++;
      const state: StreamState = { chunks: [], ended: false };
      streams.set(streamId, state);
      entry.open++;
      const send = (message: EncoderRequest, transfer: Transferable[] = []) =>
        entry.worker.postMessage(message, transfer);
      const format = encoding.format ?? 'mp3';
      const settings: StreamSettings = {
        sampleRate,
        format,
        vbrQuality: options.vbrQuality,
        bitrate: encoding.bitrate,
        outputSampleRate: encoding.outputSampleRate ?? (format === 'mp3' ? undefined : 24_000),
        stretch: encoding.stretch,
        ceilingDb: LIMITER_CEILING_DB,
      };
      send({ type: 'open', streamId, settings });
      let closed = false;
      return {
        write(samples, gain = 1) {
          if (closed) return;
          send({ type: 'write', streamId, samples, gain }, [samples.buffer]);
        },
        end() {
          if (closed) return;
          closed = true;
          send({ type: 'end', streamId });
        },
        abort() {
          if (!state.ended) {
            state.ended = true;
            entry.open--;
            if (!closed) send({ type: 'abort', streamId });
          }
          closed = true;
          streams.delete(streamId);
          state.wake?.();
        },
        bytes: {
          async *[Symbol.asyncIterator]() {
            try {
              while (true) {
                const chunk = state.chunks.shift();
                if (chunk) {
                  yield chunk;
                  continue;
                }
                if (state.failure) throw state.failure;
                if (state.ended) return;
                await new Promise<void>((resolve) => (state.wake = resolve));
                state.wake = undefined;
              }
            } finally {
              streams.delete(streamId);
            }
          },
        },
      };
    },

    async stop() {
      for (const entry of workers.splice(0)) entry.worker.terminate();
      for (const state of streams.values()) {
        state.failure = new Error('MP3 encoder pool stopped');
        state.ended = true;
        state.wake?.();
      }
      streams.clear();
    },
  };
}
