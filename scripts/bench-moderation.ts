/**
 * Screening speed of the embedded `local` moderator (issue #14 target: a 1,000,000-character text in under 1 s, off the
 * main thread), with a violation placed at character 999,990 that must be caught, and a mixed-language benign book
 * (English narration with the benign texts of the five European training sets) that must pass. Also measures how
 * long the event loop stalls while a book is screened (the longest gap between 1 ms timer ticks). A dense book, built
 * as scripts/moderation-eval.ts builds its book from a blind set, but from the training sets' benign texts that pass
 * alone (news, history, medicine, games and fiction full of risky words, in six languages), measures the case where
 * most sentences are risky and scored. Prints figures; it is a benchmark, not a test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLocalModerator } from '../providers/moderation/local/index.ts';
import { LEXICON_LANGUAGES } from '../providers/moderation/local/lexicons.ts';
import { screenText } from '../src/moderation/screen.ts';
import { englishText } from './fixtures/english.ts';

const moderator = createLocalModerator();
// As a running server does after start-up (src/index.ts): the long-text workers load in the background.
moderator.prepare();
const clean = englishText(1_000_000).padEnd(1_000_000, ' ');
// Exactly 1,000,000 characters; the last ten, from character 999,990, are a slur-laden insult.
const dirty = `${clean.slice(0, 999_990)}Die, kike.`;
const data = join(import.meta.dir, '..', 'providers', 'moderation', 'local', 'data');
const benignTexts = ['train-es', 'train-fr', 'train-de', 'train-pt', 'train-it']
  .flatMap((set) =>
    readFileSync(join(data, `${set}.jsonl`), 'utf8')
      .trim()
      .split('\n'),
  )
  .map((line) => JSON.parse(line) as { text: string; labels: string[] })
  .filter((example) => example.labels.length === 0)
  .map((example) => example.text);
let book = '';
for (let round = 0; book.length < 1_000_000; round++)
  book += `${englishText(4000)}\n\n${benignTexts[round % benignTexts.length]}\n\n`;
book = book.slice(0, 1_000_000);
// The benign texts of every training set, and those of them that pass alone.
const trainingBenign = readdirSync(data)
  .filter((file) => file.startsWith('train') && file.endsWith('.jsonl'))
  .sort()
  .flatMap((file) =>
    readFileSync(join(data, file), 'utf8')
      .trim()
      .split('\n')
      .filter((line) => line.trim()),
  )
  .map((line) => JSON.parse(line) as { text: string; labels: string[]; language?: string })
  .filter((example) => example.labels.length === 0);
const passing: { text: string; language?: string }[] = [];
for (const example of trainingBenign) {
  const result = await moderator.moderate(example.text);
  if (result.ok && !result.verdict.flagged && !result.verdict.unjudged) passing.push(example);
}
// The dense book: every one of them, repeated in turn up to 1,000,000 characters.
let dense = '';
for (let round = 0; dense.length < 1_000_000; round++) dense += `${passing[round % passing.length]!.text}\n\n`;
dense = dense.slice(0, 1_000_000);
console.log(
  `dense book: ${passing.length} training-set benign texts that pass alone (${passing.reduce((sum, example) => sum + example.text.length, 0).toLocaleString('en-US')} chars), repeated in turn`,
);
// The seven lexicon languages (zh, ja, ko, tr, ar, hi, bn), read by their word lists: their texts among those, each
// once (a text met again in one screening is read once, so repeating them would time nothing).
const isLexicon = (example: { language?: string }) =>
  (LEXICON_LANGUAGES as readonly string[]).includes(example.language ?? '');
const lexiconPassing = passing.filter(isLexicon).map((example) => example.text);
const lexiconBook = lexiconPassing.join('\n\n');
const runs = 5;
for (const [name, text, expected] of [
  ['benign', clean, 'pass'],
  ['violation at 999,990', dirty, 'rejected'],
  ['benign book, 6 languages', book, 'pass'],
  ['dense benign book', dense, 'pass'],
  ['lexicon languages', lexiconBook, 'pass'],
] as const) {
  const timings: number[] = [];
  const stalls: number[] = [];
  let outcome = '';
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    let last = performance.now();
    let stall = 0;
    const timer = setInterval(() => {
      stall = Math.max(stall, performance.now() - last);
      last = performance.now();
    }, 1);
    const result = await screenText(moderator, text);
    clearInterval(timer);
    timings.push(performance.now() - started);
    stalls.push(stall);
    outcome = result.outcome === 'rejected' ? `rejected (${result.category}) at ${result.span?.start}` : result.outcome;
  }
  timings.sort((a, b) => a - b);
  const median = timings[Math.floor(runs / 2)]!;
  console.log(
    `${name.padEnd(22)} ${text.length.toLocaleString('en-US')} chars: median ${median.toFixed(0)} ms, worst ${timings.at(-1)!.toFixed(0)} ms, ${(((text.length / median) * 1000) / 1e6).toFixed(1)} M chars/s, longest event-loop stall ${Math.max(...stalls).toFixed(0)} ms -> ${outcome}${outcome.startsWith(expected) ? '' : '  (UNEXPECTED)'}`,
  );
}
console.log(
  `lexicon languages: ${lexiconPassing.length} of ${trainingBenign.filter(isLexicon).length} training-set benign texts pass alone; joined, each once, they are the book above (${lexiconBook.length.toLocaleString('en-US')} chars); its M chars/s gives the time per 1,000,000 characters`,
);
console.log('targets: < 1000 ms per 1,000,000 characters; the benign book passes; the event loop never blocks on it');
