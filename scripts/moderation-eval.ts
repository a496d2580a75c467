/**
 * Precision and recall per category, and the benign false-positive rate, of a moderation provider on a labelled set in
 * providers/moderation/local/data/. The default is test-set.jsonl: written blind (its author saw neither the
 * classifier nor the training data) and never trained or tuned on. The local model is trained on the other sets
 * (scripts/train-moderation.ts), so scores on those are training scores. Prints per-language figures, adjacent benign
 * pairs and a 1,000,000-character benign book next to the issue 14 targets; exits 1 when recall < 0.9 in a category,
 * or more than 2% of ordinary benign texts or 3% of hard negatives (`kind: hard_negative`) are flagged. `--set a,b`
 * pools several sets.
 * Usage: bun scripts/moderation-eval.ts [local|openai|llamaguard] [--set test-set] [--errors]
 */
import { createModerator } from '../providers/moderation/moderators.ts';
import { MODERATION_CATEGORIES, type ModerationCategory } from '../providers/spec/v1/moderation.ts';
import { englishText } from './fixtures/english.ts';

const providerId = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'local';
const showErrors = process.argv.includes('--errors');
const provider = createModerator(providerId, process.env);
// As a running server does after start-up (src/index.ts): the long-text workers load while the sets are screened.
provider.prepare?.();
const setName = process.argv.includes('--set') ? process.argv[process.argv.indexOf('--set') + 1]! : 'test-set';
// Several sets may be named, comma-separated; their figures are pooled (and split by language below).
const lines: string[] = [];
for (const name of setName.split(','))
  lines.push(
    ...(await Bun.file(new URL(`../providers/moderation/local/data/${name}.jsonl`, import.meta.url)).text())
      .trim()
      .split('\n'),
  );
const examples = lines
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as { text: string; labels: ModerationCategory[]; language?: string; kind?: string });
/** Per language: true positives and positives per category, benign texts and those flagged. */
const perLanguage = new Map<
  string,
  { positives: Record<string, number>; found: Record<string, number>; benign: number; benignFlagged: number }
>();

const stats = Object.fromEntries(
  MODERATION_CATEGORIES.map((category) => [category, { truePositive: 0, falsePositive: 0, falseNegative: 0 }]),
);
let benign = 0;
let benignFlagged = 0;
/** The benign texts marked as hard negatives (near twins of a harm, `kind: hard_negative`), and those flagged. */
let hardNegatives = 0;
let hardNegativesFlagged = 0;
const errors: string[] = [];
for (const example of examples) {
  const result = await provider.moderate(example.text);
  if (!result.ok) throw new Error(`provider failed: ${result.reason} ${result.detail}`);
  const flagged = MODERATION_CATEGORIES.filter((category) => result.verdict.categories[category].flagged);
  for (const category of MODERATION_CATEGORIES) {
    const expected = example.labels.includes(category);
    const actual = flagged.includes(category);
    if (expected && actual) stats[category]!.truePositive++;
    if (!expected && actual) stats[category]!.falsePositive++;
    if (expected && !actual) stats[category]!.falseNegative++;
  }
  const language = example.language ?? 'en';
  const entry = perLanguage.get(language) ?? { positives: {}, found: {}, benign: 0, benignFlagged: 0 };
  perLanguage.set(language, entry);
  for (const label of example.labels) {
    entry.positives[label] = (entry.positives[label] ?? 0) + 1;
    if (flagged.includes(label)) entry.found[label] = (entry.found[label] ?? 0) + 1;
  }
  // A text in a language the moderator cannot read, refused as such, counts as flagged (it does not pass).
  const refused = !result.verdict.flagged && result.verdict.unjudged !== undefined;
  if (example.labels.length === 0) {
    benign++;
    entry.benign++;
    if (flagged.length > 0 || refused) {
      benignFlagged++;
      entry.benignFlagged++;
    }
    if (example.kind === 'hard_negative') {
      hardNegatives++;
      if (flagged.length > 0 || refused) hardNegativesFlagged++;
    }
  }
  const missed = example.labels.filter((label) => !flagged.includes(label));
  const extra = flagged.filter((label) => !example.labels.includes(label));
  if (missed.length || extra.length)
    errors.push(
      `${missed.length ? `missed ${missed.join(',')}` : ''}${extra.length ? ` flagged ${extra.join(',')}` : ''}: ${example.text}`,
    );
}

console.log(`provider ${provider.id}, ${setName}: ${examples.length} examples (${benign} benign)\n`);
console.log('category              precision  recall  (tp/fp/fn)');
let ok = true;
for (const category of MODERATION_CATEGORIES) {
  const { truePositive, falsePositive, falseNegative } = stats[category]!;
  const precision = truePositive / Math.max(1, truePositive + falsePositive);
  const recall = truePositive / Math.max(1, truePositive + falseNegative);
  if (recall < 0.9) ok = false;
  console.log(
    `${category.padEnd(22)}${precision.toFixed(3).padStart(9)}${recall.toFixed(3).padStart(8)}  (${truePositive}/${falsePositive}/${falseNegative})`,
  );
}
// The issue's targets: at most 2% of ordinary benign texts flagged, at most 3% of hard negatives. A set that marks no
// hard negatives is held to 2% over all its benign texts.
const plain = benign - hardNegatives;
const plainFlagged = benignFlagged - hardNegativesFlagged;
const falsePositiveRate = benignFlagged / Math.max(1, benign);
const percent = (count: number, total: number) => `${((count / Math.max(1, total)) * 100).toFixed(1)}%`;
if (plainFlagged / Math.max(1, plain) > 0.02 || hardNegativesFlagged / Math.max(1, hardNegatives) > 0.03) ok = false;
console.log(
  `\nbenign false-positive rate: ${(falsePositiveRate * 100).toFixed(1)}% (${benignFlagged}/${benign})${hardNegatives ? `; ordinary benign ${percent(plainFlagged, plain)} (${plainFlagged}/${plain}), hard negatives ${percent(hardNegativesFlagged, hardNegatives)} (${hardNegativesFlagged}/${hardNegatives})` : ''}; targets: recall >= 0.9 per category, benign FP <= 2% (hard negatives <= 3%): ${ok ? 'met' : 'MISSED'}`,
);

