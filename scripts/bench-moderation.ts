/**
 * Screening speed of the embedded `local` moderator (issue #5 target: a 1,000,000-character text in under 2 s), with a
 * violation placed at character 999,990 that must be caught. Prints figures; it is a benchmark, not a test.
 */
import { createLocalModerator } from '../providers/moderation/local/index.ts';
import { screenText } from '../src/moderation/screen.ts';
import { englishText } from './fixtures/english.ts';

const moderator = createLocalModerator();
const clean = englishText(1_000_000).padEnd(1_000_000, ' ');
// Exactly 1,000,000 characters; the last ten, from character 999,990, are a slur-laden insult.
const dirty = `${clean.slice(0, 999_990)}Die, kike.`;
const runs = 5;
for (const [name, text, expected] of [['benign', clean, 'pass'], ['violation at 999,990', dirty, 'rejected']] as const) {
  const timings: number[] = [];
  let outcome = '';
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const result = await screenText(moderator, text);
    timings.push(performance.now() - started);
    outcome = result.outcome === 'rejected' ? `rejected (${result.category}) at ${result.span?.start}` : result.outcome;
  }
  timings.sort((a, b) => a - b);
  const median = timings[Math.floor(runs / 2)]!;
  console.log(`${name.padEnd(22)} ${text.length.toLocaleString('en-US')} chars: median ${median.toFixed(0)} ms, worst ${timings.at(-1)!.toFixed(0)} ms, ${((text.length / median) * 1000 / 1e6).toFixed(1)} M chars/s -> ${outcome}${outcome.startsWith(expected) ? '' : '  (UNEXPECTED)'}`);
}
console.log('target: < 2000 ms per 1,000,000 characters');
