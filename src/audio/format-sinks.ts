import OpusScript from 'opusscript';
import { createMp3Encoder } from 'wasm-media-encoders';
import type { StreamSettings } from './mp3-encoder-protocol.ts';
import { OggOpusWriter } from './ogg-opus.ts';

/**
 * The last stage of an encoder worker's pipeline: float PCM in, encoded bytes out. Each sink wraps a maintained
 * encoder compiled to WASM (LAME from wasm-media-encoders, libFLAC from libflacjs, libopus from opusscript);
 * PCM and WAV samples are only packed as 16-bit little-endian.
 */
export interface FormatSink {
  write(samples: Float32Array): Uint8Array[];
  end(): Uint8Array[];
  /** Give the encoder back (or free it) after `end` or on abort. */
  release(): void;
}

type Mp3Encoder = Awaited<ReturnType<typeof createMp3Encoder>>;
const spareMp3: Mp3Encoder[] = [];
const MP3_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;
type Mp3Rate = (typeof MP3_RATES)[number];
const CBR_RATES = [8, 16, 24, 32, 40, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const;

export async function openSink(settings: StreamSettings, rate: number): Promise<FormatSink> {
  switch (settings.format) {
    case 'mp3':
      return mp3Sink(settings, rate);
    case 'pcm':
    case 'wav':
      return pcmSink();
    case 'flac':
      return flacSink(rate);
    case 'opus':
      return opusSink(rate);
  }
}

async function mp3Sink(settings: StreamSettings, rate: number): Promise<FormatSink> {
  const encoder = spareMp3.pop() ?? (await createMp3Encoder());
  // Keep the engine's rate: left alone, LAME resamples low-bitrate VBR down to 12 kHz, which muffles speech.
  const outputSampleRate = MP3_RATES.includes(rate as Mp3Rate) ? (rate as Mp3Rate) : undefined;
  if (settings.bitrate) {
    const bitrate = CBR_RATES.find((value) => value >= settings.bitrate!) ?? 320;
    encoder.configure({ sampleRate: rate, channels: 1, bitrate, outputSampleRate });
  } else encoder.configure({ sampleRate: rate, channels: 1, vbrQuality: settings.vbrQuality, outputSampleRate });
  let ended = false;
  return {
    // The encoder owns its output buffer, so copy.
    write: (samples) => [encoder.encode([samples]).slice()],
    end: () => {
      ended = true;
      return [encoder.finalize().slice()];
    },
    release: () => {
      // finalize() resets the encoder so it can be reused for the next stream.
      if (!ended) encoder.finalize();
      spareMp3.push(encoder);
    },
  };
}

function toInt16(samples: Float32Array): Int16Array {
  const output = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index++)
    output[index] = Math.max(-32768, Math.min(32767, Math.round(samples[index]! * 32767)));
  return output;
}

function pcmSink(): FormatSink {
  return {
    write: (samples) => [new Uint8Array(toInt16(samples).buffer)],
    end: () => [],
    release: () => {},
  };
}

