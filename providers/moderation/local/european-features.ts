/**
 * Features of a Spanish, French, German, Portuguese or Italian sentence, in the same shape as English ones
 * (features.ts): language-prefixed stems and stem pairs, the shared word classes, class pairs and composition.
 */
import { conceptLists } from './concepts.ts';
import { type CompositionProfile, isFunctionWord, sentenceFeatures } from './features.ts';
import { EUROPEAN_LANGUAGES, type EuropeanLanguage, europeanWords, foldAccents, stemEuropean } from './european.ts';
import { EUROPEAN_CLASSES } from './european-classes.ts';
import { conjugate, GERMAN_PARTICLES } from './european-inflection.ts';
import { personClasses } from './european-person.ts';
import { EUROPEAN_THREATS, THREAT_LEXICON } from './european-threats.ts';
import { EUROPEAN_VOCABULARY } from './european-vocabulary.ts';
import { addSurfaceClasses, INTENT_CLASSES } from './intent-classes.ts';

/** Verbs of carrying a weapon along ("llevo la pistola", "ich bringe das Messer mit"). */
const BRING: Record<EuropeanLanguage, string> = {
  es: 'llevar | llevo | traer | traigo | cargar',
  pt: 'levar | levo | trazer | trago',
  it: 'portare | porto | prendere',
  fr: 'apporter | amener | prendre | emmener',
  de: 'mitbringen | bringe | nehme | mitnehmen | dabei',
};

/** Object pronouns that name a person ("te", "dich", "lo"), before or after the verb. */
const PERSONS: Record<EuropeanLanguage, string> = {
  es: 'te | lo | la | le | los | las | les | os | ti | usted',
  pt: 'te | o | a | os | as | voce | lo | la | ele | ela',
  it: 'ti | lo | la | li | le | gli | vi | te',
  fr: 'te | le | la | les | vous | toi | lui',
  de: 'dich | dir | ihn | ihm | sie | euch | ihr',
};

/**
 * The third person's object pronouns, articles among them: "lo mato", "je le tue" announce harm only when the sentence
 * names a time to come ("mañana lo mato", "demain je le tue"); without one the present tells of what is done.
 */
const THIRD_CLITICS: Record<EuropeanLanguage, Set<string>> = {
  es: new Set(['lo', 'la', 'los', 'las']),
  it: new Set(['lo', 'la', 'li', 'le', 'l']),
  pt: new Set(['o', 'a', 'os', 'as', 'ele', 'ela', 'eles', 'elas']),
  fr: new Set(['le', 'la', 'les', 'l', 'lui', 'leur']),
  de: new Set(['ihn', 'ihm']),
};

/** Brazilian Portuguese's spoken object: "você" always, the third person when a time to come is named (THIRD_CLITICS). */
const BRAZILIAN_OBJECTS = new Set(['voce', 'vc']);

/**
 * Object pronouns before a verb in the present that are not also articles: "o incêndio" and "la casa" are a noun after
 * an article, "te mato" and "ti ammazzo" a threat.
 */
const PRESENT_CLITICS: Partial<Record<EuropeanLanguage, Set<string>>> = {
  es: new Set(['te', 'os', 'le', 'les']),
  // "t'ammazzo": "ti" elided before a vowel.
  it: new Set(['ti', 't', 'gli', 'vi']),
  pt: new Set(['te', 'lhe', 'lhes', 'vos']),
};

/** "je te …", "on vous …": the French speaker and the person a verb in the present is done to. */
const FRENCH_SUBJECTS = new Set(['je', 'j', 'on']);
const FRENCH_CLITICS = new Set(['te', 't', 'vous']);
/** "ich stech dich ab", "wir machen euch kalt": the German speaker, and the person after the verb. */
const GERMAN_SUBJECTS = new Set(['ich', 'wir']);
const GERMAN_OBJECTS = new Set(['dich', 'euch']);

