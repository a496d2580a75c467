/**
 * Builds the single executable: `bun run build` -> dist/recite. Worker entry points are listed so the compiled binary
 * carries them; eSpeak's voice data, Flite's WASI program, the migrations and the docs bundle are embedded through `with { type: ... }`.
 */
import { rmSync } from 'node:fs';

export const WORKER_ENTRYPOINTS = [
  './providers/engines/espeak/espeak-worker.ts',
  './providers/engines/flite/flite-worker.ts',
  './src/audio/mp3-encoder-worker.ts',
  './providers/moderation/local/moderation-worker.ts',
  './providers/renderers/wasm/h264-worker.ts',
];

const outfile = process.argv[2] ?? './dist/recite';
rmSync(outfile, { force: true });
const started = performance.now();
const result = await Bun.build({
  entrypoints: ['./src/index.ts', ...WORKER_ENTRYPOINTS],
  compile: { outfile },
  minify: true,
  bytecode: true,
  format: 'esm',
  sourcemap: 'linked',
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
const size = Bun.file(outfile).size;
console.log(
  `built ${outfile} (${(size / 1024 / 1024).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
