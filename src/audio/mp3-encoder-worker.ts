/// <reference lib="webworker" />
// LAME (WASM) encoders live off the main thread: encoding is most of the pipeline's CPU time.
import { createMp3Encoder } from 'wasm-media-encoders';
import { audioGarbageCollector } from '../lib/audio-gc.ts';
import type { EncoderRequest, EncoderResponse } from './mp3-encoder-protocol.ts';

declare const self: Worker;
type Encoder = Awaited<ReturnType<typeof createMp3Encoder>>;

const streams = new Map<number, Encoder>();
const spare: Encoder[] = [];
let scratch = new Float32Array(16384);
const MP3_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;

const collector = audioGarbageCollector();

function post(message: EncoderResponse, transfer: Transferable[] = []) {
  self.postMessage(message, transfer);
}

function emit(streamId: number, bytes: Uint8Array, ended: boolean) {
  // The encoder owns its output buffer, so copy before handing it over.
  const copy = bytes.slice();
  post({ type: ended ? 'ended' : 'data', streamId, bytes: copy }, [copy.buffer]);
}

// Messages are handled strictly in order: `open` may await the encoder's creation, and a `write` handled before it
// finished would find no stream and lose audio.
let queue: Promise<void> = Promise.resolve();
self.onmessage = (message: MessageEvent<EncoderRequest>) => {
  queue = queue.then(() => handle(message.data));
};

async function handle(request: EncoderRequest): Promise<void> {
  try {
    switch (request.type) {
      case 'open': {
        const encoder = spare.pop() ?? (await createMp3Encoder());
        // Keep the engine's rate: left alone, LAME resamples low-bitrate VBR down to 12 kHz, which muffles speech.
        const outputSampleRate = MP3_RATES.includes(request.sampleRate as (typeof MP3_RATES)[number]) ? (request.sampleRate as (typeof MP3_RATES)[number]) : undefined;
        encoder.configure({ sampleRate: request.sampleRate, channels: 1, vbrQuality: request.vbrQuality, outputSampleRate });
        streams.set(request.streamId, encoder);
        break;
      }
      case 'write': {
        const encoder = streams.get(request.streamId);
        if (!encoder) return; // aborted or failed stream: its remaining writes are moot
        const samples = request.samples;
        if (scratch.length < samples.length) scratch = new Float32Array(samples.length);
        const floats = scratch.subarray(0, samples.length);
        for (let index = 0; index < samples.length; index++) floats[index] = samples[index]! / 32768;
        collector.add(samples.length);
        const bytes = encoder.encode([floats]);
        if (bytes.length > 0) emit(request.streamId, bytes, false);
        break;
      }
      case 'end': {
        const encoder = streams.get(request.streamId);
        if (!encoder) return;
        streams.delete(request.streamId);
        emit(request.streamId, encoder.finalize(), true);
        spare.push(encoder);
        collector.collectIfDue();
        break;
      }
      case 'abort': {
        const encoder = streams.get(request.streamId);
        streams.delete(request.streamId);
        // finalize() resets the encoder so it can be reused for the next stream.
        if (encoder) {
          encoder.finalize();
          spare.push(encoder);
        }
        break;
      }
    }
  } catch (error) {
    streams.delete(request.streamId);
    post({ type: 'failed', streamId: request.streamId, message: error instanceof Error ? error.message : String(error) });
  }
}
post({ type: 'ready' } as EncoderResponse);
