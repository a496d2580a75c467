/**
 * Presenter video benchmark (issue #7 target: 10 s of 640x360 in under 5 s on this machine). Narrates a script long
 * enough for about 10 s, then renders it with each available renderer; prints wall time, x real time and peak RSS.
 */
import { createFfmpegRenderer } from '../providers/renderers/ffmpeg/ffmpeg-renderer.ts';
import { createWasmRenderer } from '../providers/renderers/wasm/wasm-renderer.ts';
import { createEspeakEngine } from '../providers/engines/espeak/espeak-engine.ts';
import { createMp3EncoderPool } from '../src/audio/mp3-encoder-pool.ts';
import { narrate } from '../src/audio/narrate.ts';
import { CHARACTERS } from '../src/presenter/characters.ts';
import { renderPresenterVideo } from '../src/presenter/render.ts';
import { findVoice } from '../src/modules/voices/catalog.ts';

const engine = createEspeakEngine({ workers: 1, environment: {} });
const encoders = createMp3EncoderPool({ workers: 1, vbrQuality: 9 });
await Promise.all([engine.start(), encoders.start()]);
const script =
  'Once upon a time, a curious fox named Fenn found a shiny blue stone by the river. She carried it home to show her mother, who smiled and said it was magic. That night, the stone glowed softly.';
const narration = narrate(engine, encoders, {
  text: script,
  voice: findVoice('playful-elf')!,
  speed: 'normal',
  events: { phonemes: true },
});
const parts: Uint8Array[] = [];
for await (const part of narration.bytes) parts.push(part);
const result = await narration.result;
const seconds = result.decodedSamples / result.sampleRate;
const audio = new Uint8Array(Buffer.concat(parts));
console.log(`narration: ${seconds.toFixed(2)} s of audio, ${result.events.length} phoneme events`);
for (const renderer of [createWasmRenderer(), createFfmpegRenderer()]) {
  if (!(await renderer.capabilities()).available) {
    console.log(`${renderer.id}: not available here`);
    continue;
  }
  const timings: number[] = [];
  let frames = 0;
  let distinct = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const video = await renderPresenterVideo({
      character: CHARACTERS[run % CHARACTERS.length]!,
      audio,
      durationSeconds: seconds,
      events: result.events,
      sampleRate: result.sampleRate,
      renderer,
    });
    timings.push(performance.now() - started);
    frames = video.frames;
    distinct = video.distinctFrames;
  }
  timings.sort((a, b) => a - b);
  const median = timings[1]! / 1000;
  console.log(
    `${renderer.id.padEnd(7)} ${frames} frames (${distinct} distinct poses) 640x360@24: median ${median.toFixed(2)} s for ${seconds.toFixed(1)} s of video -> ${(seconds / median).toFixed(1)}x real time; 10 s would take ~${((10 / seconds) * median).toFixed(2)} s (target < 5 s)`,
  );
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await Promise.all([engine.stop(), encoders.stop()]);
