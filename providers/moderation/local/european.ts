/**
 * Spanish, French, German, Portuguese and Italian for the local moderator. Each language maps its own words onto the
 * same word classes as English (HARM, WEAPON, I_WILL, …), so the class and composition features the model learned
 * carry over; its stems are features of their own (prefixed with the language) and are learned from its labelled
 * sets. The lists are written from the policy, not from any training or test text.
 */
import { StringIndex } from '../../language/string-index.ts';

export type EuropeanLanguage = 'es' | 'fr' | 'de' | 'pt' | 'it';
export const EUROPEAN_LANGUAGES: readonly EuropeanLanguage[] = ['es', 'fr', 'de', 'pt', 'it'];

/** Lower-cases and folds accents (ß -> ss), so "matará" and "matara" are one word. */
export function foldAccents(text: string): string {
  // Most sentences of most books are plain ASCII: nothing to decompose.
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(text)) return text.toLowerCase();
  // Ligatures NFD leaves whole are spelled out: the lists write "coeur", "oeil", "soeur" for "cœur", "œil", "sœur".
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u201B\u2032`´]/g, "'")
    .replace(/[\u201C\u201D\u201E\u2033«»]/g, '"');
}

/** Inflection endings stripped by the light stemmer, longest first. */
const SUFFIXES: Record<EuropeanLanguage, string[]> = {
  es: [
    'aremos',
    'eremos',
    'iremos',
    'abamos',
    'ariamos',
    'ando',
    'iendo',
    'aron',
    'ieron',
    'aras',
    'eras',
    'iras',
    'are',
    'ere',
    'ire',
    'ara',
    'era',
    'ira',
    'aba',
    'ado',
    'ada',
    'ido',
    'ida',
    'amos',
    'emos',
    'imos',
    'ar',
    'er',
    'ir',
    'as',
    'es',
    'os',
    'an',
    'en',
    'o',
    'a',
    'e',
    's',
  ],
  pt: [
    'aremos',
    'eremos',
    'iremos',
    'avam',
    'ando',
    'endo',
    'indo',
    'aram',
    'eram',
    'iram',
    'arei',
    'erei',
    'irei',
    'ava',
    'ara',
    'era',
    'ira',
    'ado',
    'ada',
    'ido',
    'ida',
    'amos',
    'emos',
    'imos',
    'ar',
    'er',
    'ir',
    'as',
    'es',
    'os',
    'am',
    'ou',
    'ei',
    'em',
    'o',
    'a',
    'e',
    's',
  ],
  it: [
    'eremo',
    'iremo',
    'ando',
    'endo',
    'arono',
    'erono',
    'irono',
    'ero',
    'iro',
    'ato',
    'ata',
    'ati',
    'ate',
    'uto',
    'uta',
    'ito',
    'ita',
    'iamo',
    'are',
    'ere',
    'ire',
    'o',
    'a',
    'e',
    'i',
  ],
  fr: [
    'erent',
    'aient',
    'erons',
    'erez',
    'eront',
    'erai',
    'eras',
    'era',
    'ions',
    'iez',
    'ant',
    'ent',
    'ees',
    'ee',
    'es',
    'er',
    'ir',
    're',
    'ez',
    'ons',
    'ait',
    'ai',
    'a',
    'e',
    's',
    'x',
    't',
  ],
  de: ['ungen', 'ung', 'test', 'tet', 'ten', 'te', 'en', 'em', 'er', 'es', 'et', 'st', 'e', 'n', 's', 't'],
};

/** Each language's endings by their last letter, longest first still: a word is tried only against those it can end with. */
const SUFFIXES_BY_LAST = Object.fromEntries(
  Object.entries(SUFFIXES).map(([language, suffixes]) => {
    const byLast = new Map<string, string[]>();
    for (const suffix of suffixes) byLast.set(suffix.at(-1)!, [...(byLast.get(suffix.at(-1)!) ?? []), suffix]);
    return [language, byLast];
  }),
) as Record<EuropeanLanguage, Map<string, string[]>>;
const NO_SUFFIXES: readonly string[] = [];

export function stemEuropean(word: string, language: EuropeanLanguage): string {
  for (const suffix of SUFFIXES_BY_LAST[language].get(word.at(-1) ?? '') ?? NO_SUFFIXES) {
    if (word.length - suffix.length >= 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

/** Object pronouns written onto an infinitive or imperative ("matarte", "ammazzarti", "dale"). */
const CLITIC: Partial<Record<EuropeanLanguage, RegExp>> = {
  es: /^(.{3,}(?:ar|er|ir|ando|iendo))(te|lo|la|le|los|las|les|me|nos|os)$/,
  it: /^(.{3,}(?:ar|er|ir)|far|dar|dir)(ti|lo|la|li|le|gli|mi|ci|vi)$/,
  pt: /^(.{3,}(?:ar|er|ir))(te|lo|la|los|las)$/,
};

/** Tokens (not yet stemmed) of a folded text, clitic pronouns split off. */
export function europeanWords(folded: string, language: EuropeanLanguage): string[] {
  const out: string[] = [];
  const clitic = CLITIC[language];
  for (const raw of folded.match(/[a-z0-9]+/g) ?? []) {
    const match = clitic?.exec(raw);
    // Italian drops the infinitive's final e before the pronoun ("ucciderti" is "uccidere" + "ti").
    if (match) out.push(language === 'it' ? `${match[1]!}e` : match[1]!, match[2]!);
    else out.push(raw);
  }
  return out;
}

/**
 * Function words that tell the six Latin-script catalog languages (and Turkish) apart, sentence by sentence. "a" (a
 * preposition, an article or "has") counts for Spanish, Portuguese, French and Italian alike: counted for Portuguese
 * alone, it made "Te voy a matar a besos, cariño." Portuguese, whose word lists read no love in it. On the training
 * sets' sentences of the six languages, 1,365 -> 903 of 104,730 were placed in another language than their text's.
 */
export const STOPWORDS: Record<string, Set<string>> = {
  en: new Set(
    'the and of to is was are were that with for this have has had you he she they it not but what his her their will would be been i we my our which from there an at by on in'.split(
      ' ',
    ),
  ),
  es: new Set(
    'el la los las de del que y a en un una es por con para no se su sus al lo como mas pero le ya muy esta este son fue era voy vamos hay tiene donde cuando porque yo tu usted'.split(
      ' ',
    ),
  ),
  pt: new Set(
    'o a os as de do da dos das que e em um uma para com nao se na no nos nas por mais como mas foi ao ele ela eu voce vou isso esta sao tem muito quando'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le la les de des du et est un une que qui a dans pour pas ne sur au aux avec ce cette il elle je tu vous nous ont sont etait mais ou plus tout comme'.split(
      ' ',
    ),
  ),
  de: new Set(
    'der die das und ist nicht ein eine zu den dem des mit sich auf fur ich du er sie es wir ihr sind war auch noch wie aber wenn dass oder nur werde wird'.split(
      ' ',
    ),
  ),
  it: new Set(
    'il lo la gli le di del della che e a un una per non con sono mi ti si ho ha nel alla al come ma piu anche questo questa io tu lui lei noi voi loro cosa'.split(
      ' ',
    ),
  ),
  tr: new Set(
    've bir bu da de icin ile ne ben sen o biz siz onlar cok daha gibi ama var yok mi mu olarak kadar sonra seni beni'.split(
      ' ',
    ),
  ),
};

/** Each function word, with the languages that have it. */
const STOPWORD_LANGUAGES = new Map<string, string[]>();
for (const [language, set] of Object.entries(STOPWORDS))
  for (const word of set) STOPWORD_LANGUAGES.set(word, [...(STOPWORD_LANGUAGES.get(word) ?? []), language]);
/**
 * The same, found in a sentence where its words lie (string-index.ts), without cutting each word out: a sentence's
 * function words are counted for every Latin-script sentence of a book.
 */
const STOPWORD_INDEX = StringIndex.of([...STOPWORD_LANGUAGES.keys()]);
const STOPWORD_ENTRIES = [...STOPWORD_LANGUAGES.values()];

/** Whether a UTF-16 code unit is a letter a to z. */
const isLetter = (code: number) => code >= 97 && code <= 122;

/** Words that only French, or only Italian, elide before an apostrophe. */
const ELISIONS = new Map<string, string>([
  ...'j qu n jusqu lorsqu puisqu quoiqu'.split(' ').map((word) => [word, 'fr'] as [string, string]),
  ...'un dell nell all dall sull quell bell sant coll'.split(' ').map((word) => [word, 'it'] as [string, string]),
]);

/** Whether any function word of a language other than English occurs (a hint worth a detector's look). */
export function foreignStopword(folded: string): boolean {
  return someRun(folded, (start, end) => {
    const entry = STOPWORD_INDEX.find(folded, start, end - start);
    return entry >= 0 && !STOPWORD_ENTRIES[entry]!.includes('en');
  });
}

/** Calls `visit` with each run of letters a to z in `text` (its start and end) until it returns true; whether one did. */
function someRun(text: string, visit: (start: number, end: number) => boolean): boolean {
  for (let at = 0; at < text.length; ) {
    if (!isLetter(text.charCodeAt(at))) {
      at++;
      continue;
    }
    const start = at;
    while (at < text.length && isLetter(text.charCodeAt(at))) at++;
    if (visit(start, at)) return true;
  }
  return false;
}

/**
 * The Latin-script language a sentence's function words point to, when they point clearly (at least two hits and
 * twice the runner-up), or when they lean to the language of the sentence before (`previous` has more hits than any
 * other: texts rarely change language mid-paragraph); undefined when they do not, and a detector must decide.
 */
export function stopwordLanguage(folded: string, previous?: string): string | undefined {
  const counts = stopwordCounts(folded);
  let best: string | undefined;
  let first = 0;
  let second = 0;
  for (const [language, count] of counts) {
    if (count > first) {
      second = first;
      first = count;
      best = language;
    } else if (count > second) second = count;
  }
  if (first >= 2 && first >= 2 * second) return best;
  // The sentence before's language, when its function words lead here too (strictly: a tie is left to the detector).
  return previous !== undefined && best === previous && first > second ? previous : undefined;
}

/** The most function words a sentence holds of any one Latin-script language (romanized.ts weighs them). */
export function mostFunctionWords(folded: string): number {
  let most = 0;
  for (const count of stopwordCounts(folded).values()) most = Math.max(most, count);
  return most;
}

/**
 * The one language a sentence's function words point to, when they point to no other: "Je te tue" has one French word
 * and none of another language's. For a short text the detector cannot place (it reads "Je te tue" as Croatian).
 */
export function soleStopwordLanguage(folded: string): string | undefined {
  const counts = stopwordCounts(folded);
  return counts.size === 1 ? counts.keys().next().value : undefined;
}

/** How many of a sentence's words are function words of each language (an elision counts for its language). */
function stopwordCounts(folded: string): Map<string, number> {
  const counts = new Map<string, number>();
  // An elided word ("t'es", "j'vais", "dell'amico") is French or Italian: the elision counts for its language (when
  // only one elides so), and the word after the apostrophe is not read as a function word ("es" is not Spanish here).
  let afterElision = false;
  someRun(folded, (start, end) => {
    // The run with the apostrophe after it, when a letter follows, is an elision.
    const mark = folded.charCodeAt(end);
    const elided = (mark === 0x27 || mark === 0x2019) && isLetter(folded.charCodeAt(end + 1));
    if (!afterElision) {
      const entry = STOPWORD_INDEX.find(folded, start, end - start);
      if (entry >= 0)
        for (const language of STOPWORD_ENTRIES[entry]!) counts.set(language, (counts.get(language) ?? 0) + 1);
    }
    afterElision = elided;
    const language = elided ? ELISIONS.get(folded.slice(start, end)) : undefined;
    if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
    return false;
  });
  return counts;
}
