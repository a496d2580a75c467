import { describe, expect, test } from 'bun:test';
import conceptFile from '../providers/moderation/local/concepts.json' with { type: 'json' };
import { classify } from '../providers/moderation/local/classifier.ts';
import { conceptClass, type ModelLanguage } from '../providers/moderation/local/concepts.ts';
import type { EuropeanLanguage } from '../providers/moderation/local/european.ts';
import { europeanSentence, exactForms } from '../providers/moderation/local/european-features.ts';
import { classesOf, normalize, sentenceFeatures, tokens } from '../providers/moderation/local/features.ts';
import { defaultModel, Model } from '../providers/moderation/local/model.ts';
import { MODERATION_CATEGORIES } from '../providers/spec/v1/moderation.ts';
import { analyse } from '../providers/moderation/local/windows.ts';

// The concepts shared by the model's six languages (concepts.ts): every entry must reach its class where the moderator
// reads it, in a sentence of its language, and one concept must be one feature whatever the language.
const concepts = conceptFile as Record<ModelLanguage, Record<string, string[]>>;
const LANGUAGES: ModelLanguage[] = ['en', 'es', 'fr', 'de', 'pt', 'it'];
/** Ordinary words around an entry, so a phrase is matched inside a sentence, not only as the whole of one. */
const FRAMES: Record<ModelLanguage, [string, string]> = {
  en: ['Yesterday Sam said', 'again near the station.'],
  es: ['Ayer Carmen dijo', 'otra vez cerca de la estación.'],
  fr: ['Hier Julien a dit', 'encore près de la gare.'],
  de: ['Gestern hat Jonas gesagt', 'wieder beim Bahnhof.'],
  pt: ['Ontem a Joana disse', 'outra vez perto da estação.'],
  it: ['Ieri Giulia ha detto', 'di nuovo vicino alla stazione.'],
};

function classes(text: string, language: ModelLanguage): Map<string, number> {
  return language === 'en' ? classesOf(tokens(normalize(text))) : europeanSentence(text, language).classes;
}

function features(text: string, language: ModelLanguage): string[] {
  return language === 'en' ? sentenceFeatures(tokens(normalize(text))) : europeanSentence(text, language).features;
}

