/**
 * Builds providers/moderation/local/threat-lexicon.json, the harm verbs, weapons, finality and menace phrases of the five
 * European languages (european-threats.ts), from the writers' drafts (data/threat-lexicon-drafts.json). The drafts were
 * written blind, one writer per language, from a brief asking for the first-person and colloquial forms people use in
 * threats; the writers saw neither the model, the lists nor any labelled text.
 *
 * A draft entry is kept unless it is read in more than one benign training text and in fewer than three times as many
 * violations: such a phrase is mostly said harmlessly where people write ("francotirador" in game chat, "strozzare"
 * stemmed as "Palazzo Strozzi", "on se retrouvera" for a drink). Entries are matched as the lists are, on folded,
 * stemmed words in order.
 *
 * Usage: bun scripts/threat-lexicon.ts [--show] [--check]
 */
import { join } from 'node:path';
import {
  type EuropeanLanguage,
  europeanWords,
  foldAccents,
  stemEuropean,
} from '../providers/moderation/local/european.ts';
import { splitSentences } from '../providers/moderation/local/text.ts';
import { readSets } from './training-sets.ts';

const directory = join(import.meta.dir, '..', 'providers', 'moderation', 'local');
const drafts = (await Bun.file(join(directory, 'data', 'threat-lexicon-drafts.json')).json()) as Record<
  EuropeanLanguage,
  Record<string, string[]>
>;

/** The stems of a text's words, as the word lists read them. */
const stemsOf = (text: string, language: EuropeanLanguage) =>
  europeanWords(foldAccents(text), language).map((word) => stemEuropean(word, language));

interface Sentences {
  violation: boolean;
  sentences: string[][];
}
const texts = new Map<string, Sentences[]>();
for (const { text, labels, language } of await readSets()) {
  if (!(language in drafts)) continue;
  const list = texts.get(language) ?? [];
  texts.set(language, list);
  // Sentences as screening reads them (windows.ts), each a run of stems.
  list.push({
    violation: labels.length > 0,
    sentences: splitSentences(text).map((sentence) => stemsOf(sentence.original, language as EuropeanLanguage)),
  });
}

// Per language, the texts each stem occurs in: an entry is looked for only in the texts that hold its first stem.
const byStem = new Map<string, Map<string, Sentences[]>>();
for (const [language, list] of texts) {
  const index = new Map<string, Sentences[]>();
  byStem.set(language, index);
  for (const text of list)
    for (const stem of new Set(text.sentences.flat())) {
      const holders = index.get(stem);
      if (holders) holders.push(text);
      else index.set(stem, [text]);
    }
}

const contains = (words: string[], phrase: string[]) => {
  for (let start = 0; start + phrase.length <= words.length; start++)
    if (phrase.every((stem, offset) => words[start + offset] === stem)) return true;
  return false;
};

const lexicon: Record<string, Record<string, string[]>> = {};
const dropped: string[] = [];
let kept = 0;
for (const [language, classes] of Object.entries(drafts) as [EuropeanLanguage, Record<string, string[]>][]) {
  lexicon[language] = {};
  for (const [klass, entries] of Object.entries(classes)) {
    const list: string[] = [];
    for (const entry of new Set(entries.map((value) => value.trim().toLowerCase().replaceAll('|', ' ')))) {
      const phrase = stemsOf(entry, language);
      if (phrase.length === 0) continue;
      let benign = 0;
      let violations = 0;
      for (const text of byStem.get(language)?.get(phrase[0]!) ?? []) {
        if (!text.sentences.some((words) => contains(words, phrase))) continue;
        if (text.violation) violations++;
        else benign++;
      }
      if (benign > 1 && violations < 3 * benign) {
        dropped.push(`${language} ${klass} "${entry}": ${benign} benign, ${violations} violations`);
        continue;
      }
      list.push(entry);
    }
    lexicon[language]![klass] = list;
    kept += list.length;
  }
}
console.log(`${kept} entries kept, ${dropped.length} dropped`);
if (process.argv.includes('--show')) console.log(dropped.join('\n'));

const serialized = `${JSON.stringify(lexicon, null, 1)}\n`;
const target = join(directory, 'threat-lexicon.json');
if (process.argv.includes('--check')) {
  const same = (await Bun.file(target).text()) === serialized;
  console.log(
    same ? 'threat-lexicon.json is up to date' : 'threat-lexicon.json is STALE: run bun scripts/threat-lexicon.ts',
  );
  process.exit(same ? 0 : 1);
}
await Bun.write(target, serialized);
