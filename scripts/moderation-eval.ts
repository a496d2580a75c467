/**
 * Precision and recall per category, and the benign false-positive rate, of a moderation provider on the labelled dev
 * set (providers/moderation/local/dev-set.jsonl, holdout-set.jsonl with --holdout, fresh-set.jsonl with --fresh). Exits 1 when a target is missed: recall >= 0.9 per category, benign
 * false positives <= 3%. Usage: bun scripts/moderation-eval.ts [local|openai|llamaguard] [--holdout|--fresh] [--errors]
 */
import { createModerator } from '../providers/moderation/moderators.ts';
import { MODERATION_CATEGORIES, type ModerationCategory } from '../providers/spec/v1/moderation.ts';

const providerId = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'local';
const showErrors = process.argv.includes('--errors');
const provider = createModerator(providerId, process.env);
// --holdout: the held-out set, written after the rules were tuned on the dev set. --fresh: a set written blind (its
// author never saw the rules or the other sets) and never tuned against.
const setName = process.argv.includes('--holdout') ? 'holdout-set' : process.argv.includes('--fresh') ? 'fresh-set' : 'dev-set';
const lines = (await Bun.file(new URL(`../providers/moderation/local/${setName}.jsonl`, import.meta.url)).text()).trim().split('\n');
const examples = lines.map((line) => JSON.parse(line) as { text: string; labels: ModerationCategory[] });

const stats = Object.fromEntries(MODERATION_CATEGORIES.map((category) => [category, { truePositive: 0, falsePositive: 0, falseNegative: 0 }]));
let benign = 0;
let benignFlagged = 0;
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
  if (example.labels.length === 0) {
    benign++;
    if (flagged.length > 0) benignFlagged++;
  }
  const missed = example.labels.filter((label) => !flagged.includes(label));
  const extra = flagged.filter((label) => !example.labels.includes(label));
  if (missed.length || extra.length) errors.push(`${missed.length ? `missed ${missed.join(',')}` : ''}${extra.length ? ` flagged ${extra.join(',')}` : ''}: ${example.text}`);
}

console.log(`provider ${provider.id}, ${setName}: ${examples.length} examples (${benign} benign)\n`);
console.log('category              precision  recall  (tp/fp/fn)');
let ok = true;
for (const category of MODERATION_CATEGORIES) {
  const { truePositive, falsePositive, falseNegative } = stats[category]!;
  const precision = truePositive / Math.max(1, truePositive + falsePositive);
  const recall = truePositive / Math.max(1, truePositive + falseNegative);
  if (recall < 0.9) ok = false;
  console.log(`${category.padEnd(22)}${precision.toFixed(3).padStart(9)}${recall.toFixed(3).padStart(8)}  (${truePositive}/${falsePositive}/${falseNegative})`);
}
const falsePositiveRate = benignFlagged / Math.max(1, benign);
if (falsePositiveRate > 0.03) ok = false;
console.log(`\nbenign false-positive rate: ${(falsePositiveRate * 100).toFixed(1)}% (${benignFlagged}/${benign}); targets: recall >= 0.9 per category, benign FP <= 3%: ${ok ? 'met' : 'MISSED'}`);
if (showErrors) console.log(`\n${errors.join('\n')}`);
process.exit(ok ? 0 : 1);
