/**
 * How the learned model sees a text: sentence by sentence. A short text (up to SHORT_SENTENCES sentences) is scored
 * whole, as the model was trained. Every sentence with a risky word is also scored on its own and with the sentence
 * after it, each time together with the context cues (reporting, history, fiction, medicine, banter, …) of the
 * sentences around it but not their other words: one bad sentence deep in a long benign text keeps its full weight,
 * and "police said" in the next sentence still counts.
 */
import { detectLanguage, scriptOf } from '../../language/detect.ts';
import {
  EUROPEAN_LANGUAGES,
  type EuropeanLanguage,
  foldAccents,
  foreignStopword,
  mostFunctionWords,
  soleStopwordLanguage,
  stopwordLanguage,
} from './european.ts';
import { europeanSentence } from './european-features.ts';
import {
  classesOf,
  CONTEXT_CLASSES,
  crossFeatures,
  HARD_SLUR,
  normalize,
  RISK_CLASSES,
  sentenceFeatures,
  tokenClasses,
  tokens,
} from './features.ts';
import { type IntentFinding, sentenceIntent } from './intent.ts';
import { europeanIntent } from './intent-european.ts';
import { addSurfaceClasses } from './intent-classes.ts';
import {
  combinedFindings,
  LEXICON_LANGUAGES,
  type LexiconLanguage,
  type LexiconReading,
  readLexicon,
} from './lexicons.ts';
import { romanizedLanguage } from './romanized.ts';
import { splitSentences } from './text.ts';

export const SHORT_SENTENCES = 6;
/** The rule name of a lexicon finding made by an explicit term, which no frame sets aside. */
const EXPLICIT = 'lexicon';
/** The rule name of a lexicon finding made by a combination of ordinary words, not an explicit term. */
const COMBINATION = 'lexicon-combination';
/** The rule name of a lexicon finding made by a plain term that is also quoted or said in jest (lexicons.ts). */
const QUOTED = 'lexicon-quoted';
/** Sentences on each side whose context cues join a sentence's window. */
export const CONTEXT_RADIUS = 1;

/**
 * How well the local moderator reads a sentence's language: `model` (English and the five European languages: the
 * learned model and the rules), `lexicon` (the other catalog languages: explicit terms only, lexicons.ts), or
 * `none` (a script or language it cannot judge at all).
 */
export type Coverage = 'model' | 'lexicon' | 'none';

export interface AnalysedSentence {
  start: number;
  end: number;
  /** Index of the sentence's paragraph (blank-line separated block): windows of words stay inside it. */
  paragraph: number;
  /** The sentence's language: a catalog code, or the detector's code (or script) when it is not one. */
  language: string;
  coverage: Coverage;
  features: string[];
  /** The context-cue class features of this sentence (a subset of `features`). */
  context: string[];
  risky: boolean;
  /** Categories a rule finds in this sentence alone (lexicon terms, plain intent); neighbours never lower these. */
  rules: IntentFinding[];
  /** Lower-cased text, for the rules that read runs of sentences. */
  lower: string;
  /**
   * What the lists of a lexicon language found in the sentence (lexicons.ts), and whether it is framed as a report, a
   * recipe, a hunt, history, a game or a story.
   */
  lexicon?: LexiconReading;
  /** Hindi, Bengali or Arabic written in Latin letters (romanized.ts), read as that language. */
  romanized?: boolean;
}

const EUROPEAN = new Set<string>(EUROPEAN_LANGUAGES);
const LEXICON = new Set<string>(LEXICON_LANGUAGES);
const SCRIPT_LANGUAGE: Record<string, string> = {
  kana: 'ja',
  hangul: 'ko',
  bengali: 'bn',
  arabic: 'ar',
  devanagari: 'hi',
  han: 'zh',
};
/** Letters below which a sentence in an unreadable script is too short to matter (a name, a symbol). */
const MIN_UNJUDGED_LETTERS = 4;
/** A Latin-script sentence the detector places outside the catalog is only unreadable when it is this long and sure. */
const MIN_FOREIGN_LATIN = 60;