/** Subject pronouns of the second and third person: the one a threat is said to or about. */
const SUBJECTS: Record<EuropeanLanguage, string> = {
  es: 'tu | usted | ustedes | vosotros | vos | el | ella | ellos | ellas',
  pt: 'tu | voce | voces | ele | ela | eles | elas',
  it: 'tu | lei | lui | voi | loro | egli | ella',
  fr: 'tu | vous | il | elle | ils | elles',
  de: 'du | ihr | er | sie',
};
/** Words that open a condition ("si no pagas …", "wenn du …"), or its other branch ("sonst", "senão"); one word each. */
const CONDITIONS: Record<EuropeanLanguage, string> = {
  es: 'si',
  pt: 'se | caso | senao',
  it: 'se | qualora | altrimenti | senno',
  fr: 'si | sinon | autrement',
  de: 'wenn | falls | sonst | ansonsten | andernfalls',
};
/** Words that say someone ought to: the shape of incitement ("alguien debería", "man sollte", "bisognerebbe"); one word each. */
const INCITEMENTS: Record<EuropeanLanguage, string> = {
  es: 'deberia | deberian | deberiamos | merece | merecen',
  pt: 'deveria | deveriam | deviamos | merece | merecem',
  it: 'dovrebbe | dovrebbero | dovremmo | merita | meritano | bisogna | bisognerebbe | andrebbe | andrebbero',
  fr: 'devrait | devraient | devrions | merite | meritent | faudrait',
  de: 'sollte | sollten | mussen | musste | verdient | verdienen | gehoren | gehort',
};
/** Auxiliaries of the passive: "fue apuñalado", "è stato ucciso", "foi morto", "a été tué", "wurde erstochen". */
const PASSIVES: Record<EuropeanLanguage, string> = {
  es: 'fue | fueron | sido | sera | seran | es | son | ser',
  pt: 'foi | foram | sido | sera | serao | sao | ser',
  it: 'stato | stata | stati | state | venne | vennero | viene | vengono | verra | essere',
  fr: 'ete | etre | sera | seront | fut | furent',
  de: 'wurde | wurden | worden | wird | werden | geworden',
};

/** Prepositions that name a contest after harm: "te mato al ajedrez", "ti distruggo a padel", "je te tue au Scrabble". */
const CONTESTS: Record<EuropeanLanguage, string> = {
  es: 'a | al | en',
  pt: 'no | na | em | ao',
  it: 'a | al | in | nel | alla',
  fr: 'a | au | aux | en',
  de: 'beim | im | in | bei',
};

/**
 * Harm verbs that sports talk and banter use for winning ("el domingo los vamos a destrozar", "samedi on va les
 * écraser"): announced to a person, they make no plain threat on their own (the model still weighs the sentence).
 */
const HYPERBOLE: Record<EuropeanLanguage, string> = {
  es: 'destrozar | aplastar | machacar | arrasar | barrer | golear | humillar | apalizar | masacrar | aniquilar',
  pt: 'destruir | esmagar | atropelar | amassar | arrasar | golear | humilhar | massacrar | aniquilar | trucidar',
  it: 'distruggere | schiacciare | asfaltare | stracciare | demolire | annientare | umiliare | massacrare | spazzare',
  fr: 'ecraser | demolir | atomiser | laminer | defoncer | eclater | humilier | massacrer | aneantir | pulveriser',
  de: 'zerlegen | vernichten | zerstoren | zerquetschen | abschlachten | demutigen | fertigmachen | plattmachen | wegfegen',
};

interface Table {
  single: Map<string, string[]>;
  /** Entries written `=form`: matched on the folded word itself, because their stem is also another word's. */
  exact: Map<string, string[]>;
  /** One-word entries by their folded word and its plural: the classes a word of STEM_GUARD may take. */
  surfaces: Map<string, string[]>;
  /** Entries of several words, by their first word and then their second (the first two decide most lookups). */
  phrases: Map<string, Map<string, { words: string[]; klass: string }[]>>;
  profile: CompositionProfile;
}