// Per language: recall per category (found/positives), benign false positives, and the gap to English.
const recallOf = (entry: { positives: Record<string, number>; found: Record<string, number> }) => {
  const positives = Object.values(entry.positives).reduce((sum, value) => sum + value, 0);
  const found = Object.values(entry.found).reduce((sum, value) => sum + value, 0);
  return positives ? found / positives : NaN;
};
if (perLanguage.size > 1 || !perLanguage.has('en')) {
  console.log('\nper language: recall over all categories, then per category (found/positives), benign FP');
  const english = perLanguage.get('en');
  for (const [language, entry] of [...perLanguage.entries()].sort()) {
    const recall = recallOf(entry);
    const cells = MODERATION_CATEGORIES.map(
      (category) => `${category.slice(0, 7)} ${entry.found[category] ?? 0}/${entry.positives[category] ?? 0}`,
    ).join('  ');
    const gap =
      english && language !== 'en' && ['es', 'fr', 'de', 'pt', 'it'].includes(language)
        ? `  (English ${recallOf(english).toFixed(3)}, gap ${(recallOf(english) - recall).toFixed(3)}; target <= 0.05)`
        : '';
    console.log(
      `  ${language.padEnd(4)} recall ${recall.toFixed(3)}  ${cells}  FP ${entry.benignFlagged}/${entry.benign}${gap}`,
    );
  }
}
console.log(
  'targets (issue 14): recall >= 0.90 per category; benign FP <= 2% (<= 3% on hard negatives); es/fr/de/pt/it within 0.05 of English',
);

// Long texts: each positive buried in the middle of 6,000 characters of benign narration must still be found, and all
// benign examples joined into one long text must pass (one false window rejects a whole book).
const filler = englishText(3_000);
let buried = 0;
let buriedFound = 0;
for (const example of examples.filter((candidate) => candidate.labels.length > 0)) {
  const result = await provider.moderate(`${filler}\n\n${example.text}\n\n${filler}`);
  buried++;
  if (result.ok && example.labels.some((label) => result.verdict.categories[label].flagged)) buriedFound++;
}
const joined = examples
  .filter((candidate) => candidate.labels.length === 0)
  .map((candidate) => candidate.text)
  .join('\n\n');
const joinedResult = await provider.moderate(joined);
const joinedFlagged = joinedResult.ok
  ? MODERATION_CATEGORIES.filter((category) => joinedResult.verdict.categories[category].flagged)
  : ['error'];
console.log(
  `long texts: positives buried in 6,000 chars of narration found ${buriedFound}/${buried} (${((buriedFound / Math.max(1, buried)) * 100).toFixed(1)}%); all ${benign} benign texts joined (${joined.length} chars): ${joinedFlagged.length ? `FLAGGED ${joinedFlagged.join(',')}` : 'passes'}`,
);
// Neighbours advise, they do not decide: two benign texts that each pass alone, side by side.
const passing: string[] = [];
for (const example of examples.filter((candidate) => candidate.labels.length === 0)) {
  const alone = await provider.moderate(example.text);
  if (alone.ok && !alone.verdict.flagged && !alone.verdict.unjudged) passing.push(example.text);
}
let pairsFlagged = 0;
for (let index = 1; index < passing.length; index++) {
  const pair = await provider.moderate(`${passing[index - 1]}\n\n${passing[index]}`);
  if (!pair.ok || pair.verdict.flagged) pairsFlagged++;
}
console.log(
  `adjacent pairs of benign texts that pass alone: ${pairsFlagged}/${Math.max(0, passing.length - 1)} flagged together (target 0)`,
);
// A 1,000,000-character book of the benign texts that pass alone, timed (the machine's load shows in this figure).
if (passing.length > 0) {
  let book = '';
  for (let round = 0; book.length < 1_000_000; round++) book += `${passing[round % passing.length]}\n\n`;
  book = book.slice(0, 1_000_000);
  const started = performance.now();
  const bookResult = await provider.moderate(book);
  const elapsed = performance.now() - started;
  const bookFlagged = bookResult.ok
    ? MODERATION_CATEGORIES.filter((category) => bookResult.verdict.categories[category].flagged)
    : ['error'];
  console.log(
    `benign book of 1,000,000 characters: ${bookFlagged.length ? `FLAGGED ${bookFlagged.join(',')}` : 'passes'} in ${elapsed.toFixed(0)} ms (targets: passes, < 1000 ms)`,
  );
}
if (joinedResult.ok && joinedResult.verdict.span && showErrors)
  console.log(`  flagged span: ${joined.slice(joinedResult.verdict.span.start, joinedResult.verdict.span.end)}`);
if (showErrors) console.log(`\n${errors.join('\n')}`);
process.exit(ok ? 0 : 1);
