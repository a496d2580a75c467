import { describe, expect, test } from 'bun:test';
import type { EuropeanLanguage } from '../providers/moderation/local/european.ts';
import { europeanSentence } from '../providers/moderation/local/european-features.ts';
import { classify } from '../providers/moderation/local/classifier.ts';
import {
  classesOf,
  normalize,
  RISK_CLASSES,
  sentenceFeatures,
  tokens,
} from '../providers/moderation/local/features.ts';

// Plans told in plain words (intent-classes.ts): one sentence per class and language, written for this test, that
// must carry its class, and ordinary sentences near the same words that must carry none of the risky ones.
type Language = 'en' | EuropeanLanguage;
const PLAN_CLASSES = ['STAGED', 'DOSING', 'TAMPER', 'AMBUSH', 'IGNITE', 'ABDUCT'] as const;
const RISKY_PLAN_CLASSES = ['STAGED', 'DOSING', 'TAMPER', 'IGNITE', 'ABDUCT'];

function classes(text: string, language: Language): Map<string, number> {
  return language === 'en' ? classesOf(tokens(normalize(text))) : europeanSentence(text, language).classes;
}

const PLANS: Record<Language, Record<(typeof PLAN_CLASSES)[number], string>> = {
  en: {
    STAGED: 'The doctor will put it down to his heart, and nobody will suspect a thing.',
    DOSING: 'Put a few drops in his flask every evening, not enough to taste.',
    TAMPER: 'Loosen the brake hose on his car the night before he drives to the coast.',
    AMBUSH: "There will be four of us, two at each end of the alley so he can't run.",
    IGNITE: 'Pour the petrol through the letterbox at three while they sleep.',
    ABDUCT: 'Wait in the van with the side door open and tell the boy your mum sent me.',
  },
  es: {
    STAGED: 'Pensarán que fue el corazón y nadie sospechará nada.',
    DOSING: 'Échale unas gotas en su termo, un poco cada noche.',
    TAMPER: 'Esta noche hay que aflojar el latiguillo del freno de su coche.',
    AMBUSH: 'Somos cuatro, dos en cada salida para que no pueda correr.',
    IGNITE: 'Echamos gasolina por el buzón mientras duermen.',
    ABDUCT: 'Le dices al niño que tu mamá me mandó y lo subimos a la camioneta.',
  },
  pt: {
    STAGED: 'Vão achar que foi o coração, ninguém vai desconfiar.',
    DOSING: 'Coloca umas gotas no café dele toda noite.',
    TAMPER: 'Amanhã cedo é só cortar os freios do carro dele.',
    AMBUSH: 'Vamos em quatro, dois em cada ponta pra ele não fugir.',
    IGNITE: 'Joga gasolina pela caixa de correio enquanto eles dormem.',
    ABDUCT: 'Para a van com a porta lateral aberta e enfia ela na van.',
  },
  fr: {
    STAGED: 'Ça passera pour un accident domestique, personne ne se doutera de rien.',
    DOSING: 'Mets quelques gouttes dans son thermos, un peu chaque soir.',
    TAMPER: 'Il suffit de desserrer le flexible de frein de sa voiture.',
    AMBUSH: "On est quatre, deux à chaque bout pour qu'il puisse pas courir.",
    IGNITE: "On met de l'essence dans la boîte aux lettres pendant qu'ils dorment.",
    ABDUCT: "Tu lui dis que ta maman m'envoie et on la met dans la camionnette.",
  },
  de: {
    STAGED: 'Der Arzt wird sagen, es war das Herz, und niemand wird Verdacht schöpfen.',
    DOSING: 'Jeden Abend ein paar Tropfen in seinen Tee, man schmeckt es nicht.',
    TAMPER: 'Wir müssen nur den Bremsschlauch lockern, bevor er losfährt.',
    AMBUSH: 'Wir sind zu viert, zwei an jedem Ende, damit er nicht abhauen kann.',
    IGNITE: 'Wir kippen Benzin durch den Briefschlitz, während sie schlafen.',
    ABDUCT: 'Sag dem Kind, deine Mama hat mich geschickt, und lass die Schiebetür offen.',
  },
  it: {
    STAGED: 'Sembrerà un incidente domestico e nessuno farà domande.',
    DOSING: "Metti qualche goccia nel suo thermos, un po' ogni sera.",
    TAMPER: 'Basta allentare il tubo dei freni della sua macchina.',
    AMBUSH: 'Siamo in quattro, due per lato così non può scappare.',
    IGNITE: 'Versiamo benzina nella buca delle lettere mentre dormono.',
    ABDUCT: 'Gli dici che la tua mamma mi ha mandato e la carichiamo sul furgone.',
  },
};

