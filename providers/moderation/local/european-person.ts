/**
 * Who speaks to whom, read from the verb. English says "you" and "I will" in words of their own; Spanish, Italian and
 * Portuguese drop the subject pronoun and French and German often write the future in one word, so a threat or a plan
 * told to someone ("esperas detrás de la caseta", "pagherai", "tu verras", "entriamo dal retro") has no YOU or I_WILL
 * word. These rules give the verb those classes from its endings: the future of the first person ("mataré",
 * "brucerò", "brûlerai", "queimarei", and the plural), the future of the second ("matarás", "farai", "paieras"), the
 * Italian first person plural ("aspettiamo", which also says "let's"), the voseo and the accented imperative with its
 * pronoun ("sabés", "espérala"), and the second person of the commonest verbs. Endings are read on the accented word
 * where the accent tells a verb from a noun ("-rò" against "zero").
 */
import { type EuropeanLanguage, foldAccents } from './european.ts';

/** Words that end like a verb form and are not one. */
const NOT_VERBS = new Set(
  `ademas jamas detras atras quizas demas despues ingles frances traves interes estres japones portugues holandes escoces
  cortes reves cipres marques burgues ines andres tomas nicolas lucas matias jonas vrai mai bras gras embarras arras
  tiras enfin ancora allora ora sera vero zero nero intero impero pensiero straniero carnevale madre padre sempre
  ieri mare more amore tesoro lavoro futuro muro oro coro euro primeiro dinheiro janeiro fevereiro quero environs
  marrons citrons patrons estremo supremo pure pais paris mamas papas sofas`.split(/\s+/),
);

/** A verb ending (on the accented word) and the class it gives, for words with at least `stem` letters before it. */
type Rule = { suffixes: string[]; stem: number; klass: 'YOU' | 'I_WILL' };

/** Endings are compared with endsWith, not regular expressions: this runs on every word of a book. */
const RULES: Record<EuropeanLanguage, Rule[]> = {
  es: [
    // The future of the first person ("mataré", "pondré", "haré", "sabré", "pondremos") and of the second ("matarás",
    // "mataréis"); not a preterite whose stem ends in "r" ("compré", "entré", "encontré").
    {
      suffixes: ['aré', 'eré', 'iré', 'dré', 'bré', 'querré', 'aremos', 'eremos', 'iremos', 'dremos'],
      stem: 1,
      klass: 'I_WILL',
    },
    // The accented second person: the future, and the voseo present ("sabés", "tenés", "estás").
    { suffixes: ['ás', 'és', 'ís', 'aréis', 'eréis', 'iréis'], stem: 2, klass: 'YOU' },
  ],
  pt: [
    // Not a preterite whose stem ends in "r" ("comprei", "entrei", "encontrei").
    { suffixes: ['arei', 'erei', 'irei', 'aremos', 'eremos', 'iremos'], stem: 1, klass: 'I_WILL' },
    { suffixes: ['rás'], stem: 2, klass: 'YOU' },
  ],
  it: [
    { suffixes: ['rò', 'remo'], stem: 2, klass: 'I_WILL' },
    { suffixes: ['iamo'], stem: 3, klass: 'I_WILL' },
    { suffixes: ['rai', 'rete'], stem: 2, klass: 'YOU' },
  ],
  fr: [
    { suffixes: ['rai', 'rons'], stem: 2, klass: 'I_WILL' },
    { suffixes: ['ras', 'rez'], stem: 2, klass: 'YOU' },
  ],
  de: [],
};

/** Spanish object pronouns written onto an imperative, which then carries an accent ("espérala", "agárralo"). */
const SPANISH_ENCLITICS = ['lo', 'la', 'los', 'las', 'le', 'les', 'me', 'nos', 'selo', 'sela'];
const ACCENTED_VOWEL = /[áéíóú]/;

