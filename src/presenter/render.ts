import type { SpeechEvent } from '../../providers/spec/v1/speech-engine.ts';
import type { VideoRendererV1 } from '../../providers/spec/v1/video-renderer.ts';
import { characterSvg, type Character, type Viseme } from './characters.ts';
import { visemeTimeline } from './visemes.ts';

export interface PresenterVideoRequest {
  character: Character;
  /** The narration as MP3 and its decoded length. */
  audio: Uint8Array;
  durationSeconds: number;
  /** Phoneme events on the MP3's timeline. */
  events: SpeechEvent[];
  sampleRate: number;
  renderer: VideoRendererV1;
  width?: number;
  height?: number;
  fps?: number;
}

const SWAY_STEPS = [-3, -1.5, 0, 1.5, 3];

/** Lip-synced presenter video. Each distinct pose (mouth x eyes x sway step) is rasterised once and reused. */
export async function renderPresenterVideo(
  request: PresenterVideoRequest,
): Promise<{ mp4: Uint8Array; frames: number; distinctFrames: number }> {
  // Loaded when a video is rendered: the native renderer took tens of milliseconds of every start-up.
  const { Resvg } = await import('@resvg/resvg-js');
  const width = request.width ?? 640;
  const height = request.height ?? 360;
  const fps = request.fps ?? 24;
  const frames = Math.max(1, Math.ceil(request.durationSeconds * fps));
  const mouths = visemeTimeline(request.events, { sampleRate: request.sampleRate, fps, frames });
  const cache = new Map<string, Uint8Array>();
  const pose = (index: number): { mouth: Viseme; blink: boolean; sway: number } => {
    const time = index / fps;
    // Blink for ~3 frames every 3.2-4.4 s, deterministic so renders are reproducible.
    const period = 3.2 + ((Math.floor(time / 4) * 7919) % 12) / 10;
    const blink = time % period > period - 0.12;
    const sway = SWAY_STEPS[Math.round((Math.sin(time * 1.3) + 1) * 2)]!;
    return { mouth: mouths[index] ?? 'rest', blink, sway };
  };
  const frame = (index: number) => {
    const current = pose(index);
    const key = `${current.mouth}|${current.blink}|${current.sway}`;
    let pixels = cache.get(key);
    if (!pixels) {
      const svg = characterSvg(request.character, current, { width, height });
      pixels = new Uint8Array(
        new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'width', value: width } }).render().pixels,
      );
      cache.set(key, pixels);
    }
    return pixels;
  };
  const mp4 = await request.renderer.render({ width, height, fps, frames, frame, audio: request.audio });
  return { mp4, frames, distinctFrames: cache.size };
}