describe('concepts shared by the six languages', () => {
  test("a word whose stem is also a class word's stem keeps its own meaning", () => {
    // Each pair: a class word, written `=form` in its list or matched as written by rule, and an everyday word that
    // stems the same.
    const pairs: [EuropeanLanguage, string, string, string][] = [
      ['de', 'Die Leber war vergrößert.', 'Wir leben in Köln.', 'K_ORGANS'],
      ['de', 'Er hatte ein Messer dabei.', 'Wir messen die Temperatur.', 'WEAPON'],
      ['it', 'Gli ha dato del ritardato.', 'Il treno è in ritardo.', 'SLUR'],
      ['it', 'Gli ha tagliato la vena.', 'Domani devo venire presto.', 'GORE_PART'],
      ['es', 'Lanzó una granada.', 'Fue un gran día.', 'WEAPON'],
      ['es', 'Le gritó tortillera.', 'Hice una tortilla de patatas.', 'SLUR'],
      ['pt', 'Cortou a veia.', 'Ele veio ontem.', 'GORE_PART'],
      ['es', 'Son como pulgas.', 'Se cortó el pulgar.', 'DEHUMAN'],
      ['it', 'Gli ha dato un calcio nelle palle.', 'Passami la palla.', 'K_GENITALS'],
      ['fr', 'Il a traité les beurs de voleurs.', 'Ajoutez le beurre fondu.', 'GROUP'],
      ['fr', 'Le cadavre va pourrir.', 'Il pourra venir demain.', 'GORE_ACT'],
      // A game, a dish or a story word whose stem is a harm word's is matched as written (european-features.ts).
      ['it', 'Abbiamo segnato un gol.', 'Ti taglio la gola mentre dormi.', 'BANTER'],
      ['es', 'Ganamos el partido.', 'Mañana te parto la cara.', 'BANTER'],
      ['fr', 'Ils ont perdu la partie.', 'Je vais te buter.', 'BANTER'],
      ['it', 'Ho scritto il testo della canzone.', 'Ti spacco la testa.', 'BANTER'],
      ['de', 'Ich lese einen Roman.', 'Die Roma sollen verschwinden.', 'FICTION'],
      ['fr', "L'armée a reculé en 1940.", 'Il a une arme.', 'HISTORY'],
      // Short stems and common words: "coño" and "con", "bara" and "bar", "faccia" and "faccio", "seio" and "sei",
      // "pele" and "pela", "pendre" and "pendant", "Haut" and "Haus".
      ['es', 'Le tocó el coño.', 'Vino con su amiga.', 'SEX'],
      ['it', 'La bara era già chiusa.', 'Ci vediamo al bar.', 'DEATH'],
      ['it', 'Gli spacco la faccia.', 'Lo faccio domani.', 'GORE_PART'],
      ['pt', 'Tocou no seio dela.', 'Eu sei onde fica.', 'SEX'],
      ['pt', 'Cortou a pele dele.', 'Passei pela praça.', 'GORE_PART'],
      ['fr', 'Ils vont le pendre.', 'Pendant la guerre, il pleuvait.', 'HARM'],
      ['de', 'Die Haut war verbrannt.', 'Wir sind zu Haus.', 'GORE_PART'],
      // A ligature is folded to its letters: "œil" was read as "il".
      ['fr', "Il a reçu un coup dans l'œil.", 'Il est parti hier.', 'K_EYES_TEETH'],
    ];
    for (const [language, word, friend, klass] of pairs) {
      expect({ word, has: europeanSentence(word, language).classes.has(klass) }).toEqual({ word, has: true });
      expect({ friend, has: europeanSentence(friend, language).classes.has(klass) }).toEqual({ friend, has: false });
    }
  });

  test('a German noun is read by its first part, an adjective or participle is not', () => {
    expect(europeanSentence('Überall lagen Hautfetzen.', 'de').classes.has('K_FLESH')).toBe(true);
    expect(europeanSentence('Sie hat Rattengift gekauft.', 'de').classes.has('K_POISON')).toBe(true);
    for (const text of ['Wir senden euch herzliche Grüße.', 'Die Tür ist gesichert.'])
      expect({ text, has: europeanSentence(text, 'de').classes.has('GORE_PART') }).toEqual({ text, has: false });
  });

  test('every language lists every concept, with several entries each', () => {
    const names = Object.keys(concepts.en).sort();
    expect(names.length).toBeGreaterThan(80);
    for (const language of LANGUAGES) {
      expect(Object.keys(concepts[language]).sort()).toEqual(names);
      for (const name of names) expect(concepts[language][name]!.length).toBeGreaterThanOrEqual(5);
    }
  });

  test('every entry gives its concept class inside a sentence of its language', () => {
    for (const language of LANGUAGES) {
      const missed: string[] = [];
      // An entry written `=form, form` lists the exact words that take the class (european-features.ts).
      for (const [name, entries] of Object.entries(concepts[language]))
        for (const entry of entries.flatMap((entry) => exactForms(entry) ?? [entry])) {
          const [before, after] = FRAMES[language];
          if (!classes(`${before} ${entry} ${after}`, language).has(conceptClass(name)))
            missed.push(`${name}: ${entry}`);
        }
      expect({ language, missed }).toEqual({ language, missed: [] });
    }
  });

  test('a concept is one feature in every language, and the model weighs it', () => {
    const van: Record<ModelLanguage, string> = {
      en: 'The white van was parked by the gate.',
      es: 'La furgoneta blanca estaba aparcada junto a la puerta.',
      fr: 'La camionnette blanche était garée près du portail.',
      de: 'Der weiße Lieferwagen stand am Tor.',
      pt: 'A carrinha branca estava estacionada junto ao portão.',
      it: 'Il furgone bianco era parcheggiato vicino al cancello.',
    };
    for (const language of LANGUAGES) expect(features(van[language], language)).toContain('c:K_VAN');
    // A sentence without the concept has no such feature.
    expect(features('The white bicycle was parked by the gate.', 'en')).not.toContain('c:K_VAN');
    const model = defaultModel();
    for (const name of ['VAN', 'RESTRAINT', 'ALIBI', 'DOSE', 'PARTY', 'KITCHEN'])
      expect(model.rowsOf([`c:${conceptClass(name)}`]).length).toBe(1);
  });

  test('phases of a plan counted over concepts, in any of the languages', () => {
    // Prepare (tape), approach (wait for him), act (grab), evade (phones off): four phases, in Italian and English.
    const italian = features(
      'Nastro americano nel furgone, tu resti appostato fuori dalla palestra, prenderlo è facile, poi telefoni spenti.',
      'it',
    );
    expect(italian).toContain('s:plan_phases_4');
    const english = features('Tape in the van, we wait for him at the gym, grab him, then phones off.', 'en');
    expect(english).toContain('s:plan_phases_4');
    expect(features('We wait for him at the gym after training.', 'en')).not.toContain('s:plan_phases_2');
  });
});