/** The second person of the commonest verbs (present and imperative), folded. */
const SECOND_PERSON: Record<EuropeanLanguage, Set<string>> = {
  es: new Set(
    `tienes sabes puedes vives sales llegas vas estas eres haces quieres debes dices vienes ves entras esperas sigues coges
    pones llevas tomas vuelves miras buscas encuentras conoces recuerdas acuerdate fijate mira escucha oye ven vete sal
    haz pon ten espera sigue coge agarra toma lleva entra busca usa compra consigue elige deja llama`.split(/\s+/),
  ),
  pt: new Set(
    `tens sabes podes vives sais chegas vais estas es fazes queres deves dizes vens ves entras esperas segues pegas pões
    poes levas tomas voltas olhas procuras conheces lembras olha escuta ouve vem vai sai faz poe espera segue pega leva
    entra procura usa compra arranja escolhe deixa chama`.split(/\s+/),
  ),
  it: new Set(
    `hai sai puoi vivi esci arrivi vai stai sei fai vuoi devi dici vieni vedi entri aspetti segui prendi metti porti torni
    guardi cerchi trovi conosci ricordi ricordati guarda ascolta senti vieni vai esci fai metti tieni aspetta segui prendi
    porta entra cerca usa compra procurati scegli lascia chiama`.split(/\s+/),
  ),
  fr: new Set(
    `tu vous prends mets attends suis entres sors arrives viens vas fais sais peux veux dois regarde ecoute viens va sors
    fais mets prends attends suis entre cherche utilise achete choisis laisse appelle prenez mettez attendez suivez entrez
    sortez venez allez faites savez pouvez voulez devez regardez ecoutez cherchez utilisez achetez choisissez laissez
    appelez`.split(/\s+/),
  ),
  de: new Set(
    `du dich dir dein deine deinen deinem deiner ihr euch euer eure hast bist kannst willst musst sollst weisst gehst kommst
    nimmst wartest folgst siehst machst bringst triffst fahrst stehst wohnst arbeitest`.split(/\s+/),
  ),
};

/**
 * The person classes of the words of a sentence, by position: `original` is the sentence as written, `words` its folded
 * tokens (european.ts), each of which is a run of letters and digits of the folded sentence or a part of one (a pronoun
 * split off a verb, which then shares the verb's classes).
 */
export function personClasses(original: string, words: string[], language: EuropeanLanguage): string[][] {
  const rules = RULES[language];
  const second = SECOND_PERSON[language];
  // German has no verb ending among the rules, and a plain-ASCII sentence's words are spelled as they are folded.
  // eslint-disable-next-line no-control-regex
  if (rules.length === 0 || /^[\u0000-\u007f]*$/.test(original))
    return words.map((word) => classesOf(word, word, language, rules, second));
  // Each folded run of letters and digits, with the accented word it comes from.
  const runs: { folded: string; spelled: string }[] = [];
  for (const spelled of original
    .toLowerCase()
    .normalize('NFC')
    .split(/[^\p{L}\p{N}]+/u))
    if (PLAIN_WORD.test(spelled)) runs.push({ folded: spelled, spelled });
    else for (const folded of foldAccents(spelled).match(/[a-z0-9]+/g) ?? []) runs.push({ folded, spelled });
  const out: string[][] = [];
  let run = 0;
  let rest = runs[0]?.folded ?? '';
  for (const word of words) {
    const current = runs[run];
    if (!current || !rest.startsWith(word)) {
      out.push(NO_CLASSES);
      continue;
    }
    out.push(classesOf(current.spelled, current.folded, language, rules, second));
    rest = rest.slice(word.length);
    if (!rest) rest = runs[++run]?.folded ?? '';
  }
  return out;
}

/** A word (lower-cased) that folding leaves as it is: most words of most sentences, even those with an accent. */
const PLAIN_WORD = /^[a-z0-9]+$/;

function classesOf(
  spelled: string,
  folded: string,
  language: EuropeanLanguage,
  rules: Rule[],
  second: Set<string>,
): string[] {
  if (NOT_VERBS.has(folded)) return NO_CLASSES;
  let classes = NO_CLASSES;
  const add = (klass: string) => {
    if (classes === NO_CLASSES) classes = [];
    if (!classes.includes(klass)) classes.push(klass);
  };
  if (second.has(folded)) add('YOU');
  for (const rule of rules)
    for (const suffix of rule.suffixes)
      if (spelled.length >= suffix.length + rule.stem && spelled.endsWith(suffix)) {
        add(rule.klass);
        break;
      }
  // The imperative with its pronoun written on: a vowel of the verb's ending before the pronoun, an accent before it.
  if (language === 'es' && ACCENTED_VOWEL.test(spelled))
    for (const pronoun of SPANISH_ENCLITICS)
      if (
        spelled.length >= pronoun.length + 2 &&
        spelled.endsWith(pronoun) &&
        'aei'.includes(spelled.at(-pronoun.length - 1)!)
      ) {
        add('YOU');
        break;
      }
  return classes;
}
const NO_CLASSES: string[] = [];