/**
 * The language of one sentence. Latin script is decided by its function words when they are clear (fast, so a
 * 1,000,000-character book is not run through the n-gram detector sentence by sentence), else by the shared detector
 * (providers/language/detect.ts), else it follows the sentence before it.
 */
function sentenceLanguage(
  original: string,
  folded: string,
  previous: () => string,
  continued: boolean,
  romanizedBefore: boolean,
): { language: string; coverage: Coverage; romanized?: boolean } {
  // eslint-disable-next-line no-control-regex
  const latinOnly = !/[^\u0000-\u024f\u1e00-\u1eff\u2000-\u206f\u20a0-\u20cf]/.test(original);
  if (!latinOnly) {
    const script = scriptOf(original);
    if (script !== 'latin' && script !== 'none') {
      const language = script === 'han' && /[\u3040-\u30ff]/.test(original) ? 'ja' : SCRIPT_LANGUAGE[script];
      if (language) return { language, coverage: 'lexicon' };
      const letters = (original.match(/\p{L}/gu) ?? []).length;
      if (letters >= MIN_UNJUDGED_LETTERS) return { language: script, coverage: 'none' };
      const fallback = previous();
      return { language: fallback, coverage: coverageOf(fallback) };
    }
  }
  // Leaning on the sentence before is for sentences written in its letters: accents after English, or Turkish's dotless
  // i, s-cedilla and soft g after anything, are a change of language the detector should judge.
  const turkish = /[ıİşŞğĞ]/.test(original);
  const lean = continued && (previous() === 'en' ? latinAscii(original) : !turkish);
  // Hindi, Bengali or Arabic in Latin letters (romanized.ts): read as that language, by its lists and n-gram model.
  const romanized = turkish
    ? undefined
    : romanizedLanguage(folded, () => mostFunctionWords(folded), lean ? previous() : undefined, romanizedBefore);
  if (romanized) return { language: romanized, coverage: 'lexicon', romanized: true };
  // Turkish shares short function words with the others ("o", "da", "her", "at") and its dotless i folds to no letter,
  // so a sentence in its letters is left to the detector, not to a count of two such words.
  const byWords = turkish ? undefined : stopwordLanguage(folded, lean ? previous() : undefined);
  if (byWords) return { language: byWords, coverage: coverageOf(byWords) };
  const letters = folded.replace(/[^a-z]/g, '').length;
  // A short plain-ASCII sentence with no foreign function word, after English, is English: the n-gram detector is not
  // worth its cost there (a long English book has thousands of such sentences).
  // A text's first sentence has no English before it to lean on: the detector judges it.
  if (
    letters >= 40 ||
    (letters >= 8 && (!latinAscii(original) || foreignStopword(folded) || !continued || previous() !== 'en'))
  ) {
    const guess = detectLanguage(original);
    if (guess.catalog && guess.script === 'latin')
      return { language: guess.catalog, coverage: coverageOf(guess.catalog) };
    // Turkish letters in a sentence the detector places outside the catalog: a Turkish dialect (the Black Sea's
    // "Uşağum bu yaz yaylaya çıkayruk mi?" reads as Azerbaijani), or Azerbaijani itself; Turkish lists read it best.
    if (turkish) return { language: 'tr', coverage: 'lexicon' };
    if (!guess.catalog && guess.reliable && letters >= MIN_FOREIGN_LATIN)
      return { language: guess.language, coverage: 'none' };
  }
  const fallback = previous();
  return { language: fallback, coverage: coverageOf(fallback) };
}

// eslint-disable-next-line no-control-regex
const latinAscii = (text: string) => /^[\u0000-\u007f]*$/.test(text);

function coverageOf(language: string): Coverage {
  if (language === 'en' || EUROPEAN.has(language)) return 'model';
  return LEXICON.has(language) ? 'lexicon' : 'none';
}