describe('frames in the six languages', () => {
  const rules = (text: string) => analyse(text).flatMap((sentence) => sentence.rules.map((finding) => finding.rule));

  test('a plain-intent rule does not fire in a sentence set in a court report, a film or a game', () => {
    expect(rules('Du sorgst dafür, dass es wie ein Unfall aussieht.')).toContain('accident');
    expect(rules('Vor Gericht sagte der Gutachter, er habe es wie einen Unfall aussehen lassen wollen.')).toEqual([]);
    expect(rules('Haz que parezca un accidente.')).toContain('accident');
    expect(rules('En el videojuego tienes que hacer que parezca un accidente para ganar más puntos.')).toEqual([]);
    expect(rules('Make it look like an accident.')).toContain('accident');
    expect(rules('In the video game you make it look like an accident to earn the silent rating.')).toEqual([]);
  });

  test('harm announced before a match is banter; a name is not a slur', () => {
    expect(
      classify('El domingo los vamos a destrozar en el partido, la liga es nuestra.').categories.threats.flagged,
    ).toBe(false);
    expect(classify('Oye Kike, mañana paso a buscarte a las ocho.').categories.hate.flagged).toBe(false);
    expect(classify('Get out of our street, you filthy kike.').categories.hate.flagged).toBe(true);
  });

  test('winning announced with a banter verb is no plain threat; a killing announced to a named person is one', () => {
    const announced = (text: string) =>
      analyse(text).flatMap((sentence) => sentence.features.filter((feature) => feature.startsWith('s:announce_')));
    // The n-gram blend (classifier.ts) read the Portuguese derby line as a threat (0.983 against 0.976 on the common
    // scale) until a window with such an announcement was left to the word model alone, as the rules leave it.
    for (const text of [
      "We're going to absolutely destroy them on Sunday.",
      'Che, el domingo los vamos a destrozar.',
      'Samedi on va les écraser, les Marseillais !',
      'Domenica vi distruggeremo, ragazzi.',
      'No clássico de sábado eu vou esmagar vocês.',
    ]) {
      expect(announced(text)).toEqual(['s:announce_hyperbole']);
      expect(classify(text).categories.threats.flagged).toBe(false);
    }
    for (const text of ['I will kill you, Mark.', 'Mañana te voy a matar, Ruiz.', 'Domani ti ammazzo, Marco.']) {
      expect(announced(text)).toContain('s:announce_harm_person');
      expect(classify(text).categories.threats.flagged).toBe(true);
    }
  });

  test('harm in the present announces a threat to a third person when a time to come is named', () => {
    const announces = (text: string) =>
      analyse(text).some((sentence) => sentence.features.includes('s:announce_harm_person'));
    for (const text of [
      'Tomorrow I kill him.',
      'Mañana lo mato.',
      'Domani lo ammazzo.',
      'Amanhã eu mato ele.',
      'Demain je le tue.',
      'Morgen bringe ich ihn um.',
    ])
      expect({ text, announces: announces(text) }).toEqual({ text, announces: true });
    // With no time to come, the present tells of what is done (a recipe, a habit, a story), not of what will be.
    for (const text of [
      'I kill him in chapter three.',
      'Lo mato con la espada en el juego.',
      'Les sardines, on les vide.',
    ])
      expect({ text, announces: announces(text) }).toEqual({ text, announces: false });
    // An Italian verb of the third person plural ends in "o" too, and is nobody's announcement.
    expect(announces('Domani li sequestrano alla dogana.')).toBe(false);
  });

  test("harm announced to a person is flagged by rule only where the model's own reading leans to a threat", () => {
    // Two hand-made models that differ only in how much the announcement's shape weighs for threats: the rule acts
    // when the sentence's own score reaches 30% of the threshold, and leaves a sentence read as far from a threat to
    // the model.
    const text = 'I will kill you, Mark.';
    expect(analyse(text)[0]!.features).toContain('s:announce_harm_person');
    const threats = MODERATION_CATEGORIES.indexOf('threats');
    const model = (weight: number) =>
      new Model({
        version: 1,
        categories: [...MODERATION_CATEGORIES],
        bias: MODERATION_CATEGORIES.map((_, index) => (index === threats ? -6 : -20)),
        thresholds: MODERATION_CATEGORIES.map(() => 0.9),
        weights: {
          's:announce_harm_person': MODERATION_CATEGORIES.map((_, index) => (index === threats ? weight : 0)),
        },
        training: {},
      });
    // Own score 1 / (1 + e^6) = 0.002: under the floor, and too low to be scored at all.
    expect(classify(text, model(0)).categories.threats).toEqual({ flagged: false, score: 0 });
    // Own score 1 / (1 + e^0.4) = 0.40: over the floor (0.27), under the threshold; the rule flags it.
    expect(classify(text, model(5.6)).categories.threats).toEqual({ flagged: true, score: 1 });
  });
});

