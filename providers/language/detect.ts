/**
 * Offline language detection shared by the engines (which voice reads a sentence) and the moderators (which model
 * screens it). Nito-ELD's n-gram model tells ~60 languages apart; recite speaks and screens the catalog's 13.
 *
 * Short sentences ("Hi.", "OK!") carry too few n-grams to be judged alone, so a span takes the language of its
 * neighbours, or of the whole text, unless its own guess is reliable.
 */
import { loadNgramTable, type NgramTable, ngramDetector } from './ngram-table.ts';

export const CATALOG_LANGUAGES = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'zh',
  'ja',
  'ko',
  'tr',
  'ar',
  'hi',
  'bn',
] as const;
export type CatalogLanguage = (typeof CATALOG_LANGUAGES)[number];

export type Script =
  | 'latin'
  | 'han'
  | 'kana'
  | 'hangul'
  | 'arabic'
  | 'devanagari'
  | 'bengali'
  | 'cyrillic'
  | 'greek'
  | 'hebrew'
  | 'thai'
  | 'other'
  | 'none';

export interface LanguageGuess {
  /** ISO 639-1 code of the most likely language, any of the ~60 the detector knows; '' when nothing was found. */
  language: string;
  /** The guess when it is one of the catalog's languages, else undefined. */
  catalog: CatalogLanguage | undefined;
  /** The detector's own reliability verdict (enough n-grams, a clear margin). */
  reliable: boolean;
  /** The dominant writing system of the letters. */
  script: Script;
  /**
   * When asked for and the guess is not a catalog language: the catalog languages the detector scores within
   * NEAR_MARGIN of it, best first. A short sentence gives few n-grams, and a near language often wins by a hair ("Je
   * vais te buter." reads as Dutch, "Te rajo la cara." as Catalan).
   */
  near?: CatalogLanguage[];
}

export interface LanguageSpan {
  /** UTF-16 offsets into the text; spans are contiguous and cover it whole. */
  start: number;
  end: number;
  text: string;
  /** The catalog language of this span, or undefined when the span is in a language recite does not speak. */
  language: CatalogLanguage | undefined;
  /** The detector's code for the span ('' when it holds no letters). */
  detected: string;
  script: Script;
}

const CATALOG = new Set<string>(CATALOG_LANGUAGES);
let table: NgramTable | undefined;
/**
 * This thread's n-gram table (ngram-table.ts): the one handed over by the thread that started this one, else read
 * from eld's file now (~0.2 s). Posted to a worker, its buffers are shared, not copied.
 */
export function ngramTable(): NgramTable {
  table ??= loadNgramTable();
  return table;
}
/** Detect with a table another thread loaded (a worker calls this before its first detection). */
export function useNgramTable(shared: NgramTable): void {
  table ??= shared;
}
/**
 * eld's detector over the compact table: ~3.6 MB shared by every thread where eld's own module takes ~77 MB in each
 * heap. Made on first use, not at import, so start-up does not wait for the table.
 */
let loaded: ReturnType<typeof ngramDetector> | undefined;
const detector = {
  detect: (text: string) => {
    loaded ??= ngramDetector(ngramTable());
    return loaded.detect(text);
  },
};
/** Loads the detector now (the server does it after it starts listening, so the first request does not wait). */
export function preloadLanguageDetector(): void {
  detector.detect('');
}

/** The script of one code point, by Unicode block; the blocks cover every letter the catalog's languages use. */
function scriptOfCode(code: number): Script | undefined {
  if (code < 0x41) return undefined;
  if (code <= 0x24f)
    return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code >= 0xc0
      ? code === 0xd7 || code === 0xf7
        ? undefined
        : 'latin'
      : undefined;
  if (code >= 0x1e00 && code <= 0x1eff) return 'latin';
  if (code >= 0x370 && code <= 0x3ff) return 'greek';
  if (code >= 0x400 && code <= 0x52f) return 'cyrillic';
  if (code >= 0x590 && code <= 0x5ff) return 'hebrew';
  if (
    (code >= 0x600 && code <= 0x6ff) ||
    (code >= 0x750 && code <= 0x77f) ||
    (code >= 0xfb50 && code <= 0xfdff) ||
    (code >= 0xfe70 && code <= 0xfeff)
  )
    return 'arabic';
  if (code >= 0x900 && code <= 0x97f) return 'devanagari';
  if (code >= 0x980 && code <= 0x9ff) return 'bengali';
  if (code >= 0xe00 && code <= 0xe7f) return 'thai';
  if ((code >= 0x3040 && code <= 0x30ff) || (code >= 0x31f0 && code <= 0x31ff) || (code >= 0xff66 && code <= 0xff9d))
    return 'kana';
  if ((code >= 0x1100 && code <= 0x11ff) || (code >= 0x3130 && code <= 0x318f) || (code >= 0xac00 && code <= 0xd7af))
    return 'hangul';
  if (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0x20000 && code <= 0x3134f)
  )
    return 'han';
  return /\p{L}/u.test(String.fromCodePoint(code)) ? 'other' : undefined;
}

interface ScriptCount {
  script: Script;
  letters: number;
}