/** Classes of verbs whose regular conjugations are added to them (european-inflection.ts). */
const INFLECTED_CLASSES = new Set(['HARM', 'GORE_ACT', 'EXCLUDE']);
/** Shortest stem of a conjugated form that is added: shorter ones fold onto unrelated words. */
const MIN_INFLECTED_STEM = 4;

/** Adds a class to a word's entry in a table of words, once. */
function addClass(table: Map<string, string[]>, word: string, klass: string) {
  const classes = table.get(word) ?? [];
  if (!classes.includes(klass)) classes.push(klass);
  table.set(word, classes);
}

/**
 * Classes that excuse harm told near them (a game, a dish, a story, a clinic, a history, a report) and classes of harm.
 * An excusing entry whose stem is also the stem of another word's harm entry ("gol" and "gola", "but" and "buter",
 * "partido" and "partir", "roman" and "Roma") is matched as written and in its plural, not by its stem: else "ti taglio
 * la gola" reads as football talk and "je vais te buter" as a goal.
 */
const EXCUSING = new Set(
  `BANTER FOOD FICTION SAFETY MEDICAL HISTORY REPORT META K_SPORT K_GAME K_KITCHEN K_FILM K_PARTY K_NEWS_COURT
  K_HISTORY_WORDS K_SAFETY_ADVICE K_CLINIC K_HUNT_FISH K_PRANK_JOKE K_REMEMBRANCE K_COUNTER_SPEECH`.split(/\s+/),
);
const HARMFUL = new Set(
  `HARM GORE_PART GORE_ACT GORE_WORD WEAPON DEATH SEX SLUR DEHUMAN GROUP K_BLADE K_GUN K_BONE K_BREAK_BONES K_FLESH
  K_GENITALS K_SEX_ACT K_BEAT K_BLUNT K_DEVICE K_POISON`.split(/\s+/),
);

/**
 * Common words whose stem is also a listed word's, found by listing the words of the training texts that took a class
 * from a stem and not from an entry of their own: "pendant" (during) and "pendre" (hang), "contre" and "conte", Italian
 * "faccio" (I do) and "faccia" (face), "meno" and "menare", German "kommt" and "kommen" (come), "Haus" and "Haut",
 * Portuguese "sei" (I know) and "seio". They take only the classes of an entry written as they are (`surfaces`).
 * One-word entries of fewer than MIN_INFLECTED_STEM letters of stem, nouns most ("coño" and "con", "bara" and "bar"),
 * are matched as written too (verbs keep their stems: "mato", "mata" from "matar"). Accents are folded before any of
 * this, so "uñas" was "unas" and is no longer listed.
 */
const STEM_GUARD: Record<EuropeanLanguage, Set<string>> = {
  es: new Set(
    `con una unas uno unos mama pena seria serio sera cuenta cuentas parte partes libre clase saludo juro tenia ganas
    carro cuarto liquido moros morada tumbo corte cortes correr corre corriendo corro`.split(/\s+/),
  ),
  pt: new Set(
    `pela pelo pelas pelos sei seis fila conta contas contar seria serio tira tirar tiras paulo joga correr corre segunda
    segundo placa roda bora parte partes`.split(/\s+/),
  ),
  it: new Set(
    `faccio fa fai fanno meno bar bari soldi saluti salutare saluto giorno giorni venire veniamo venuto venuta vengo viene
    scopo lecce corsa ero colpa legno parte parti ragazza ragazzo mostra mostrare`.split(/\s+/),
  ),
  fr: new Set(
    `par pendant contre fois cote cotes cours cour court courant courir allez aller allee allees tomber tombe tombes joue
    partie parti pars part pare descend descendre`.split(/\s+/),
  ),
  de: new Set(
    `kommt kommen komm kommst komme drei halt halten haus hause vielleicht leicht kriegt kriegen kriegst kriege reicht
    reichen arm zeug erdgeschoss`.split(/\s+/),
  ),
};

