/**
 * The catalog languages the learned model does not read (zh, ja, ko, tr, ar, hi, bn): explicit threats, slurs, sexual
 * terms and weapon-making vocabulary, matched as written. This catches the plain cases only; with a second provider
 * configured (RECITE_MODERATION=local,openai) every sentence in these languages is also sent to it (see cascade.ts).
 * The lists themselves (LEXICONS, COMBINATIONS, FRAMES) live in lexicon-terms.ts; this file matches them.
 */
import type { ModerationCategory } from '../../spec/v1/moderation.ts';
import { COMBINATIONS, FRAMES, LEXICON_LANGUAGES, LEXICONS, type LexiconLanguage } from './lexicon-terms.ts';
import { NeedleSet } from './needles.ts';

export { LEXICON_LANGUAGES, type LexiconLanguage };

/** Folds Turkish letters to ASCII so "öldüreceğim" and "oldurecegim" are one word. */
export function foldTurkish(text: string): string {
  return text
    .toLocaleLowerCase('tr')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * What may trail a Japanese sentence after its last word: spaces, laughter ("w", "笑", "草") and emoji. A chat line often
 * ends there with no "。" ("お前マジで死ね w").
 */
const JAPANESE_TAIL = /^(?:[\s\u3000wｗWＷ笑草\p{Extended_Pictographic}]|\uFE0F)$/u;

/**
 * A Japanese sentence without its tail (JAPANESE_TAIL), read from the end: a regex anchored at the end would backtrack
 * over a long run of spaces.
 */
function withoutTail(sentence: string): string {
  let end = sentence.length;
  while (end > 0) {
    // An emoji outside the Basic Multilingual Plane is two code units.
    const width = end > 1 && /[\uDC00-\uDFFF]/.test(sentence[end - 1]!) ? 2 : 1;
    if (!JAPANESE_TAIL.test(sentence.slice(end - width, end))) break;
    end -= width;
  }
  return sentence.slice(0, end);
}

/**
 * A sentence as the lists are matched against it: Turkish folded to ASCII words with a leading space; Japanese ending
 * in "。" where its last word ends, so an entry written with its sentence end ("死ね。", the imperative, not "死ねない")
 * matches a line that stops without one.
 */
const matchable = (sentence: string, language: LexiconLanguage) => {
  if (language === 'tr') return ` ${foldTurkish(sentence).replace(/[^a-z0-9]+/g, ' ')}`;
  if (language === 'ja') return `${withoutTail(sentence.normalize('NFC'))}。`;
  return sentence.normalize('NFC');
};

/**
 * A list entry as it is looked for in a matchable sentence: in Turkish folded and on a word start (so "seks" inside a
 * longer word does not count, nor, folded, "sık" (often) and "sıkıntı" (trouble) as a vulgarity); as written in the
 * other scripts.
 */
const needle = (entry: string, language: LexiconLanguage) =>
  language === 'tr' ? ` ${foldTurkish(entry).replace(/[^a-z0-9]+/g, ' ')}` : entry.normalize('NFC');

/**
 * The lists of a language, made once: every term, alternative and cue is a number in one NeedleSet (needles.ts), so a
 * sentence is read once whatever the length of the lists; terms per category, combinations as groups of alternatives.
 */
interface CompiledLists {
  needles: NeedleSet;
  terms: { category: ModerationCategory; ids: number[] }[];
  combinations: { category: ModerationCategory; entries: number[][][] }[];
  frames: number[];
}

/**
 * A language's lists, compiled the first time one of its sentences is read (30-130 ms and 1-5 MB each, measured), which
 * a server (and each of its screening workers) that never meets the language does not spend.
 */
const compiled = new Map<LexiconLanguage, CompiledLists>();
function listsOf(language: LexiconLanguage): CompiledLists {
  let lists = compiled.get(language);
  if (!lists) {
    lists = compile(language);
    compiled.set(language, lists);
  }
  return lists;
}

function compile(language: LexiconLanguage): CompiledLists {
  const needles = new NeedleSet();
  const id = (entry: string) => needles.add(needle(entry, language));
  const lists: CompiledLists = {
    needles,
    terms: Object.entries(LEXICONS[language]).map(([category, terms]) => ({
      category: category as ModerationCategory,
      ids: terms.map(id),
    })),
    combinations: Object.entries(COMBINATIONS[language]).map(([category, entries]) => ({
      category: category as ModerationCategory,
      // The shortest group first: most sentences miss some group, so most entries are settled by a few look-ups.
      entries: entries.map((entry) =>
        entry
          .split('&')
          .map((group) => group.split('|').map(id))
          .sort((first, second) => first.length - second.length),
      ),
    })),
    frames: FRAMES[language].split('|').map(id),
  };
  needles.build();
  return lists;
}

/** What the lists find in one sentence. */
export interface LexiconReading {
  /**
   * Categories by an explicit term (`explicit`), else by a combination of ordinary words; `quoted` when the combination
   * is one group of terms alone (a plain threat also quoted in the news or said in jest, "seni öldüreceğim"), which only
   * a frame in its own sentence sets aside.
   */
  findings: { category: ModerationCategory; explicit: boolean; quoted?: boolean }[];
  /** A frame cue (FRAMES): a report, a recipe, a hunt, history, a game or a story, which sets combinations aside. */
  frame: boolean;
  /** The numbers of the listed strings the sentence holds (for combinations over two sentences: combinedFindings). */
  found: readonly number[];
}

/** The categories whose combinations need both sentences: found over their words together, in neither alone. */
export function combinedFindings(
  language: LexiconLanguage,
  first: LexiconReading,
  second: LexiconReading,
): ModerationCategory[] {
  const lists = listsOf(language);
  const both = new Set([...first.found, ...second.found]);
  const has = (id: number) => both.has(id);
  const alone = new Set([...first.findings, ...second.findings].map((finding) => finding.category));
  return lists.combinations
    .filter(
      ({ category, entries }) =>
        !alone.has(category) && entries.some((groups) => groups.every((group) => group.some(has))),
    )
    .map(({ category }) => category);
}

/**
 * The categories a sentence in one of these languages plainly falls in: by a term of the lists, else by a combination
 * of ordinary words (each `&` group has one of its `|` alternatives in the sentence), and whether it holds a frame cue.
 */
export function readLexicon(sentence: string, language: LexiconLanguage): LexiconReading {
  const lists = listsOf(language);
  const found = lists.needles.scan(matchable(sentence, language));
  const has = (id: number) => found.has(id);
  const findings: LexiconReading['findings'] = [];
  for (const { category, ids } of lists.terms) if (ids.some(has)) findings.push({ category, explicit: true });
  for (const { category, entries } of lists.combinations) {
    if (findings.some((finding) => finding.category === category)) continue;
    const matched = entries.filter((groups) => groups.every((group) => group.some(has)));
    if (matched.length > 0)
      findings.push({ category, explicit: false, quoted: matched.some((groups) => groups.length === 1) });
  }
  return { findings, frame: lists.frames.some(has), found: [...found.foundIds()] };
}

/** The categories of a sentence, by terms and combinations alike (whatever the frame). */
export function lexiconCategories(sentence: string, language: LexiconLanguage): ModerationCategory[] {
  return readLexicon(sentence, language).findings.map((finding) => finding.category);
}