function countScripts(text: string): ScriptCount {
  const counts = new Map<Script, number>();
  let letters = 0;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) code = text.codePointAt(i++)!;
    const script = scriptOfCode(code);
    if (!script) continue;
    letters++;
    counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  if (letters === 0) return { script: 'none', letters };
  // Kana anywhere marks Japanese, whose kanji are its own too.
  if (counts.has('kana') && counts.has('han')) {
    counts.set('kana', counts.get('kana')! + counts.get('han')!);
    counts.delete('han');
  }
  // A character of the East Asian scripts says about as much as a Latin word's two letters: weighed so, a Japanese or
  // Chinese sentence with a name, a brand or a handle in Latin letters ("Discord", "@red_taka_19") keeps its script.
  let weighed = 0;
  let best: Script = 'other';
  let bestCount = 0;
  for (const [script, count] of counts) {
    const weight = DENSE_SCRIPTS.has(script) ? count * 2 : count;
    weighed += weight;
    if (weight > bestCount) [best, bestCount] = [script, weight];
  }
  return { script: bestCount * 2 >= weighed ? best : 'other', letters };
}

/** Scripts that write a syllable or a morpheme per character. */
const DENSE_SCRIPTS = new Set<Script>(['han', 'kana', 'hangul']);

/** The writing system most of the text's letters belong to. */
export function scriptOf(text: string): Script {
  return countScripts(text).script;
}

/** Scripts that name exactly one catalog language, so no n-gram guess is needed. */
const SCRIPT_LANGUAGE: Partial<Record<Script, CatalogLanguage>> = { kana: 'ja', hangul: 'ko', bengali: 'bn' };

export function detectLanguage(text: string, options: { near?: boolean } = {}): LanguageGuess {
  const script = scriptOf(text);
  const byScript = SCRIPT_LANGUAGE[script];
  if (byScript) return { language: byScript, catalog: byScript, reliable: true, script };
  if (script === 'none') return { language: '', catalog: undefined, reliable: false, script };
  const result = detector.detect(text.length > 4000 ? text.slice(0, 4000) : text);
  let language = result.language;
  // Hindi and Marathi share Devanagari and most n-grams; recite speaks Hindi only, so a close call goes to Hindi.
  if (script === 'devanagari' && language !== 'hi') {
    const scores = result.getScores();
    if ((scores.hi ?? 0) >= (scores[language] ?? 0) - 0.05) language = 'hi';
  }
  if (script === 'han' && language !== 'zh' && language !== 'ja') language = 'zh';
  const catalog = CATALOG.has(language) ? (language as CatalogLanguage) : undefined;
  return {
    language,
    catalog,
    // Asked for by few callers, and it orders every language's score: worked out when read.
    get reliable() {
      return result.isReliable();
    },
    script,
    ...(options.near && !catalog && language ? { near: nearCatalog(result.getScores(), language) } : {}),
  };
}

/** How far below the guess's score a catalog language may be and still count as near it (eld's scores, 0 to 1). */
const NEAR_MARGIN = 0.1;

/** The catalog languages scored within NEAR_MARGIN of the guess, best first. */
function nearCatalog(scores: Record<string, number>, guess: string): CatalogLanguage[] {
  const floor = (scores[guess] ?? 0) - NEAR_MARGIN;
  return CATALOG_LANGUAGES.filter((language) => (scores[language] ?? -1) >= floor).sort(
    (a, b) => scores[b]! - scores[a]!,
  );
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
/** Fewer letters than this and a sentence is judged together with its neighbours in the same script. */
const MIN_LETTERS = 24;
const MIN_IDEOGRAPHS = 6;

interface Unit {
  start: number;
  end: number;
  script: Script;
  letters: number;
}

/**
 * Splits a text into runs of one language, sentence by sentence. A sentence too short to judge alone joins the
 * sentence before it when both are in one script (else the ones after it); `fallback` names the language of a text
 * with no letters at all.
 */
export function languageSpans(text: string, fallback?: CatalogLanguage): LanguageSpan[] {
  if (!text) return [];
  const units: Unit[] = [];
  let pending: Unit | undefined;
  const enough = (unit: Unit) =>
    unit.letters >= (unit.script === 'han' || unit.script === 'kana' ? MIN_IDEOGRAPHS : MIN_LETTERS) ||
    SCRIPT_LANGUAGE[unit.script] !== undefined;
  for (const { segment, index } of segmenter.segment(text)) {
    const { script, letters } = countScripts(segment);
    const end = index + segment.length;
    if (pending) {
      if (script === pending.script || script === 'none') {
        pending.end = end;
        pending.letters += letters;
        if (enough(pending)) {
          units.push(pending);
          pending = undefined;
        }
        continue;
      }
      // A snippet too short to judge, between runs of two other scripts, goes with the run before it.
      const before = units.at(-1);
      if (before) {
        before.end = pending.end;
        before.letters += pending.letters;
      } else units.push(pending);
      pending = undefined;
    }
    const unit: Unit = { start: index, end, script, letters };
    const lastUnit = units.at(-1);
    if (script === 'none' && lastUnit) lastUnit.end = end;
    else if (!enough(unit) && lastUnit && lastUnit.script === script) {
      lastUnit.end = end;
      lastUnit.letters += letters;
    } else if (!enough(unit)) pending = unit;
    else units.push(unit);
  }
  if (pending) {
    const lastUnit = units.at(-1);
    if (lastUnit && (pending.script === 'none' || lastUnit.script === pending.script)) {
      lastUnit.end = pending.end;
      lastUnit.letters += pending.letters;
    } else units.push(pending);
  }
  const spans: LanguageSpan[] = [];
  for (const unit of units) {
    const unitText = text.slice(unit.start, unit.end);
    const guess = unit.script === 'none' ? undefined : detectLanguage(unitText);
    const language = guess ? guess.catalog : fallback;
    const detected = guess ? guess.language : (fallback ?? '');
    const last = spans.at(-1);
    if (last && last.language === language && last.detected === detected) {
      last.end = unit.end;
      last.text = text.slice(last.start, last.end);
    } else spans.push({ start: unit.start, end: unit.end, text: unitText, language, detected, script: unit.script });
  }
  return spans;
}