/** What analyse reads in one sentence, apart from where it lies. */
type Reading = Pick<
  AnalysedSentence,
  'language' | 'coverage' | 'features' | 'context' | 'risky' | 'rules' | 'lexicon' | 'romanized'
>;

/**
 * Readings of sentences that follow a sentence in a known language, kept across the parts of one long text that a
 * screening worker is handed (index.ts), so that a sentence met again in another part is read once there too.
 */
export type SentenceReadings = Map<string, Reading>;

/**
 * Sentences with their language, classes, rules and features. In a long text only the sentences a window will read
 * get their full word features (a risky sentence and the one after it); `full` computes them for every sentence.
 * A sentence met again in the same text (a refrain, a chapter heading, a repeated line of dialogue) is read once:
 * its reading depends only on its words, the language before it, whether the sentence before it was risky and
 * whether the text reads every sentence's words; `readings` keeps them beyond this text (SentenceReadings).
 */
export function analyse(
  text: string,
  options: { full?: boolean; readings?: SentenceReadings } = {},
): AnalysedSentence[] {
  // The language of the sentence before, once there is one (`continued`); until then sentences lean on the text's
  // opening, read only if one of them cannot tell its language alone.
  let previous = 'en';
  let continued = false;
  let opening: string | undefined;
  const leanOn = () => {
    if (continued) return previous;
    opening ??= openingLanguage(text);
    return opening;
  };
  const split = splitSentences(text);
  const full = options.full || split.length <= SHORT_SENTENCES;
  let previousRisky = false;
  /**
   * The paragraph of the sentence before when it was romanized (romanized.ts), else -1: a plain sentence after one in
   * the same paragraph is in its language too (never across paragraphs: two texts side by side are read as alone).
   */
  let romanizedParagraph = -1;
  const readings: SentenceReadings = new Map();
  const sentences = split.map((sentence) => {
    const romanizedBefore = romanizedParagraph === sentence.paragraph;
    // The key holds every input of readSentence; the reading's arrays are shared and never changed afterwards. A
    // sentence before any in a known language leans on this text's opening: its reading stays with this text.
    const key = `${continued ? previous : ''}\u0000${previousRisky ? 1 : 0}${full ? 1 : 0}${romanizedBefore ? 1 : 0}\u0000${sentence.original}`;
    const kept = continued && options.readings ? options.readings : readings;
    let reading = kept.get(key);
    if (!reading) {
      reading = readSentence(sentence.original, leanOn, continued, full || previousRisky, romanizedBefore);
      kept.set(key, reading);
    }
    if (reading.coverage !== 'none') {
      previous = reading.language;
      continued = true;
      romanizedParagraph = reading.romanized === true ? sentence.paragraph : -1;
    }
    if (reading.coverage === 'model') previousRisky = reading.risky;
    return {
      start: sentence.start,
      end: sentence.end,
      paragraph: sentence.paragraph,
      lower: sentence.text,
      ...reading,
    };
  });
  // A paragraph typed in one romanized language (romanized.ts) is in it throughout: a sentence of it that could not be
  // placed alone, and holds no two function words of a Latin-script language, was read as one of those by mistake
  // ("Bhai plan ta shon: o protidin 6 tay park e jog korte jay." before the Banglish sentences of its plan).
  for (const { from, to } of paragraphsOf(sentences)) {
    const languages = new Set<string>();
    for (let index = from; index <= to; index++)
      if (sentences[index]!.romanized) languages.add(sentences[index]!.language);
    if (languages.size !== 1) continue;
    const [language] = languages as Set<string>;
    for (let index = from; index <= to; index++) {
      const sentence = sentences[index]!;
      if (sentence.coverage !== 'model') continue;
      const original = split[index]!.original;
      const folded = foldAccents(original);
      if (mostFunctionWords(folded) >= 2) continue;
      sentences[index] = {
        ...sentence,
        ...readIn(original, folded, language!, 'lexicon', false),
        romanized: true,
      };
    }
  }
  // A short paragraph of a long text with a risky sentence is read whole, as a short text is (windowsOf): its other
  // sentences get their word features too.
  if (!full)
    for (const { from, to } of paragraphsOf(sentences)) {
      if (!readWhole(sentences, from, to)) continue;
      for (let index = from; index <= to; index++) {
        const sentence = sentences[index]!;
        if (sentence.coverage !== 'model' || sentence.features.length > 0) continue;
        const key = `${sentence.language}\u0000whole\u0000${split[index]!.original}`;
        let reading = readings.get(key);
        if (!reading) {
          // In the language the first pass found: only the word features are new.
          const original = split[index]!.original;
          reading = readIn(original, foldAccents(original), sentence.language, 'model', true);
          readings.set(key, reading);
        }
        sentences[index] = { ...sentence, features: reading.features };
      }
    }
  // A plan or a threat told over two sentences of a paragraph (in Chinese, "drive the lorry into the street with the
  // crowd. Keep the pedal down, don't stop."): the combinations are read over each two adjacent sentences of one
  // lexicon language too, and a category only the two together make is found in the first.
  for (let index = 0; index + 1 < sentences.length; index++) {
    const first = sentences[index]!;
    const second = sentences[index + 1]!;
    if (!first.lexicon || !second.lexicon || first.paragraph !== second.paragraph) continue;
    if (first.language !== second.language) continue;
    const categories = combinedFindings(first.language as LexiconLanguage, first.lexicon, second.lexicon);
    if (categories.length === 0) continue;
    const rules = [
      ...first.rules,
      ...categories.map((category) => ({ category, rule: `${COMBINATION}:${first.language}` })),
    ];
    sentences[index] = { ...first, rules, risky: true };
  }
  // A combination of ordinary words in a lexicon language is set aside when its sentence or a neighbour is framed as a
  // report, a recipe, a hunt, history, a game or a story; a plain threat that is also quoted or said in jest only when
  // its own sentence is (a neighbour's frame must not wash out "I will kill you"); the explicit terms stay.
  sentences.forEach((sentence, index) => {
    if (!sentence.lexicon || sentence.rules.length === 0) return;
    const nearFrame = framedNear(sentences, index, index);
    // A laugh in the sentence itself excuses a threat made of listed words (not an explicit term, not hate).
    const { frame, jest } = sentence.lexicon;
    const framed = (finding: IntentFinding) =>
      (finding.category === 'threats' && jest && !finding.rule.startsWith(`${EXPLICIT}:`)) ||
      (finding.rule.startsWith(QUOTED) ? frame : finding.rule.startsWith(COMBINATION) && nearFrame);
    if (!sentence.rules.some(framed)) return;
    const rules = sentence.rules.filter((finding) => !framed(finding));
    sentences[index] = { ...sentence, rules, risky: rules.length > 0 };
  });
  return sentences;
}

