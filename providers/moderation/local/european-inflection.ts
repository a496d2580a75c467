/**
 * The regular conjugations of a verb in Spanish, Portuguese, Italian, French and German, so a class that lists a verb
 * once ("matar", "bruciare", "tuer", "erstechen") also knows the forms the light stemmer does not fold onto it: the
 * first person plural of a threat ("bruciamo", "matamos", "tuerons"), the future ("ucciderò", "matarei"), the past of
 * narration and the participle. Irregular stems (Spanish "reviento", German "erstach") are listed in the classes
 * themselves. Folded text only (no accents): "ucciderò" is "uccidero".
 */
import type { EuropeanLanguage } from './european.ts';

const ENDINGS: Record<EuropeanLanguage, Record<string, string[]>> = {
  es: {
    ar: `o as a amos ais an e es emos eis en are aras ara aremos areis aran aria arias ariamos arian aste aron aba abas abamos aban
      ando ado ada ados adas ad`.split(/\s+/),
    er: `o es e emos eis en a as amos an ere eras era eremos eran eria i io iste ieron ia ias iamos ian iendo ido ida idos idas
      ed`.split(/\s+/),
    ir: `o es e imos is en a as amos an ire iras ira iremos iran iria i io iste ieron ia ias iamos ian iendo ido ida idos idas
      id`.split(/\s+/),
  },
  pt: {
    ar: `o as a amos am ei ou aram arei aras ara aremos arao aria ava avas avamos avam ando ado ada ados adas e es emos em
      aste`.split(/\s+/),
    er: `o es e emos em i eu eram erei eras era eremos erao eria ia iam endo ido ida idos idas a as amos am este`.split(
      /\s+/,
    ),
    ir: `o es e imos em i iu iram irei iras ira iremos irao iria ia iam indo ido ida idos idas a as amos am iste`.split(
      /\s+/,
    ),
  },
  it: {
    are: `o i a iamo ate ano ero erai era eremo erete eranno erei erebbe avo avi ava avamo avano ai o ammo arono ato ata ati
      ate ando ino`.split(/\s+/),
    ere: `o i e iamo ete ono ero erai era eremo eranno erei erebbe evo eva evano ei ette uto uta uti endo a ano`.split(
      /\s+/,
    ),
    ire: `o i e iamo ite ono iro irai ira iremo iranno ivo iva ivano ii i ito ita iti endo a ano isco isci isce iscono
      isca`.split(/\s+/),
  },
  fr: {
    er: `e es ent ons ez erai eras era erons erez eront erais erait eraient ais ait aient ions iez ai as a erent ee es ees
      ant`.split(/\s+/),
    ir: `is it issons issez issent irai iras ira irons irez iront issais issait issaient i ie ies issant`.split(/\s+/),
    re: `s ons ez ent rai ras ra rons rez ront ais ait aient u ue us ues ant`.split(/\s+/),
  },
  de: {
    en: `e st t et te test ten tet`.split(/\s+/),
  },
};

/** German verbs whose first part comes off in a main clause ("ich stech dich ab", "wir bringen ihn um"). */
export const GERMAN_PARTICLES = new Set(
  'ab an auf aus durch ein fertig kalt nieder tot um weg zusammen kaputt platt'.split(' '),
);

/** Italian -care/-gare keep their hard sound before e and i ("attaccherò", "impicchi"). */
function italianStem(stem: string, ending: string): string {
  if (/[cg]$/.test(stem) && /^[ei]/.test(ending)) return `${stem}h`;
  // -ciare, -giare, -iare drop their i before an ending that starts with one ("bruci", "bruciamo").
  if (/i$/.test(stem) && /^[ie]/.test(ending) && stem.length > 3) return stem.slice(0, -1);
  return stem;
}

/** The regular forms of a (folded) infinitive, the infinitive itself left out; none for a word that is not one. */
export function conjugate(word: string, language: EuropeanLanguage): string[] {
  const table = ENDINGS[language];
  if (language === 'de') {
    // A separable verb puts "ge" after its particle in the participle ("umgebracht" aside, "abgefackelt"); its split
    // forms ("fackelt … ab") are joined in the sentence (european-features.ts), as "bringe" alone is no harm.
    if (!word.endsWith('en') || word.length < 6) return [];
    const stem = word.slice(0, -2);
    const forms = table.en!.map((ending) => stem + ending);
    const particle = [...GERMAN_PARTICLES].find((part) => stem.startsWith(part) && stem.length - part.length >= 3);
    if (particle) forms.push(`${particle}ge${stem.slice(particle.length)}t`);
    else if (!/^(?:be|ge|er|ver|zer|ent|emp|miss)/.test(stem)) forms.push(`ge${stem}t`);
    return forms;
  }
  for (const [infinitive, endings] of Object.entries(table)) {
    if (!word.endsWith(infinitive) || word.length - infinitive.length < 3) continue;
    const stem = word.slice(0, -infinitive.length);
    return endings.map((ending) => (language === 'it' ? italianStem(stem, ending) : stem) + ending);
  }
  return [];
}
