/// <reference lib="webworker" />
// One eSpeak NG instance per worker: the emscripten build is synchronous and keeps global state, so it is not reentrant.
// Embedded so the compiled binary carries the 24 MB voice data; without getPreloadedPackage init waits forever on a fetch.
import dataPath from '@echogarden/espeak-ng-emscripten/espeak-ng.data' with { type: 'file' };
import { audioGarbageCollector } from '../../../src/lib/audio-gc.ts';
import { loadEspeakFactory } from './espeak-module.ts';
import type { RawEvent, WorkerRequest, WorkerResponse } from './espeak-protocol.ts';

declare const self: Worker;

const CHUNK_SAMPLES = 8192;
const VARIANT_DIRECTORY = '/usr/share/espeak-ng-data/voices/!v';

function post(message: WorkerResponse, transfer: Transferable[] = []) {
  self.postMessage(message, transfer);
}

let cancelFlags: Int32Array | undefined;

const collector = audioGarbageCollector();

async function start() {
  const data = await Bun.file(dataPath).arrayBuffer();
  // biome-ignore lint: emscripten module is untyped
  const { factory, patched } = loadEspeakFactory();
  const module: any = await factory({ getPreloadedPackage: () => data });
  const engine = new module.eSpeakNGWorker();
  // set_voice loads voice FILES by name (`fr`, `en-us`), not the language names a file lists (`fr-fr`, `en-gb`), so
  // only file names are offered to validateVoice. All 140 files of the package were measured to load by this name
  // (loading each at start-up would cost ~1.5 s; test/voice-sweep.test.ts speaks every catalog voice instead).
  const voices: string[] = engine
    .list_voices()
    .map((voice: { identifier: string }) => voice.identifier.split('/').pop()!);
  const variants: string[] = (module.FS.readdir(VARIANT_DIRECTORY) as string[]).filter((name) => !name.startsWith('.'));

  const synthesize = (request: Extract<WorkerRequest, { type: 'synthesize' }>) => {
    const { settings } = request;
    const name = settings.variant ? `${settings.voice}+${settings.variant}` : settings.voice;
    if (engine.set_voice(name) !== 0) throw new Error(`eSpeak could not load voice ${name}`);
    engine.rate = settings.rate;
    engine.pitch = settings.pitch;
    engine.range = settings.range;
    engine.volume = settings.volume;

    let pending: Int16Array[] = [];
    let pendingLength = 0;
    let events: RawEvent[] = [];
    const flush = () => {
      if (pendingLength === 0 && events.length === 0) return;
      const samples = new Int16Array(pendingLength);
      let offset = 0;
      for (const part of pending) {
        samples.set(part, offset);
        offset += part.length;
      }
      post({ type: 'chunk', id: request.id, samples, events }, [samples.buffer]);
      pending = [];
      pendingLength = 0;
      events = [];
    };
    let first = true;
    engine.synthesize(
      request.text,
      (
        samples: Int16Array,
        rawEvents: { type: string; text_position: number; word_length: number; audio_position: number; id: unknown }[],
      ) => {
        for (const event of rawEvents) {
          if (event.type === 'word' && request.words) {
            events.push({
              type: 'word',
              position: event.text_position,
              length: event.word_length,
              ms: event.audio_position,
            });
          } else if (event.type === 'sentence' && request.words) {
            events.push({ type: 'sentence', position: event.text_position, length: 0, ms: event.audio_position });
          } else if (event.type === 'phoneme' && request.phonemes) {
            events.push({
              type: 'phoneme',
              position: event.text_position,
              length: 0,
              ms: event.audio_position,
              phoneme: String(event.id),
            });
          }
        }
        if (samples.length > 0) {
          collector.add(samples.length);
          pending.push(samples);
          pendingLength += samples.length;
        }
        // The first chunk goes out at once so streaming starts early; later ones are batched to cut message overhead.
        if (first ? pendingLength > 0 : pendingLength >= CHUNK_SAMPLES) {
          first = false;
          flush();
        }
        // A non-zero return tells eSpeak to stop: the caller cancelled through shared memory.
        return cancelFlags !== undefined && Atomics.load(cancelFlags, request.cancelSlot) === 1 ? 1 : 0;
      },
    );
    flush();
  };

  self.onmessage = (message: MessageEvent<WorkerRequest | { type: 'cancel-buffer'; buffer: SharedArrayBuffer }>) => {
    const request = message.data;
    if (request.type === 'cancel-buffer') {
      cancelFlags = new Int32Array(request.buffer);
      return;
    }
    try {
      synthesize(request);
      post({ type: 'done', id: request.id });
      collector.collectIfDue();
    } catch (error) {
      post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
    }
  };
  post({ type: 'ready', sampleRate: engine.samplerate, voices, variants, patched });
}

start().catch((error) =>
  post({ type: 'fatal', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