/** The stems of the one-word entries of the harm classes, each with the folded words it comes from. */
function harmfulStems(lists: Record<string, string>, language: EuropeanLanguage): Map<string, Set<string>> {
  const stems = new Map<string, Set<string>>();
  for (const [klass, text] of Object.entries(lists)) {
    if (!HARMFUL.has(klass)) continue;
    for (const entry of split(text)) {
      const words = exactForms(entry) ? [] : wordsOf(entry, language);
      if (words.length !== 1) continue;
      const stem = stemEuropean(words[0]!, language);
      stems.set(stem, (stems.get(stem) ?? new Set<string>()).add(words[0]!));
    }
  }
  return stems;
}

/** A folded word with its regular plural, or singular if it is one ("partido", "partidos"; "seios", "seio"). */
function pluralForms(word: string, language: EuropeanLanguage): string[] {
  if (language === 'it') return [word, word.replace(/[oe]$/, 'i').replace(/a$/, 'e'), word.replace(/i$/, 'o')];
  if (language === 'de') return [word, `${word}e`, `${word}en`, `${word}s`, word.replace(/(?:e|en|s)$/, '')];
  const forms = [word, /[aeiou]$/.test(word) ? `${word}s` : `${word}es`];
  if (word.endsWith('s')) forms.push(word.slice(0, -1));
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  return forms;
}

/** The stems of a verb's regular forms (european-inflection.ts), those long enough not to fold onto other words. */
const conjugatedStems = (verb: string, language: EuropeanLanguage) =>
  conjugate(foldAccents(verb), language)
    .map((form) => stemEuropean(form, language))
    .filter((form) => form.length >= MIN_INFLECTED_STEM);

/** The words of a class entry written `=form, form` (matched as they are, unstemmed); undefined for other entries. */
export const exactForms = (entry: string): string[] | undefined =>
  entry.startsWith('=')
    ? entry
        .slice(1)
        .split(',')
        .map((form) => form.trim())
        .filter(Boolean)
    : undefined;

const split = (text: string) =>
  text
    .trim()
    .split(/\s*\|\s*/)
    .filter(Boolean);
/** A list entry's words, folded and split as a sentence's are. */
const wordsOf = (text: string, language: EuropeanLanguage) => europeanWords(foldAccents(text), language);
const stemsOf = (text: string, language: EuropeanLanguage) =>
  wordsOf(text, language).map((word) => stemEuropean(word, language));

const TABLES = Object.fromEntries(
  EUROPEAN_LANGUAGES.map((language) => {
    const single = new Map<string, string[]>();
    const exact = new Map<string, string[]>();
    const surfaces = new Map<string, string[]>();
    const phrases = new Map<string, Map<string, { words: string[]; klass: string }[]>>();
    const lists: Record<string, string> = { ...EUROPEAN_CLASSES[language], BRING: BRING[language] };
    for (const extra of [
      INTENT_CLASSES[language],
      EUROPEAN_VOCABULARY[language],
      EUROPEAN_THREATS[language],
      THREAT_LEXICON[language] ?? {},
      conceptLists(language),
    ])
      for (const [klass, text] of Object.entries(extra))
        lists[klass] = lists[klass] ? `${lists[klass]} | ${text}` : text;
    const harmful = harmfulStems(lists, language);
    for (const [klass, text] of Object.entries(lists)) {
      for (const entry of split(text)) {
        const forms = exactForms(entry);
        if (forms) {
          for (const form of forms) addClass(exact, foldAccents(form), klass);
          continue;
        }
        // Class entries are matched on folded, unstemmed words as well as stems, so short words keep their class.
        const folded = wordsOf(entry, language);
        if (folded.length === 0) continue;
        const words = folded.map((word) => stemEuropean(word, language));
        const word = folded[0]!;
        const plurals = folded.length === 1 ? pluralForms(word, language) : [];
        for (const form of plurals) addClass(surfaces, form, klass);
        const harms = words.length === 1 && EXCUSING.has(klass) ? harmful.get(words[0]!) : undefined;
        if (
          (harms && [...harms].some((harm) => harm !== word)) ||
          (words.length === 1 && !INFLECTED_CLASSES.has(klass) && words[0]!.length < MIN_INFLECTED_STEM)
        ) {
          // Not a form that is itself a harm word ("wilde" is no game), unless the entry is ("partido": broken, a match).
          for (const form of plurals) if (form === word || !harms?.has(form)) addClass(exact, form, klass);
          continue;
        }
        if (words.length === 1) {
          addClass(single, words[0]!, klass);
          if (INFLECTED_CLASSES.has(klass))
            for (const form of conjugatedStems(entry, language)) addClass(single, form, klass);
        } else {
          const second = phrases.get(words[0]!) ?? new Map<string, { words: string[]; klass: string }[]>();
          phrases.set(words[0]!, second);
          const list = second.get(words[1]!) ?? [];
          list.push({ words, klass });
          second.set(words[1]!, list);
        }
      }
    }
    const persons = new Set(split(PERSONS[language]).map((word) => stemEuropean(word, language)));
    // One-word entries only: composition reads a word at a time (the phrases are for the classes' own lists).
    const stemmed = (text: string) =>
      new Set(
        split(text)
          .map((entry) => stemsOf(entry, language))
          .filter((words) => words.length === 1)
          .map((words) => words[0]!),
      );
    const profile: CompositionProfile = {
      persons,
      subjects: stemmed(SUBJECTS[language]),
      conditions: stemmed(CONDITIONS[language]),
      incitements: stemmed(INCITEMENTS[language]),
      passives: stemmed(PASSIVES[language]),
      contests: stemmed(CONTESTS[language]),
      hyperbole: new Set(
        split(HYPERBOLE[language]).flatMap((verb) => [
          stemEuropean(verb, language),
          ...conjugatedStems(verb, language),
        ]),
      ),
    };
    return [language, { single, exact, surfaces, phrases, profile }];
  }),
) as Record<EuropeanLanguage, Table>;

