/**
 * Intelligibility benchmark (issue #12 targets). For every English catalog voice: synthesise a fixed set of plain
 * sentences, resample to 16 kHz mono (sox), recognise with pocketsphinx's US English model, and print the word error
 * rate (WER), the synthesis speed (x real time on one worker) and the engine. The recogniser is a proxy for natural
 * speech, not a listener; the figures compare voices on the same footing.
 *
 * It installs nothing: apt-get install pocketsphinx pocketsphinx-en-us sox (espeak-ng for --accents).
 * Usage: bun scripts/bench-voices.ts [--voices std-aria,std-guy] [--engine espeak] [--accents] [--sentences heldout]
 *   --engine espeak speaks every voice with eSpeak NG's settings for it: the figures from before Flite.
 *   --accents also measures eSpeak NG's English accent files with and without the `klatt` variants (native
 *   espeak-ng, same voice data), which is how the eSpeak accents of the catalog were chosen.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { speechEngineFactory } from '../providers/registry.ts';
import { VOICES } from '../src/modules/voices/catalog.ts';

export const SENTENCES = [
  'The cat sat on the mat and looked out of the window.',
  'We went to the market to buy some fresh bread and milk.',
  'My brother plays football with his friends every Saturday.',
  'The weather was cold and wet for most of the week.',
  'She opened the door and walked into the quiet room.',
  'Please remember to close the gate when you leave the garden.',
  'The children laughed when the dog chased its own tail.',
  'He drank a cup of hot tea before going to bed.',
  'The train to the city leaves at seven in the morning.',
  'Our teacher read us a story about a brave little boat.',
  'There are many tall trees in the park near our house.',
  'I forgot my umbrella and got wet in the rain.',
  'The old man sat on a bench and fed the birds.',
  'We painted the kitchen walls a bright shade of yellow.',
  'The baby slept peacefully while the music played softly.',
  'They climbed the hill and watched the sun go down.',
  'The shop on the corner sells books and newspapers.',
  'My sister is learning to play the piano at school.',
  'The river was too deep and fast to cross on foot.',
  'After dinner we played cards and talked until midnight.',
  'The farmer counted his sheep before the storm arrived.',
  'A small red car stopped outside the house next door.',
];

/**
 * A second set of plain sentences, written after the voices were tuned on SENTENCES, to check that the settings are
 * not fitted to one set (`--sentences heldout`).
 */
export const HELDOUT_SENTENCES = [
  'The bus was late so we walked all the way to school.',
  'Grandma baked an apple pie for the family picnic.',
  'He found a shiny coin under the kitchen table.',
  'The library closes early on Sunday afternoons.',
  'Two ducks swam slowly across the green pond.',
  'Please put the milk back in the fridge when you are done.',
  'The doctor told him to rest for a few days.',
  'We saw a rainbow over the mountains after the storm.',
  'My friend lent me her blue bicycle for the weekend.',
  'The pilot spoke to the passengers before the flight.',
  'A loud noise woke the whole street at three in the morning.',
  'She wrote a long letter to her cousin in the city.',
  'The soup needs a little more salt and pepper.',
  'Our neighbours are building a new fence this summer.',
  'The boy kicked the ball over the garden wall.',
  'It took them an hour to find a parking space.',
  'The museum has a large collection of old clocks.',
  'I like to read the newspaper with my morning coffee.',
  'The teacher asked the class to open their books.',
  'Snow fell quietly on the roofs of the village.',
];

const argument = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const only = argument('--voices')?.split(',');
const sentences = argument('--sentences') === 'heldout' ? HELDOUT_SENTENCES : SENTENCES;
const directory = mkdtempSync(join(tmpdir(), 'recite-bench-voices-'));

for (const tool of ['sox', 'pocketsphinx_continuous']) {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) {
    console.error(`${tool} is missing: apt-get install pocketsphinx pocketsphinx-en-us sox`);
    process.exit(2);
  }
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Word-level Levenshtein distance / reference length. */
export function wordErrorRate(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index);
  for (let row = 1; row <= reference.length; row++) {
    const current = [row];
    for (let column = 1; column <= hypothesis.length; column++) {
      const substitution = previous[column - 1]! + (reference[row - 1] === hypothesis[column - 1] ? 0 : 1);
      current.push(Math.min(substitution, previous[column]! + 1, current[column - 1]! + 1));
    }
    previous = current;
  }
  return previous[hypothesis.length]! / Math.max(1, reference.length);
}

