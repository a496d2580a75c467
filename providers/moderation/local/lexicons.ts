/**
 * The catalog languages the learned model does not read (zh, ja, ko, tr, ar, hi, bn): explicit threats, slurs, sexual
 * terms and weapon-making vocabulary, matched as written. This catches the plain cases only; with a second provider
 * configured (RECITE_MODERATION=local,openai) every sentence in these languages is also sent to it (see cascade.ts).
 * The lists themselves (LEXICONS, COMBINATIONS, FRAMES) live in lexicon-terms.ts; this file matches them.
 */
import type { ModerationCategory } from '../../spec/v1/moderation.ts';
import { COMBINATIONS, FRAMES, LEXICON_LANGUAGES, LEXICONS, type LexiconLanguage } from './lexicon-terms.ts';
import { foldAccents } from './european.ts';
import { NeedleSet } from './needles.ts';
import { ROMANIZED_COMBINATIONS, ROMANIZED_LEXICONS } from './romanized.ts';
import traditionalChinese from './traditional-chinese.json' with { type: 'json' };

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

/** Traditional Chinese character -> its Simplified form (traditional-chinese.json, from Unihan), made on first use. */
let simplifiedOf: Map<string, string> | undefined;

/**
 * Chinese written in Traditional characters (Taiwan, Hong Kong, Macau) in the Simplified characters the lists are
 * written in: "殺了你" is "杀了你", "陰莖" is "阴茎". A character that is also a Simplified one stays as written.
 */
export function toSimplified(text: string): string {
  if (!simplifiedOf) {
    const { pairs } = traditionalChinese;
    simplifiedOf = new Map();
    for (let index = 0; index + 1 < pairs.length; index += 2) simplifiedOf.set(pairs[index]!, pairs[index + 1]!);
  }
  let folded = '';
  for (const character of text) folded += simplifiedOf.get(character) ?? character;
  return folded;
}

/**
 * A sentence as the lists are matched against it: Turkish folded to ASCII words with a leading space; Japanese ending
 * in "。" where its last word ends, so an entry written with its sentence end ("死ね。", the imperative, not "死ねない")
 * matches a line that stops without one; Chinese in Simplified characters.
 */
const matchable = (sentence: string, language: LexiconLanguage) => {
  // Hindi, Bengali or Arabic in Latin letters (romanized.ts): folded words between spaces, as the romanized entries are
  // (and the emoji, a laugh among the frame cues).
  if (language in ROMANIZED_LEXICONS && LATIN_ONLY.test(sentence))
    return ` ${foldAccents(sentence).replace(/[^a-z0-9\p{Extended_Pictographic}]+/gu, ' ')} `;
  if (language === 'tr') return ` ${foldTurkish(sentence).replace(/[^a-z0-9]+/g, ' ')}`;
  if (language === 'ja') return `${withoutTail(sentence.normalize('NFC'))}。`;
  if (language === 'zh') return toSimplified(sentence.normalize('NFC'));
  return sentence.normalize('NFC');
};

/** A sentence of Latin letters alone (and marks, digits, emoji): no letter of another script. */
const LATIN_ONLY = /^[\p{Script=Latin}\P{L}]*$/u;

/**
 * A list entry as it is looked for in a matchable sentence: in Turkish folded and on a word start (so "seks" inside a
 * longer word does not count, nor, folded, "sık" (often) and "sıkıntı" (trouble) as a vulgarity); as written in the
 * other scripts.
 */
const needle = (entry: string, language: LexiconLanguage) =>
  language === 'tr'
    ? ` ${foldTurkish(entry).replace(/[^a-z0-9]+/g, ' ')}`
    : language === 'zh'
      ? toSimplified(entry.normalize('NFC'))
      : entry.normalize('NFC');

/** A combination entry: its category and its `&` groups, each a list of alternatives (needle numbers). */
interface Combination {
  category: ModerationCategory;
  groups: number[][];
}

/**
 * The lists of a language, made once: every term, alternative and cue is a number in one NeedleSet (needles.ts), so a
 * sentence is read once whatever the length of the lists. A scan names the numbers it found, and each number leads to
 * what it takes part in (the categories of its terms, the combinations one of its groups names, whether it is a frame
 * cue): a sentence's reading costs what it holds, not the size of the lists.
 */
interface CompiledLists {
  needles: NeedleSet;
  /** The categories in the order their findings are reported (LEXICONS, then COMBINATIONS). */
  categories: ModerationCategory[];
  /** Per needle number, the categories it is a term of. */
  termsOf: Map<number, ModerationCategory[]>;
  combinations: Combination[];
  /**
   * Per needle number, the groups that hold it, each numbered over all combinations in turn (`groupCombination` says
   * whose): a reading counts the groups its needles fill instead of trying every alternative of every group touched
   * (that took 30% of the lexicon languages' reading, common words being alternatives in hundreds of combinations).
   */
  groupsOf: Map<number, number[]>;
  groupCombination: Int32Array;
  /** Scratch marks of `completed`: the groups it filled and the combinations it counted, with their counts. */
  groupStamps: Int32Array;
  combinationStamps: Int32Array;
  filled: Int32Array;
  stamp: number;
  frames: Set<number>;
  /** The frame cues that are a laugh (JEST): they excuse a threat in their own sentence only. */
  jests: Set<number>;
}