/**
 * Stems that end German compounds as nouns but are verbs of the classes alone: a "Leuchtturmwärter" keeps a lighthouse
 * ("wärter", not "warten", to wait), a "Bioladen" is a shop (not "laden", to load). A compound's head is a noun.
 */
const NOT_HEADS = new Set(['wart', 'lad']);

/** Shortest part of a German compound that is looked up on its own ("Gift" in "Rattengift"). */
const MIN_COMPOUND_PART = 4;
const NO_CLASSES: string[] = [];

/**
 * German writes its compounds as one word ("Rattengift", "Augenhöhlen", "Gruppensex"): a word with no class of its own
 * takes the classes of its longest known head (the last part, which names what it is), else of its longest known first
 * part ("Hautfetzen", "Körperteile"). Only a noun, which German capitalises, is read by its first part: an adjective or a
 * participle that starts with a known word is another word ("herzlich" is no heart, "gesichert" no face).
 */
function compoundClasses(
  word: string,
  language: EuropeanLanguage,
  table: Table,
  isNoun: (surface: string) => boolean,
  surface: string,
): readonly string[] {
  if (language !== 'de' || word.length < MIN_COMPOUND_PART * 2) return NO_CLASSES;
  for (let cut = 1; cut <= word.length - MIN_COMPOUND_PART; cut++) {
    if (NOT_HEADS.has(word.slice(cut))) continue;
    const head = table.single.get(stemEuropean(word.slice(cut), language)) ?? table.single.get(word.slice(cut));
    if (head) return head;
  }
  if (!isNoun(surface)) return NO_CLASSES;
  for (let cut = word.length - 1; cut >= MIN_COMPOUND_PART; cut--) {
    const first = table.single.get(word.slice(0, cut));
    if (first) return first;
  }
  return NO_CLASSES;
}

/**
 * Singular object pronouns written onto an imperative, longest first ("ammazzalo", "quémala" typed "quemala"). Not
 * the plural ones: "humanos" and "policiales" end like "nos" and "les".
 */
const ENCLITICS: Partial<Record<EuropeanLanguage, string[]>> = {
  it: 'glielo gliela gli lo la mi ti'.split(' '),
  es: 'selo sela lo la le me te'.split(' '),
};