function wave(samples: Int16Array, sampleRate: number): Uint8Array {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length * 2, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length * 2, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

/**
 * WER of one voice: its sentences joined into one recording with a second of silence between them (the recogniser
 * loads its model once per file, which dominated the run when each sentence was its own file), recognised in one go.
 */
function recognise(file: string): number {
  const resampled = `${file}.16k.wav`;
  // -D: no dither. sox dithers a 16-bit output with random noise by default, and the recogniser's answer moved with
  // it: the same audio measured up to 3 words (1.4%) apart from one run to the next.
  spawnSync('sox', ['-D', file, '-r', '16000', '-c', '1', '-b', '16', resampled]);
  const result = spawnSync('pocketsphinx_continuous', ['-infile', resampled, '-logfn', '/dev/null'], {
    encoding: 'utf8',
  });
  const reference = words(sentences.join(' '));
  return wordErrorRate(reference, words(result.stdout));
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const engineId = argument('--engine') ?? 'builtin';
const engine = speechEngineFactory(engineId)({ workers: 1, environment: {} });
await engine.start();
// Let the background warm-up pass so speed is measured on a warm engine, as on a server that has been up a while.
await Bun.sleep(5000);

console.log(
  '[voices] pocketsphinx round trip on',
  sentences.length,
  argument('--sentences') === 'heldout' ? 'held-out sentences;' : 'sentences;',
  'speed on one worker per engine',
);
console.log(
  'voice'.padEnd(18),
  'engine'.padEnd(7),
  'lang'.padEnd(6),
  'WER'.padStart(7),
  'speed'.padStart(9),
  ' target',
);
const english = VOICES.filter((voice) => voice.language.startsWith('en-') && (!only || only.includes(voice.id)));
const fliteSpeeds: number[] = [];
for (const voice of english) {
  const parts: Int16Array[] = [];
  let samples = 0;
  let busyMs = 0;
  for (const sentence of sentences) {
    const started = performance.now();
    for await (const chunk of engine.synthesize({ text: sentence, voice, speed: 'normal' })) {
      parts.push(chunk.samples);
      samples += chunk.samples.length;
    }
    busyMs += performance.now() - started;
    parts.push(new Int16Array(engine.sampleRate));
  }
  const all = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  const file = join(directory, `${voice.id}.wav`);
  writeFileSync(file, wave(all, engine.sampleRate));
  const speed = samples / engine.sampleRate / (busyMs / 1000);
  const spokenBy = engineId === 'builtin' ? voice.engine : engineId;
  if (spokenBy === 'flite') fliteSpeeds.push(speed);
  const wer = recognise(file);
  const target = voice.id === 'std-aria' ? 0.12 : voice.language === 'en-US' ? 0.2 : undefined;
  const verdict = target === undefined ? '' : `<= ${percent(target)} ${wer <= target ? 'ok' : 'MISSED'}`;
  console.log(
    voice.id.padEnd(18),
    spokenBy.padEnd(7),
    voice.language.padEnd(6),
    percent(wer).padStart(7),
    `${speed.toFixed(1)}x`.padStart(9),
    ' ' + verdict,
  );
}
if (fliteSpeeds.length > 0) {
  const median = [...fliteSpeeds].sort((a, b) => a - b)[Math.floor(fliteSpeeds.length / 2)]!;
  console.log(
    `Flite synthesis: median ${median.toFixed(1)}x real time on one worker (target >= 30x per core) ${median >= 30 ? 'ok' : 'MISSED'}`,
  );
}
await engine.stop();

if (process.argv.includes('--accents')) {
  console.log('\n[eSpeak NG English accents] native espeak-ng, same sentences; the catalog keeps the best per accent');
  const accents = ['en-us', 'en-gb-x-rp', 'en', 'en-gb-scotland', 'en-gb-x-gbcwmd'];
  for (const accent of accents) {
    for (const variant of ['', '+klatt', '+klatt4']) {
      const file = join(directory, `accent-${accent}${variant}.wav`);
      // One recording, a second of silence between sentences, as for the catalog voices.
      spawnSync('espeak-ng', ['-v', `${accent}${variant}`, '-w', file, sentences.join(' ')]);
      console.log(`${accent}${variant}`.padEnd(24), percent(recognise(file)).padStart(7));
    }
  }
}
rmSync(directory, { recursive: true, force: true });
