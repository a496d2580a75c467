/**
 * The catalog languages the learned model does not read (zh, ja, ko, tr, ar, hi, bn): explicit threats, slurs, sexual
 * terms and weapon-making vocabulary, matched as written. This catches the plain cases only; with a second provider
 * configured (RECITE_MODERATION=local,openai) every sentence in these languages is also sent to it (see cascade.ts).
 * The lists themselves (LEXICONS, COMBINATIONS, FRAMES) live in lexicon-terms.ts; this file matches them.
 */
import type { ModerationCategory } from '../../spec/v1/moderation.ts';
import { COMBINATIONS, FRAMES, LEXICON_LANGUAGES, LEXICONS, type LexiconLanguage } from './lexicon-terms.ts';

export { LEXICON_LANGUAGES, type LexiconLanguage };

/** Folds Turkish letters to ASCII so "öldüreceğim" and "oldurecegim" are one word. */
export function foldTurkish(text: string): string {
  return text
    .toLocaleLowerCase('tr')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** A sentence as the lists are matched against it: Turkish folded to ASCII words with a leading space. */
const matchable = (sentence: string, language: LexiconLanguage) =>
  language === 'tr' ? ` ${foldTurkish(sentence).replace(/[^a-z0-9]+/g, ' ')}` : sentence.normalize('NFC');

/**
 * A list entry as it is looked for in a matchable sentence: in Turkish folded and on a word start (so "seks" inside a
 * longer word does not count, nor, folded, "sık" (often) and "sıkıntı" (trouble) as a vulgarity); as written in the
 * other scripts.
 */
const needle = (entry: string, language: LexiconLanguage) =>
  language === 'tr' ? ` ${foldTurkish(entry).replace(/[^a-z0-9]+/g, ' ')}` : entry.normalize('NFC');

/** The lists of a language as needles, made once: terms per category, combinations as groups of alternatives, frames. */
interface CompiledLists {
  terms: { category: ModerationCategory; needles: string[] }[];
  combinations: { category: ModerationCategory; entries: string[][][] }[];
  frames: string[];
}

const COMPILED = Object.fromEntries(
  LEXICON_LANGUAGES.map((language): [LexiconLanguage, CompiledLists] => [
    language,
    {
      terms: Object.entries(LEXICONS[language]).map(([category, terms]) => ({
        category: category as ModerationCategory,
        needles: terms.map((term) => needle(term, language)),
      })),
      combinations: Object.entries(COMBINATIONS[language]).map(([category, entries]) => ({
        category: category as ModerationCategory,
        // The shortest group first: most sentences miss some group, and a miss costs a look for each alternative of
        // the group that misses, so the long lists of verb forms are only read when the short cue lists all matched.
        entries: entries.map((entry) =>
          entry
            .split('&')
            .map((group) => group.split('|').map((alternative) => needle(alternative, language)))
            .sort((first, second) => first.length - second.length),
        ),
      })),
      frames: FRAMES[language].split('|').map((cue) => needle(cue, language)),
    },
  ]),
) as Record<LexiconLanguage, CompiledLists>;

/** What the lists find in one sentence. */
export interface LexiconReading {
  /** Categories by an explicit term (`explicit`), else by a combination of ordinary words. */
  findings: { category: ModerationCategory; explicit: boolean }[];
  /** A frame cue (FRAMES): a report, a recipe, a hunt, history, a game or a story, which sets combinations aside. */
  frame: boolean;
}

/**
 * The categories a sentence in one of these languages plainly falls in: by a term of the lists, else by a combination
 * of ordinary words (each `&` group has one of its `|` alternatives in the sentence), and whether it holds a frame cue.
 */
export function readLexicon(sentence: string, language: LexiconLanguage): LexiconReading {
  const text = matchable(sentence, language);
  const lists = COMPILED[language];
  const findings: LexiconReading['findings'] = [];
  for (const { category, needles } of lists.terms)
    if (needles.some((term) => text.includes(term))) findings.push({ category, explicit: true });
  for (const { category, entries } of lists.combinations) {
    if (findings.some((finding) => finding.category === category)) continue;
    if (entries.some((groups) => groups.every((group) => group.some((alternative) => text.includes(alternative)))))
      findings.push({ category, explicit: false });
  }
  return { findings, frame: lists.frames.some((cue) => text.includes(cue)) };
}

/** The categories of a sentence, by terms and combinations alike (whatever the frame). */
export function lexiconCategories(sentence: string, language: LexiconLanguage): ModerationCategory[] {
  return readLexicon(sentence, language).findings.map((finding) => finding.category);
}