function opusSink(rate: number): FormatSink {
  if (![8000, 12000, 16000, 24000, 48000].includes(rate)) throw new Error(`Opus cannot encode at ${rate} Hz`);
  const encoder = new OpusScript(rate as 24000, 1, OpusScript.Application.AUDIO);
  encoder.setBitrate(32_000);
  const frame = rate / 50; // 20 ms
  // libopus's look-ahead at 48 kHz (6.5 ms): decoders drop it from the start.
  const writer = new OggOpusWriter(rate, 312);
  let pending = new Int16Array(0);
  let total = 0;
  const encodeFrames = (samples: Int16Array, final: boolean): Uint8Array[] => {
    const joined = new Int16Array(pending.length + samples.length);
    joined.set(pending);
    joined.set(samples, pending.length);
    const pages: Uint8Array[] = [];
    let at = 0;
    for (; at + frame <= joined.length || (final && at < joined.length); at += frame) {
      const block = new Int16Array(frame);
      block.set(joined.subarray(at, Math.min(joined.length, at + frame)));
      const packet = encoder.encode(Buffer.from(block.buffer), frame);
      const page = writer.add(new Uint8Array(packet), 960);
      if (page) pages.push(page);
    }
    pending = joined.slice(Math.min(at, joined.length));
    return pages;
  };
  let started = false;
  return {
    write(samples) {
      const int16 = toInt16(samples);
      total += int16.length;
      const pages = encodeFrames(int16, false);
      if (!started) {
        started = true;
        return [...writer.headers(), ...pages];
      }
      return pages;
    },
    end() {
      const pages = started ? [] : writer.headers();
      started = true;
      pages.push(...encodeFrames(new Int16Array(0), true), writer.end(total));
      return pages;
    },
    release: () => encoder.delete(),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: libflacjs ships loose typings for its factory.
let flacLibrary: Promise<any> | undefined;

/** libFLAC in WASM. Its loader fetches the .wasm by path; Bun's fetch wants a URL, so paths are read as files. */
function loadFlac() {
  flacLibrary ??= (async () => {
    const original = globalThis.fetch;
    const local = ((input: string | URL | Request, init?: RequestInit) =>
      typeof input === 'string' && input.endsWith('.wasm') && !/^https?:/.test(input)
        ? Promise.resolve(
            new Response(Bun.file(input.replace(/^file:\/\//, '')), {
              headers: { 'content-type': 'application/wasm' },
            }),
          )
        : original(input, init)) as typeof fetch;
    globalThis.fetch = local;
    try {
      const flac = require('libflacjs/dist/libflac.wasm.js');
      if (!flac.isReady()) await new Promise<void>((resolve) => flac.on('ready', () => resolve()));
      return flac;
    } finally {
      globalThis.fetch = original;
    }
  })();
  return flacLibrary;
}

async function flacSink(rate: number): Promise<FormatSink> {
  const flac = await loadFlac();
  const encoder = flac.create_libflac_encoder(rate, 1, 16, 5, 0, false, 0);
  if (!encoder) throw new Error('libFLAC could not create an encoder');
  const output: Uint8Array[] = [];
  let metadata: { total_samples: number; md5sum: string; min_framesize: number; max_framesize: number } | undefined;
  const status = flac.init_encoder_stream(
    encoder,
    (data: Uint8Array) => output.push(data.slice()),
    (info: typeof metadata) => (metadata = info),
  );
  if (status !== 0) throw new Error(`libFLAC init failed (${status})`);
  let released = false;
  return {
    // FLAC is held whole and sent at the end: libFLAC writes STREAMINFO (length, MD5) before it knows them and can
    // only correct it by seeking back, which a stream cannot; it is corrected here instead.
    write(samples) {
      const int32 = Int32Array.from(toInt16(samples));
      if (int32.length > 0 && !flac.FLAC__stream_encoder_process_interleaved(encoder, int32, int32.length))
        throw new Error('libFLAC failed to encode');
      return [];
    },
    end() {
      flac.FLAC__stream_encoder_finish(encoder);
      const whole = Buffer.concat(output);
      if (metadata && whole.length > 42 && whole.toString('latin1', 0, 4) === 'fLaC')
        patchStreamInfo(whole.subarray(8, 42), metadata);
      return [new Uint8Array(whole.buffer, whole.byteOffset, whole.length)];
    },
    release() {
      if (released) return;
      released = true;
      flac.FLAC__stream_encoder_delete(encoder);
    },
  };
}

function patchStreamInfo(
  info: Uint8Array,
  metadata: { total_samples: number; md5sum: string; min_framesize: number; max_framesize: number },
) {
  const put24 = (at: number, value: number) => info.set([(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff], at);
  put24(4, metadata.min_framesize);
  put24(7, metadata.max_framesize);
  const total = metadata.total_samples;
  info[13] = (info[13]! & 0xf0) | (Math.floor(total / 2 ** 32) & 0x0f);
  new DataView(info.buffer, info.byteOffset).setUint32(14, total >>> 0);
  if (/^[0-9a-f]{32}$/.test(metadata.md5sum)) info.set(Buffer.from(metadata.md5sum, 'hex'), 18);
}
