/**
 * Builds providers/moderation/local/traditional-chinese.json, the Traditional Chinese characters and the Simplified
 * character each is written as, from the Unicode Character Database's Unihan variants (kSimplifiedVariant; Debian's
 * `unicode-data` package, /usr/share/unicode/Unihan_Variants.txt.bz2; Unicode License v3). The Chinese word lists
 * (lexicon-terms.ts) are written in Simplified characters; lexicons.ts folds a sentence in Traditional characters
 * (Taiwan, Hong Kong, Macau) to them before matching.
 *
 * Kept: a character with exactly one Simplified variant that is not itself, both in the Basic Multilingual Plane. A
 * character that is also its own Simplified variant is left as written: Simplified Chinese writes 乾坤 but 干燥, and a
 * character alone does not say which.
 *
 * Usage: bun scripts/chinese-variants.ts [--check] [UNIHAN_VARIANTS_FILE]
 */
import { join } from 'node:path';

const check = process.argv.includes('--check');
const source =
  process.argv.slice(2).find((argument) => !argument.startsWith('--')) ?? '/usr/share/unicode/Unihan_Variants.txt.bz2';
const output = join(import.meta.dir, '..', 'providers', 'moderation', 'local', 'traditional-chinese.json');

const read = Bun.spawnSync(source.endsWith('.bz2') ? ['bzcat', source] : ['cat', source]);
if (read.exitCode !== 0) {
  console.error(`cannot read ${source} (install Debian's unicode-data): ${read.stderr.toString()}`);
  process.exit(2);
}
const character = (code: string) => String.fromCodePoint(Number.parseInt(code.slice(2), 16));
const pairs: string[] = [];
for (const line of read.stdout.toString().split('\n')) {
  const [code, field, value] = line.split('\t');
  if (field !== 'kSimplifiedVariant' || !code || !value) continue;
  const variants = value.trim().split(' ');
  if (variants.length !== 1 || variants[0] === code) continue;
  const traditional = character(code);
  const simplified = character(variants[0]!);
  if (traditional.length !== 1 || simplified.length !== 1) continue;
  pairs.push(traditional + simplified);
}
pairs.sort();
const file = `${JSON.stringify({ source: 'Unihan kSimplifiedVariant (Unicode 15.0)', pairs: pairs.join('') })}\n`;
if (check) {
  const committed = await Bun.file(output).text();
  if (committed !== file) {
    console.log('traditional-chinese.json differs from what Unihan gives: run bun scripts/chinese-variants.ts');
    process.exit(1);
  }
  console.log(`traditional-chinese.json is up to date (${pairs.length} characters)`);
} else {
  await Bun.write(output, file);
  console.log(`wrote traditional-chinese.json: ${pairs.length} characters`);
}