/** How much of a text's opening says which language its first sentence falls back on. */
const OPENING = 600;

/**
 * The language a text's first sentence falls back on when it is too short or too plain to tell alone: the detector's
 * reading of the text's opening ("Ciao Marta!" opens an Italian message, not an English one). When the detector places
 * the opening just outside the catalog (four words of French can read as Dutch, "Te rajo la cara." as Catalan), the
 * catalog language it scores near, unless English is near too. English otherwise.
 */
function openingLanguage(text: string): string {
  const opening = text.length > OPENING ? text.slice(0, OPENING) : text;
  const guess = detectLanguage(opening, { near: true });
  if (guess.script !== 'latin') return 'en';
  if (guess.catalog) return guess.catalog;
  const near = guess.near ?? [];
  if (near.length > 0) return near.includes('en') ? 'en' : near[0]!;
  // No catalog language near: the function words, when they name one language alone.
  return soleStopwordLanguage(foldAccents(opening)) ?? 'en';
}

/**
 * One sentence's language, rules, classes and features; `wordFeatures` asks for the English word features even when
 * the sentence is not risky (a short text read whole, or the sentence after a risky one).
 */
function readSentence(
  original: string,
  previous: () => string,
  continued: boolean,
  wordFeatures: boolean,
  romanizedBefore: boolean,
): Reading {
  const folded = foldAccents(original);
  const { language, coverage, romanized } = sentenceLanguage(original, folded, previous, continued, romanizedBefore);
  const reading = readIn(original, folded, language, coverage, wordFeatures);
  return romanized ? { ...reading, romanized } : reading;
}