/**
 * A laugh among the frame cues ("죽여버린다 ㅋ", "😂", "ههه"): a threat said in jest between friends. It sets aside a
 * threat in its own sentence, never a neighbour's ("I know your daughter's school. I'll kill you lol" is a threat), and
 * never hate: a demeaning "joke" is hate all the same.
 */
const JEST = /😂|🤣|😅|😆|ㅋ|ههه/u;

/**
 * A language's lists, compiled the first time one of its sentences is read (40-170 ms and 2-6 MB each, measured), which
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

/** Appends `value` to the list kept for `key`, once. */
function addTo<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

function compile(language: LexiconLanguage): CompiledLists {
  const needles = new NeedleSet();
  const id = (entry: string) => needles.add(needle(entry, language));
  const termsOf = new Map<number, ModerationCategory[]>();
  const categories: ModerationCategory[] = [];
  const romanized = ROMANIZED_LEXICONS[language as keyof typeof ROMANIZED_LEXICONS] ?? {};
  for (const lists of [LEXICONS[language], romanized])
    for (const [category, terms] of Object.entries(lists) as [ModerationCategory, string[]][]) {
      if (!categories.includes(category)) categories.push(category);
      for (const term of terms) addTo(termsOf, id(term), category);
    }
  const combinations: Combination[] = [];
  const groupsOf = new Map<number, number[]>();
  const groupCombination: number[] = [];
  const romanizedCombinations = ROMANIZED_COMBINATIONS[language as keyof typeof ROMANIZED_COMBINATIONS] ?? {};
  for (const [category, entries] of [
    ...Object.entries(COMBINATIONS[language]),
    ...Object.entries(romanizedCombinations),
  ] as [ModerationCategory, string[]][]) {
    if (!categories.includes(category)) categories.push(category);
    for (const entry of entries) {
      const groups = entry.split('&').map((group) => group.split('|').map(id));
      for (const group of groups) {
        for (const alternative of group) addTo(groupsOf, alternative, groupCombination.length);
        groupCombination.push(combinations.length);
      }
      combinations.push({ category, groups });
    }
  }
  const cues = FRAMES[language].split('|');
  const frames = new Set(cues.filter((cue) => !JEST.test(cue)).map(id));
  const jests = new Set(cues.filter((cue) => JEST.test(cue)).map(id));
  needles.build();
  return {
    needles,
    categories,
    termsOf,
    combinations,
    groupsOf,
    groupCombination: Int32Array.from(groupCombination),
    groupStamps: new Int32Array(groupCombination.length),
    combinationStamps: new Int32Array(combinations.length),
    filled: new Int32Array(combinations.length),
    stamp: 0,
    frames,
    jests,
  };
}

/** The combinations (indexes) one of whose groups holds one of the needles `ids`. */
function touchedBy(lists: CompiledLists, ids: readonly number[]): Set<number> {
  return new Set(ids.flatMap((id) => (lists.groupsOf.get(id) ?? []).map((group) => lists.groupCombination[group]!)));
}

/** The combinations (indexes) each of whose groups holds one of the needles `ids`. */
function completed(lists: CompiledLists, ids: Iterable<number>): number[] {
  lists.stamp = lists.stamp === 0x7fffffff ? 1 : lists.stamp + 1;
  const { stamp, groupStamps, combinationStamps, filled, groupCombination, combinations } = lists;
  if (stamp === 1) {
    groupStamps.fill(0);
    combinationStamps.fill(0);
  }
  const done: number[] = [];
  for (const id of ids)
    for (const group of lists.groupsOf.get(id) ?? []) {
      if (groupStamps[group] === stamp) continue;
      groupStamps[group] = stamp;
      const combination = groupCombination[group]!;
      if (combinationStamps[combination] !== stamp) {
        combinationStamps[combination] = stamp;
        filled[combination] = 0;
      }
      if (++filled[combination]! === combinations[combination]!.groups.length) done.push(combination);
    }
  return done;
}

/** Quotation marks that open and close differently, each opener with its closer. */
const QUOTE_CLOSERS = new Map([
  ['“', '”'],
  ['「', '」'],
  ['『', '』'],
  ['«', '»'],
  ['‘', '’'],
]);
/** Closers that are no apostrophe: one without its opener in the sentence ends a quotation begun in a sentence before. */
const CLOSERS_ONLY = new Set(['”', '」', '』', '»']);
const LATIN_LETTER = /\p{Script=Latin}/u;

/**
 * A sentence with what it quotes blanked out: the words inside “”, 「」, 『』, «», ‘’ and straight quotes. A straight or
 * curly single quote between two Latin letters is an apostrophe (Turkish "Kadıköy'de"), not a quotation mark; an
 * opener left open runs to the sentence's end, and a closer with no opener closes a quotation begun before it.
 */
