/**
 * Loudness benchmark (issue #15, item 4). For every catalog voice, the same passage is measured with ffmpeg's
 * `ebur128` filter (integrated loudness, true peak) twice: the engine's raw PCM (before), and recite's MP3 output
 * (after: measured gain + true-peak limiter + LAME). Prints figures next to the targets; it is not a test.
 * Targets: integrated loudness within ±1.5 LU of LOUDNESS_TARGET_LUFS for every voice, true peak <= -1 dBTP.
 * Usage: bun scripts/bench-loudness.ts [--voices std-aria,std-davis]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { completeMp3, wavFile } from '../src/audio/complete-file.ts';
import { LOUDNESS_TARGET_LUFS } from '../src/audio/loudness-calibration.ts';
import { narrate } from '../src/audio/narrate.ts';
import { loadConfig } from '../src/config/index.ts';
import { silentLogger } from '../src/lib/logger.ts';
import { VOICES } from '../src/modules/voices/catalog.ts';
import { createServices } from '../src/services.ts';

const TRUE_PEAK_LIMIT = -1;
const TOLERANCE_LU = 1.5;
// Not the calibration passage: the gain must carry over to other text.
const TEXT =
  'Good evening, and welcome back. Tonight we travel north, to a village where the winters are long and the stories ' +
  'are longer. Maria, the baker, wakes at four. "Somebody has to," she laughs, shaping the first loaves of the day. ' +
  'By six, the whole street smells of bread, and the children are already waiting at the door!';

const only = process.argv.includes('--voices')
  ? process.argv[process.argv.indexOf('--voices') + 1]!.split(',')
  : undefined;
const voices = VOICES.filter((voice) => !only || only.includes(voice.id));
const directory = mkdtempSync(join(tmpdir(), 'recite-loudness-'));
const config = loadConfig({ RECITE_DATABASE: join(directory, 'bench.db'), RECITE_LOG_LEVEL: 'error' });
const services = createServices(config, { logger: silentLogger });
await services.start();

function ebur128(path: string): { integrated: number; truePeak: number } {
  const run = spawnSync(
    'ffmpeg',
    ['-nostats', '-hide_banner', '-i', path, '-filter_complex', 'ebur128=peak=true', '-f', 'null', '-'],
    { encoding: 'utf8' },
  );
  const summary = run.stderr.slice(run.stderr.lastIndexOf('Summary:'));
  const integrated = Number(/I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]);
  return { integrated, truePeak };
}

async function raw(voice: (typeof VOICES)[number]): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of services.engine.synthesize({ text: TEXT, voice, speed: 'normal' }))
    parts.push(new Uint8Array(chunk.samples.buffer, chunk.samples.byteOffset, chunk.samples.byteLength));
  const path = join(directory, `${voice.id}-raw.wav`);
  writeFileSync(path, wavFile(parts, services.engine.sampleRate));
  return path;
}

async function output(voice: (typeof VOICES)[number]): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const part of narrate(services.engine, services.encoders, { text: TEXT, voice, speed: 'normal' }).bytes)
    parts.push(part);
  const path = join(directory, `${voice.id}.mp3`);
  writeFileSync(path, completeMp3(parts));
  return path;
}

const format = (value: number) => (Number.isFinite(value) ? value.toFixed(1).padStart(6) : '  -inf');
console.log(
  `target: integrated ${LOUDNESS_TARGET_LUFS} LUFS ±${TOLERANCE_LU} LU, true peak <= ${TRUE_PEAK_LIMIT} dBTP; ${voices.length} voices`,
);
console.log('voice                  before: LUFS  dBTP   after: LUFS  dBTP   ok');
const before: number[] = [];
const after: number[] = [];
const peaks: number[] = [];
let failures = 0;
try {
  for (const voice of voices) {
    const paths = await Promise.all([raw(voice), output(voice)]).catch((error: unknown) => String(error));
    if (typeof paths === 'string') {
      // An engine failure is reported, not averaged in.
      failures++;
      console.log(`${voice.id.padEnd(22)} engine failed: ${paths.slice(0, 80)}`);
      continue;
    }
    const [rawPath, outputPath] = paths;
    const a = ebur128(rawPath);
    const b = ebur128(outputPath);
    before.push(a.integrated);
    after.push(b.integrated);
    peaks.push(b.truePeak);
    const ok = Math.abs(b.integrated - LOUDNESS_TARGET_LUFS) <= TOLERANCE_LU && b.truePeak <= TRUE_PEAK_LIMIT;
    if (!ok) failures++;
    console.log(
      `${voice.id.padEnd(22)} ${format(a.integrated)} ${format(a.truePeak)}        ${format(b.integrated)} ${format(b.truePeak)}   ${ok ? 'yes' : 'NO'}`,
    );
  }
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
  console.log(
    `before: ${Math.min(...before).toFixed(1)} to ${Math.max(...before).toFixed(1)} LUFS (spread ${spread(before).toFixed(1)} LU)`,
  );
  console.log(
    `after:  ${Math.min(...after).toFixed(1)} to ${Math.max(...after).toFixed(1)} LUFS (spread ${spread(after).toFixed(1)} LU), target ${LOUDNESS_TARGET_LUFS} ±${TOLERANCE_LU}`,
  );
  console.log(`after true peak: max ${Math.max(...peaks).toFixed(1)} dBTP, target <= ${TRUE_PEAK_LIMIT}`);
  console.log(`voices outside the targets: ${failures} of ${voices.length}`);
} finally {
  await services.stop();
  rmSync(directory, { recursive: true, force: true });
}