describe('word features in the six languages', () => {
  test('articles, prepositions and conjunctions are no features alone; their pairs are', () => {
    // Each: a sentence, a function word's feature that must be absent, a pair it makes and a content word's feature.
    const cases: [ModelLanguage, string, string, string, string][] = [
      ['en', 'The van waits by the school at noon.', 'w:the', 'b:the_van', 'w:van'],
      ['es', 'Siempre espera para el perro.', 'w:es/par', 'b:es/par_el', 'w:es/perr'],
      ['fr', 'Il attend dans la voiture devant la mairie.', 'w:fr/dan', 'b:fr/dan_la', 'w:fr/voitu'],
      ['de', 'Er wartet mit dem Auto vor der Schule.', 'w:de/mit', 'b:de/mit_dem', 'w:de/auto'],
      ['it', 'Lo aspetto nel parcheggio della scuola.', 'w:it/nel', 'b:it/nel_parcheggi', 'w:it/aspett'],
      ['pt', 'Ele passou pela rua do mercado.', 'w:pt/do', 'b:pt/do_merc', 'w:pt/rua'],
    ];
    for (const [language, text, absent, pair, content] of cases) {
      const found = features(text, language);
      expect({
        text,
        absent: found.includes(absent),
        pair: found.includes(pair),
        content: found.includes(content),
      }).toEqual({ text, absent: false, pair: true, content: true });
    }
  });

  test("a content word whose stem is a function word's is a feature: words are matched, not stems", () => {
    // "como" (how) and "comida" (food) stem alike, as do "pela" (by the) and "pele" (skin).
    const cases: [ModelLanguage, string, string, string][] = [
      ['es', 'Como siempre, llega tarde.', 'Siempre trae comida.', 'w:es/com'],
      ['pt', 'Ele passou pela rua.', 'Ele passou creme na pele.', 'w:pt/pel'],
    ];
    for (const [language, functional, content, feature] of cases)
      expect({
        functional: features(functional, language).includes(feature),
        content: features(content, language).includes(feature),
      }).toEqual({ functional: false, content: true });
  });
});

describe('a threat said to be meant', () => {
  // Read as the moderator reads a text: its sentence's language found, its features built.
  const read = (text: string) => analyse(text, { full: true }).flatMap((sentence) => sentence.features);

  test("someone's words quoted are QUOTE; an apostrophe is not", () => {
    const cases: [string, boolean][] = [
      ['À la barre, la procureure a lu le SMS : « Je sais où tu habites. »', true],
      ['He wrote: "I know where you live."', true],
      ["He wrote: 'I know where you live.'", true],
      ['Er schrieb ihr: „Ich weiß, wo du wohnst.“', true],
      ['El mensaje decía “te voy a encontrar”.', true],
      ["I don't know where the lads' cars are parked.", false],
      ["L'homme sait où tu habites.", false],
      ['Ich weiß, wo du wohnst.', false],
    ];
    for (const [text, quoted] of cases)
      expect({ text, quoted: read(text).includes('c:QUOTE') }).toEqual({ text, quoted });
  });
  test('a denied joke or nothing left to lose is SERIOUS, and its joke or contest word is no banter', () => {
    // Each: a text, and whether it says its threat is meant (a joke told as one, or a lost game, stays banter).
    const cases: [string, boolean][] = [
      ["I'm not joking, I will find you.", true],
      ['Te voy a encontrar, y no es broma.', true],
      ['Je vais te retrouver, sans blague.', true],
      ['Ich finde dich, kein Witz.', true],
      ['Ich habe nichts mehr zu verlieren.', true],
      ['Ti trovo, non è uno scherzo.', true],
      ['Eu vou te achar, não é brincadeira.', true],
      ["I'll find you, just kidding.", false],
      ['Es broma, te voy a encontrar.', false],
      ['Wir verlieren das Spiel bestimmt.', false],
    ];
    for (const [text, meant] of cases) {
      const found = read(text);
      expect({ text, serious: found.includes('c:SERIOUS'), banter: found.includes('c:BANTER') }).toEqual({
        text,
        serious: meant,
        banter: !meant,
      });
    }
  });
});
