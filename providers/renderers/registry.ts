import type { VideoRendererV1 } from '../spec/v1/video-renderer.ts';
import { createFfmpegRenderer } from './ffmpeg/ffmpeg-renderer.ts';
import { createWasmRenderer } from './wasm/wasm-renderer.ts';

/** RECITE_RENDERER: `wasm` (embedded, default) or `ffmpeg` (system binary). */
export function createRenderer(id: string): VideoRendererV1 {
  if (id === 'wasm') return createWasmRenderer();
  if (id === 'ffmpeg') return createFfmpegRenderer();
  throw new Error(`RECITE_RENDERER: unknown renderer "${id}" (known: wasm, ffmpeg)`);
}