/** A sentence's rules, classes and features in a language already found. */
function readIn(
  original: string,
  folded: string,
  language: string,
  coverage: Coverage,
  wordFeatures: boolean,
): Reading {
  if (coverage === 'lexicon') {
    const lexicon = readLexicon(original, language as LexiconLanguage);
    const rules = lexicon.findings.map(({ category, explicit, quoted }) => ({
      category,
      rule: `${explicit ? EXPLICIT : quoted ? QUOTED : COMBINATION}:${language}`,
    }));
    return { language, coverage, features: [], context: [], risky: rules.length > 0, rules, lexicon };
  }
  if (coverage === 'none') return { language, coverage, features: [], context: [], risky: false, rules: [] };
  let features: string[];
  let classes: Map<string, number>;
  const normalized = normalize(original);
  const rules = sentenceIntent(folded, original);
  if (EUROPEAN.has(language)) rules.push(...europeanIntent(folded));
  // The word features are built only when asked for, or when a rule or a risky class makes the sentence risky.
  const wanted = (found: ReadonlyMap<string, number>) =>
    wordFeatures || rules.length > 0 || RISK_CLASSES.some((klass) => found.has(klass));
  if (language === 'en') {
    const stems = tokens(normalized);
    const at = tokenClasses(stems);
    classes = classesOf(stems, at);
    addSurfaceClasses(classes, original, folded);
    features = wanted(classes) ? sentenceFeatures(stems, at, classes) : [];
  } else {
    ({ features, classes } = europeanSentence(original, language as EuropeanLanguage, wanted, folded));
  }
  const slur = HARD_SLUR.exec(normalized)?.[0];
  if (slur && !(language !== 'en' && NAMES.has(slur))) features.push('c:HARD_SLUR');
  // A sentence that sets itself in a report, a story, a history, a film or a game tells of a plan; it does not make one.
  const kept = FRAME_CLASSES.some((klass) => classes.has(klass)) ? [] : rules;
  return {
    language,
    coverage,
    features,
    context: CONTEXT_CLASSES.filter((klass) => classes.has(klass)).map((klass) => `c:${klass}`),
    risky: kept.length > 0 || RISK_CLASSES.some((klass) => classes.has(klass)),
    rules: kept,
  };
}

/**
 * Classes of a sentence's own frame (features.ts, concepts.ts) under which the plain-intent rules (intent.ts,
 * intent-european.ts) do not fire: "Laut Anklage lockerte er die Bremsleitung, um es wie einen Unfall aussehen zu
 * lassen" reports a staged accident. The learned model still reads the sentence.
 */
const FRAME_CLASSES = ['REPORT', 'FICTION', 'HISTORY', 'K_NEWS_COURT', 'K_FILM', 'K_GAME'];
/**
 * Slurs of HARD_SLUR that are also a given name outside English: "Kike" is Spanish for Enrique (and a short sentence
 * of Spanish may be read as Portuguese or Italian).
 */
const NAMES = new Set(['kike']);

/** A window: the sentences whose features all count, and the range of sentences whose context cues count. */
export interface Window {
  from: number;
  to: number;
  contextFrom: number;
  contextTo: number;
  /** A paragraph of a few sentences read whole, as the model was trained on short texts. */
  whole?: boolean;
}

