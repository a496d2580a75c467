/// <reference lib="webworker" />
// Encoders (WASM) live off the main thread: encoding is most of the pipeline's CPU time. Each stream runs
// gain -> time stretch -> resample -> true-peak limiter -> encoder, all in float, so gain never clips before the
// limiter sees it.
import { audioGarbageCollector } from '../lib/audio-gc.ts';
import { type FormatSink, openSink } from './format-sinks.ts';
import type { EncoderRequest, EncoderResponse } from './mp3-encoder-protocol.ts';
import { PeakLimiter } from './peak-limiter.ts';
import { Resampler } from './resampler.ts';
import { TimeStretch } from './time-stretch.ts';

declare const self: Worker;

interface Stream {
  sink: FormatSink;
  stretch?: TimeStretch;
  resampler?: Resampler;
  limiter: PeakLimiter;
}

const streams = new Map<number, Stream>();
const collector = audioGarbageCollector();

function post(message: EncoderResponse, transfer: Transferable[] = []) {
  self.postMessage(message, transfer);
}

function emit(streamId: number, parts: Uint8Array[], ended: boolean) {
  let bytes = parts.length === 1 ? parts[0]! : new Uint8Array(Buffer.concat(parts));
  if (bytes.length === 0 && !ended) return;
  // Only a view that owns its whole buffer may be transferred (Buffer.concat may hand out a slice of a shared pool).
  if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) bytes = bytes.slice();
  post({ type: ended ? 'ended' : 'data', streamId, bytes }, [bytes.buffer]);
}

// Messages are handled strictly in order: `open` may await the encoder's creation, and a `write` handled before it
// finished would find no stream and lose audio.
let queue: Promise<void> = Promise.resolve();
self.onmessage = (message: MessageEvent<EncoderRequest>) => {
  queue = queue.then(() => handle(message.data));
};

function shape(stream: Stream, samples: Float32Array): Float32Array {
  let signal = samples;
  if (stream.stretch) signal = stream.stretch.process(signal);
  if (stream.resampler) signal = stream.resampler.process(signal);
  return stream.limiter.process(signal);
}

function finish(stream: Stream): Float32Array {
  let tail: Float32Array = new Float32Array(0);
  const join = (a: Float32Array, b: Float32Array) => {
    const joined = new Float32Array(a.length + b.length);
    joined.set(a);
    joined.set(b, a.length);
    return joined;
  };
  if (stream.stretch) tail = stream.stretch.flush();
  if (stream.resampler) tail = join(stream.resampler.process(tail), stream.resampler.flush());
  return join(stream.limiter.process(tail), stream.limiter.flush());
}

async function handle(request: EncoderRequest): Promise<void> {
  try {
    switch (request.type) {
      case 'open': {
        const { settings } = request;
        const rate = settings.outputSampleRate ?? settings.sampleRate;
        const stretch =
          settings.stretch && Math.abs(settings.stretch - 1) > 0.005
            ? new TimeStretch(settings.sampleRate, settings.stretch)
            : undefined;
        const resampler = rate !== settings.sampleRate ? new Resampler(settings.sampleRate, rate) : undefined;
        const sink = await openSink(settings, rate);
        streams.set(request.streamId, {
          sink,
          stretch,
          resampler,
          limiter: new PeakLimiter(rate, 10 ** (settings.ceilingDb / 20)),
        });
        break;
      }
      case 'write': {
        const stream = streams.get(request.streamId);
        if (!stream) return; // aborted or failed stream: its remaining writes are moot
        const samples = request.samples;
        const floats = new Float32Array(samples.length);
        const scale = request.gain / 32768;
        for (let index = 0; index < samples.length; index++) floats[index] = samples[index]! * scale;
        collector.add(samples.length);
        emit(request.streamId, stream.sink.write(shape(stream, floats)), false);
        break;
      }
      case 'end': {
        const stream = streams.get(request.streamId);
        if (!stream) return;
        streams.delete(request.streamId);
        const parts = [...stream.sink.write(finish(stream)), ...stream.sink.end()];
        stream.sink.release();
        emit(request.streamId, parts, true);
        collector.collectIfDue();
        break;
      }
      case 'abort': {
        const stream = streams.get(request.streamId);
        streams.delete(request.streamId);
        stream?.sink.release();
        break;
      }
    }
  } catch (error) {
    const stream = streams.get(request.streamId);
    streams.delete(request.streamId);
    try {
      stream?.sink.release();
    } catch {}
    post({
      type: 'failed',
      streamId: request.streamId,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
post({ type: 'ready' } as EncoderResponse);