/** A recipe, a boiler service, a surprise party and a meeting point before a match. */
const ORDINARY: Record<Language, string[]> = {
  en: [
    'Add a pinch of salt and a few drops of lemon juice to the soup, then stir.',
    'The plumber serviced the boiler, checked the flue and replaced the pressure valve.',
    'We hide in the kitchen with the lights off and everyone shouts surprise when she comes in.',
    'Meet at the station at two, then we all walk to the stadium together for kick-off.',
    'Leave the side door open for the delivery and put the tea towels in the wash.',
  ],
  es: [
    'Añade una pizca de sal y unas gotas de limón a la sopa.',
    'El fontanero revisó la caldera y limpió la salida de humos.',
    'Nos escondemos en la cocina y cuando llegue gritamos sorpresa.',
    'Quedamos en la plaza a las siete y vamos juntos al estadio.',
  ],
  pt: [
    'Acrescente uma pitada de sal e umas gotas de limão na sopa.',
    'O encanador fez a revisão da caldeira e trocou a válvula.',
    'Vamos nos esconder na cozinha e gritar surpresa quando ela chegar.',
    'O ponto de encontro é na praça, antes do jogo, e vamos juntos ao estádio.',
  ],
  fr: [
    'Ajoutez une pincée de sel et quelques gouttes de citron dans la soupe.',
    'Le plombier a entretenu la chaudière et vérifié le conduit.',
    'On se cache dans la cuisine et on crie surprise quand elle arrive.',
    'Rendez-vous avant le match devant le stade, à 19 h.',
  ],
  de: [
    'Eine Prise Salz und ein paar Tropfen Zitrone in die Suppe geben.',
    'Der Installateur hat die Therme gewartet und das Abgasrohr geprüft.',
    'Wir verstecken uns in der Küche und rufen Überraschung, wenn sie kommt.',
    'Treffpunkt vor dem Spiel ist am Bahnhof, dann gehen wir zusammen ins Stadion.',
  ],
  it: [
    'Aggiungete un pizzico di sale e qualche goccia di limone nella zuppa.',
    "L'idraulico ha fatto la revisione della caldaia e ha controllato la canna fumaria.",
    'Ci nascondiamo in cucina e gridiamo sorpresa quando arriva.',
    'Ci troviamo prima della partita davanti allo stadio.',
  ],
};

describe('plans told in plain words', () => {
  for (const [language, plans] of Object.entries(PLANS) as [Language, Record<string, string>][]) {
    test(`${language}: each plan sentence carries its class`, () => {
      for (const [klass, text] of Object.entries(plans))
        expect({ text, has: classes(text, language).has(klass) }).toEqual({ text, has: true });
    });

    test(`${language}: a recipe, a boiler service, a surprise party and a match meeting carry no risky plan class`, () => {
      for (const text of ORDINARY[language]) {
        const found = RISKY_PLAN_CLASSES.filter((klass) => classes(text, language).has(klass));
        expect({ text, found }).toEqual({ text, found: [] });
      }
    });
  }

  test('the plan classes that make a sentence worth scoring, and the two that do not on their own', () => {
    for (const klass of RISKY_PLAN_CLASSES) expect(RISK_CLASSES).toContain(klass);
    expect(RISK_CLASSES).not.toContain('EVADE');
    expect(RISK_CLASSES).not.toContain('AMBUSH');
  });

  test('a plan class becomes a class feature and pairs with a person in every language', () => {
    expect(europeanSentence('Vão achar que foi o coração do marido, ninguém vai desconfiar.', 'pt').features).toEqual(
      expect.arrayContaining(['c:STAGED', 'p:STAGED+TARGET']),
    );
    expect(europeanSentence('Sag dem Kind, deine Mama hat mich geschickt.', 'de').features).toContain('c:ABDUCT');
  });
});

describe('what a harm verb is done to', () => {
  const objects = (text: string) =>
    sentenceFeatures(tokens(normalize(text))).filter((feature) => feature.startsWith('o:'));

  test('a person after a word between the article and the noun', () => {
    expect(objects('Someone needs to shoot the prime minister.')).toContain('o:harm_person');
    expect(objects('Go and stab that fat cop.')).toContain('o:harm_person');
    expect(objects('I will break his left arm.')).toContain('o:harm_person');
    expect(objects('Shoot the old tins off the fence.')).not.toContain('o:harm_person');
    expect(classify('Someone needs to shoot the prime minister.').categories.threats.flagged).toBe(true);
  });

  test('a phrasal harm verb with its object between verb and particle', () => {
    const harm = (text: string) => classesOf(tokens(normalize(text))).has('HARM');
    for (const text of ['I will run you over.', "We'll beat him up after school.", 'They kicked his head in.'])
      expect({ text, harm: harm(text) }).toEqual({ text, harm: true });
    for (const text of [
      'Run the numbers over the weekend.',
      'Do your homework in the kitchen.',
      'Hand it in tomorrow.',
    ])
      expect({ text, harm: harm(text) }).toEqual({ text, harm: false });
  });
});