/**
 * Splits the pronoun off an imperative of harm ("ammazzalo" is "ammazza" + "lo", "accoltellalo" "accoltella" + "lo"),
 * only when the word is no known word itself, starts no listed phrase ("tápale la boca"), and what is left is a harm
 * verb of the classes: "regalo" and "cavallo" stay whole.
 */
function imperativeClitics(words: string[], language: EuropeanLanguage, table: Table): string[] {
  const pronouns = ENCLITICS[language];
  if (!pronouns) return words;
  let out: string[] | undefined;
  words.forEach((word, index) => {
    const head = imperativeHead(word, language, pronouns, table);
    if (head === undefined && out === undefined) return;
    out ??= words.slice(0, index);
    if (head === undefined) out.push(word);
    else out.push(head, word.slice(head.length));
  });
  return out ?? words;
}

/** The imperative a word is made of before its pronoun, when it is one (see imperativeClitics). */
function imperativeHead(word: string, language: EuropeanLanguage, pronouns: string[], table: Table) {
  if (word.length < 6) return undefined;
  const whole = stemEuropean(word, language);
  if (table.single.has(whole) || table.phrases.has(whole)) return undefined;
  const pronoun = pronouns.find((candidate) => word.endsWith(candidate) && word.length - candidate.length >= 4);
  if (!pronoun) return undefined;
  const head = word.slice(0, -pronoun.length);
  return /[aei]$/.test(head) && table.single.get(stemEuropean(head, language))?.includes('HARM') ? head : undefined;
}

const NO_PHRASES: readonly { words: string[]; klass: string }[] = [];

export interface EuropeanSentence {
  stems: string[];
  classes: Map<string, number>;
  features: string[];
}

/**
 * A sentence's stems, classes and features. `wanted` says, from the classes, whether the word features are needed: a
 * long text's sentence with no risky class and no risky sentence before it is never read by a window (windows.ts), so
 * its features would be built for nothing (most of a book's sentences). `folded` is the sentence's foldAccents, when
 * the caller has it already.
 */