/** The paragraphs of a text: runs of sentences with one paragraph index. */
export function paragraphsOf(sentences: readonly AnalysedSentence[]): { from: number; to: number }[] {
  const paragraphs: { from: number; to: number }[] = [];
  let from = 0;
  for (let index = 1; index <= sentences.length; index++) {
    if (index < sentences.length && sentences[index]!.paragraph === sentences[from]!.paragraph) continue;
    paragraphs.push({ from, to: index - 1 });
    from = index;
  }
  return paragraphs;
}

/**
 * Whether a paragraph of a long text is read whole (windowsOf), so its sentences need their word features (analyse):
 * two to SHORT_SENTENCES sentences, one of them risky.
 */
function readWhole(sentences: readonly AnalysedSentence[], from: number, to: number): boolean {
  return to > from && to - from < SHORT_SENTENCES && sentences.slice(from, to + 1).some((sentence) => sentence.risky);
}

/** The windows to score. */
export function windowsOf(sentences: AnalysedSentence[]): Window[] {
  const windows: Window[] = [];
  const last = sentences.length - 1;
  // A short text is read whole, as the model was trained; paragraph by paragraph when it has several, so that two
  // texts set one after the other are each read as they would be alone. A short paragraph of a long text with a risky
  // sentence is read whole too: a plan told over a few sentences is a paragraph of its own in a longer text as well.
  // A paragraph of one sentence needs no window of its own: its sentence's window reads the same words.
  const short = sentences.length <= SHORT_SENTENCES;
  for (const { from, to } of sentences.length > 0 ? paragraphsOf(sentences) : [])
    if (to > from && (short || readWhole(sentences, from, to)))
      windows.push({ from, to, contextFrom: from, contextTo: to, whole: true });
  sentences.forEach((sentence, index) => {
    if (!sentence.risky) return;
    const { from: contextFrom, to: contextTo } = contextRange(sentences, index);
    windows.push({ from: index, to: index, contextFrom, contextTo });
    // Two sentences are read together only inside one paragraph: two texts that each pass alone, set one after the
    // other, must still pass (a gun-range rule next to a hunting tip is not an attack plan).
    if (index < last && sentences[index + 1]!.paragraph === sentence.paragraph)
      windows.push({ from: index, to: index + 1, contextFrom, contextTo: contextRange(sentences, index + 1).to });
  });
  return windows;
}

/**
 * The sentences around `index` whose context cues (reporting, history, fiction, banter, …) join its window:
 * CONTEXT_RADIUS on each side, across paragraph breaks too. Cues can only lower a score (classifier.ts), so a
 * neighbouring paragraph's framing may calm a sentence but never flag one; words, which can raise a score, are read
 * together only inside a paragraph (windowsOf).
 */
export function contextRange(sentences: readonly AnalysedSentence[], index: number): { from: number; to: number } {
  return { from: Math.max(0, index - CONTEXT_RADIUS), to: Math.min(sentences.length - 1, index + CONTEXT_RADIUS) };
}

/**
 * Whether a sentence of a lexicon language from `first` to `last`, or one beside them (CONTEXT_RADIUS), is framed as a
 * report, a recipe, a hunt, history, a game or a story (lexicons.ts).
 */
export function framedNear(sentences: readonly AnalysedSentence[], first: number, last: number): boolean {
  return sentences
    .slice(contextRange(sentences, first).from, contextRange(sentences, last).to + 1)
    .some((sentence) => sentence.lexicon?.frame === true);
}

/** Features of a whole short text, as the model is trained on them (`sentences`: its analysis, if already made). */
export function textFeatures(text: string, sentences = analyse(text, { full: true })): Set<string> {
  const features = new Set<string>();
  for (const sentence of sentences) for (const feature of sentence.features) features.add(feature);
  // As the moderator reads a short text: paragraph by paragraph, each with its cross-sentence shapes.
  for (const window of windowsOf(sentences))
    if (window.to > window.from && sentences.length <= SHORT_SENTENCES)
      for (const feature of crossFeatures(
        sentences.slice(window.from, window.to + 1).map((sentence) => sentence.features),
      ))
        features.add(feature);
  return features;
}