export function withoutQuotations(sentence: string): string {
  let out = '';
  let closer: string | undefined;
  for (let index = 0; index < sentence.length; index++) {
    const mark = sentence[index]!;
    // A straight or single curly quote between two Latin letters is an apostrophe ("l'homme", "don’t", "Kadıköy'de").
    const apostrophe =
      (mark === '"' || mark === "'" || mark === '’' || mark === '‘') &&
      LATIN_LETTER.test(sentence[index - 1] ?? '') &&
      LATIN_LETTER.test(sentence[index + 1] ?? '');
    if (closer !== undefined) {
      if (mark === closer && !apostrophe) closer = undefined;
      out += ' ';
    } else if ((mark === '"' || mark === "'") && !apostrophe) {
      closer = mark;
      out += ' ';
    } else if (QUOTE_CLOSERS.has(mark) && !apostrophe) {
      closer = QUOTE_CLOSERS.get(mark);
      out += ' ';
    } else if (CLOSERS_ONLY.has(mark)) out = ' '.repeat(out.length + 1);
    else out += mark;
  }
  return out;
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
  /** A laugh among the frame cues (JEST): a threat in this sentence is said in jest. */
  jest: boolean;
  /** The numbers of the listed strings the sentence holds (for combinations over two sentences: combinedFindings). */
  found: readonly number[];
  /**
   * Hate terms the sentence holds only inside quotation marks: a slur or a slogan mentioned (reported, condemned,
   * discussed), not used. The lists leave it to the n-gram model, which reads the whole paragraph (classifier.ts).
   */
  mentionedHate?: boolean;
}

/** The categories whose combinations need both sentences: found over their words together, in neither alone. */
export function combinedFindings(
  language: LexiconLanguage,
  first: LexiconReading,
  second: LexiconReading,
): ModerationCategory[] {
  const lists = listsOf(language);
  // A combination neither sentence completes alone is completed by the two only if each holds one of its words.
  const touched = touchedBy(lists, first.found);
  const touchedAfter = touchedBy(lists, second.found);
  const alone = new Set([...first.findings, ...second.findings].map((finding) => finding.category));
  // Hate words quoted in either sentence are mentioned there, not used: the two together do not make them hate.
  if (first.mentionedHate || second.mentionedHate) alone.add('hate');
  const categories = new Set<ModerationCategory>();
  for (const index of completed(lists, [...first.found, ...second.found])) {
    const { category } = lists.combinations[index]!;
    if (touched.has(index) && touchedAfter.has(index) && !alone.has(category)) categories.add(category);
  }
  return lists.categories.filter((category) => categories.has(category));
}

/**
 * The categories a sentence in one of these languages plainly falls in: by a term of the lists, else by a combination
 * of ordinary words (each `&` group has one of its `|` alternatives in the sentence), and whether it holds a frame cue.
 */
export function readLexicon(sentence: string, language: LexiconLanguage): LexiconReading {
  const reading = readLists(sentence, language);
  // Hate found in a sentence with a quotation: is it found outside the quotation too? Of the lexicon languages' training
  // texts whose hate the lists found only inside quotation marks, 80 were benign (counter-speech, news, a complaint about
  // a slur) and 5 hate (slogans chanted, a story that endorses them).
  if (!reading.findings.some((finding) => finding.category === 'hate')) return reading;
  const unquoted = withoutQuotations(sentence);
  if (unquoted === sentence || readLists(unquoted, language).findings.some((finding) => finding.category === 'hate'))
    return reading;
  return {
    ...reading,
    findings: reading.findings.filter((finding) => finding.category !== 'hate'),
    mentionedHate: true,
  };
}

/** What the lists find in a sentence, read as written. */
function readLists(sentence: string, language: LexiconLanguage): LexiconReading {
  const lists = listsOf(language);
  const scanned = lists.needles.scan(matchable(sentence, language));
  const found = [...scanned.foundIds()];
  const explicit = new Set(found.flatMap((id) => lists.termsOf.get(id) ?? []));
  // Per category, whether a complete combination was found, and whether one of them is a single group.
  const combined = new Map<ModerationCategory, boolean>();
  for (const index of completed(lists, found)) {
    const combination = lists.combinations[index]!;
    if (explicit.has(combination.category)) continue;
    combined.set(
      combination.category,
      (combined.get(combination.category) ?? false) || combination.groups.length === 1,
    );
  }
  const findings: LexiconReading['findings'] = [];
  for (const category of lists.categories) if (explicit.has(category)) findings.push({ category, explicit: true });
  for (const category of lists.categories) {
    const quoted = combined.get(category);
    if (quoted !== undefined) findings.push({ category, explicit: false, quoted });
  }
  return {
    findings,
    frame: found.some((id) => lists.frames.has(id)),
    jest: found.some((id) => lists.jests.has(id)),
    found,
  };
}

/** The categories of a sentence, by terms and combinations alike (whatever the frame). */
export function lexiconCategories(sentence: string, language: LexiconLanguage): ModerationCategory[] {
  return readLexicon(sentence, language).findings.map((finding) => finding.category);
}