export function europeanSentence(
  original: string,
  language: EuropeanLanguage,
  wanted: (classes: ReadonlyMap<string, number>) => boolean = () => true,
  folded = foldAccents(original),
): EuropeanSentence {
  const table = TABLES[language];
  const words = imperativeClitics(europeanWords(folded, language), language, table);
  const stems = words.map((word) => stemEuropean(word, language));
  // German capitalises its nouns: the capitalised words, gathered the first time a compound needs them.
  let nouns: Set<string> | undefined;
  const isNoun = (word: string) => {
    nouns ??= new Set((original.match(/\p{Lu}\p{L}*/gu) ?? []).map((found) => foldAccents(found)));
    return nouns.has(word);
  };
  // A word's classes: its entry's own list (a table's, never changed) until something is added, then a copy (most
  // words take nothing more, and were copied all the same).
  const at: (readonly string[])[] = [];
  const add = (index: number, added: readonly string[]) => {
    for (const klass of added) if (!at[index]!.includes(klass)) at[index] = [...at[index]!, klass];
  };
  for (let index = 0; index < stems.length; index++) {
    const word = stems[index]!;
    const surface = words[index]!;
    at.push(
      STEM_GUARD[language].has(surface)
        ? (table.surfaces.get(surface) ?? NO_CLASSES)
        : (table.single.get(word) ?? compoundClasses(word, language, table, isNoun, surface)),
    );
    add(index, table.exact.get(surface) ?? NO_CLASSES);
    const next = stems[index + 1];
    for (const phrase of (next !== undefined && table.phrases.get(word)?.get(next)) || NO_PHRASES) {
      let matches = true;
      for (let offset = 2; offset < phrase.words.length && matches; offset++)
        matches = stems[index + offset] === phrase.words[offset];
      if (matches) add(index, [phrase.klass]);
    }
  }
  // The person a verb's ending says (european-person.ts): pro-drop languages name no "you" or "I will".
  const persons = personClasses(original, words, language);
  for (let index = 0; index < at.length; index++) add(index, persons[index] ?? NO_CLASSES);
  // German separable verbs: a particle closing the clause ("ich stech dich ab", "wir bringen ihn um") gives the verb
  // before it the classes of the whole verb ("abstechen", "umbringen").
  if (language === 'de')
    for (let index = 1; index < stems.length; index++) {
      const particle = stems[index]!;
      if (!GERMAN_PARTICLES.has(particle)) continue;
      // The verb stands second in a main clause, so the first word that makes a whole verb with the particle is it.
      for (let back = Math.max(0, index - 8); back < index; back++) {
        const whole = table.single.get(particle + stems[back]!);
        if (!whole) continue;
        add(back, whole);
        break;
      }
    }
  const classes = new Map<string, number>();
  for (const list of at) for (const klass of list) classes.set(klass, (classes.get(klass) ?? 0) + 1);
  addSurfaceClasses(classes, original, folded);
  if (!wanted(classes)) return { stems, classes, features: [] };
  const features = sentenceFeatures(stems, at, classes, {
    prefix: `${language}/`,
    profile: table.profile,
    functionWords: words.map((word) => isFunctionWord(word, language)),
  });
  // Spanish, Italian and Portuguese announce harm in the present: "te mato", "ti ammazzo", "le parto las piernas";
  // French and German too, with their subject: "je te tue", "on te crève", "ich stech dich ab", "wir schlagen euch tot".
  // A word's classes (`at`) hold those of its stem already.
  // A verb of winning counts when a body part follows: "je vous défonce le crâne" is no sports talk.
  const harmAt = (index: number) =>
    at[index]?.includes('HARM') === true &&
    (!table.profile.hyperbole?.has(stems[index]!) ||
      [index + 1, index + 2, index + 3].some((after) => at[after]?.includes('GORE_PART') === true));
  let announced = false;
  // A time to come ("mañana", "stasera", "demain", "morgen") makes the present an announcement to a third person too.
  const later = classes.has('FUTURE');
  const third = THIRD_CLITICS[language];
  const clitic = (word: string | undefined, present: Set<string>) =>
    word !== undefined && (present.has(word) || (later && third.has(word)));
  for (let index = 0; index < words.length && !announced; index++) {
    const word = words[index]!;
    if (language === 'es' || language === 'it' || language === 'pt')
      announced =
        /o$/.test(word) &&
        // The first person singular; an Italian plural ("sequestrano", "prendono", "andiamo") ends in "o" too.
        (language !== 'it' || !/(?:ano|ono|iamo|ero)$/.test(word)) &&
        (clitic(words[index - 1], PRESENT_CLITICS[language]!) ||
          // European Portuguese writes the pronoun after the verb: "mato-te", "parto-te a cara".
          (language === 'pt' && clitic(words[index + 1], PRESENT_CLITICS.pt!)) ||
          // Brazilian Portuguese puts the person after the verb in full: "eu mato você", "amanhã eu pego ele".
          (language === 'pt' && clitic(words[index + 1], BRAZILIAN_OBJECTS))) &&
        harmAt(index);
    else if (language === 'fr')
      announced =
        FRENCH_SUBJECTS.has(words[index - 2] ?? '') && clitic(words[index - 1], FRENCH_CLITICS) && harmAt(index);
    else {
      // The subject before the verb ("ich stech dich ab"), or after it when the clause opens on something else: the
      // verb stands second ("dann bring ich dich um", "morgen stech ich dich ab").
      const inverted = GERMAN_SUBJECTS.has(words[index + 1] ?? '');
      const object = inverted ? index + 1 : index;
      announced =
        (inverted || GERMAN_SUBJECTS.has(words[index - 1]!)) &&
        [object + 1, object + 2].some((after) => clitic(words[after], GERMAN_OBJECTS)) &&
        [index, object + 1, object + 2].some((verb) => verb < words.length && harmAt(verb));
    }
  }
  if (announced) features.push('s:announce_harm_person');
  return { stems, classes, features };
}
