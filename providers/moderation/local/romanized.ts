/**
 * Hindi, Bengali and Arabic typed in Latin letters, as much of their chat is: "bhai kal milte hain" (Hinglish), "ami
 * kal ashbo" (Banglish), "ana msh 3aref" (Arabizi, with digits for Arabic sounds). Read as English or Portuguese, such
 * a sentence was screened by a model that knows none of its words: of the development sets' 109 harmful texts written
 * so, 10 were found. A sentence is placed in one of these languages by its function words and common verbs, as
 * european.ts places the Latin-script languages, and is then read as that language is (its lists and its n-gram
 * model, which are trained on texts of both scripts). On blind-set-19 (never trained on): read as English or
 * Portuguese, .208/0/.042/0/0 of sexual/hate/threats/violent/gore found; placed so, .333/.042/0/.042/0; with the
 * n-gram model trained on train-other-14 too, .417/.333/.125/.083/.125; and on train-other-15, .500/.542/.167/.125/.292;
 * with a paragraph typed in one of them read in it throughout (windows.ts), .500/.542/.250/.125/.333; benign FP 0% each
 * time.
 *
 * The words are those each language's speakers type most, minus any that is also a common word of English, Spanish,
 * French, German, Italian, Portuguese or Turkish ("hai" is Italian, "mein" German, "ami" French, "oder" German,
 * "hoy" Spanish, "ana" a name): a sentence of those languages must never be taken for one of these.
 */

import type { ModerationCategory } from '../../spec/v1/moderation.ts';

/** Common romanized words, folded (lower case, no accents), per language. */
const MARKERS: Record<'hi' | 'bn' | 'ar', Set<string>> = {
  hi: new Set(
    `hain nahi nahin nhi kya kyun kyu kyon mujhe mujhko tujhe tujhko tumhe tumko humko hamko hume humein mera meri tera
    teri tere tumhara tumhari tumhare hamara hamari hamare uska uski uske unka unki unke apna apni apne aur bhi raha
    rahi rahe karo karna karne karke karein kare karunga karungi karega karegi karenge kiya kiye dunga dungi denge
    diya diye dena lena jana jaana rakhna lagana gaya gayi gaye hoga hogi honge hoon hua hui hue abhi kabhi kuch kuchh
    bahut bohot bahot accha acha achha theek thik yaar matlab lekin magar agar toh woh yeh wahan yahan kahan kaise
    kitna kitne kaun koi kisi aaj kal raat subah din saal baad saale saala saali chalo dekh dekho dekhna suno waise
    jaise phir sirf pehle saath liye wala wali wale bhai bhaiya jaunga jayega jaayega aayega aaunga milega milegi
    lagta lagti lagega chahiye chahta chahti sakta sakti sakte samjhe samjha batao baat baje ghar bahar andar upar
    neeche niche peeche pichhe warna varna tujhse mujhse usko unko isko inko aap aapka aapki aapke aapko zyada jyada
    thoda hamesha wahi yahi ke ko ki ka pe jao`.split(/\s+/),
  ),
  bn: new Set(
    `tumi apni apnar amake tomake apnake toke tui amra tomra amader tomader tader keno kothay ekhon akhon ache achhe
    nai hobe hoye korbo korchi korbe korte korish korli koro korchis korchen bolbo bolchi bolche jabo jacchi jao ashbo
    asbo asho esho dekhbo dekhish bhalo valo khub onek kichu kichhu shob shudhu sudhu theke diye niye jonno tahole
    kintu ebar abar tarpor boudi bhabi ajke raate shokal dokan lagbe parbo parchi thakbo thakis thake dibo nibo khabo
    felbo ekta ekjon chele meye kotha bujhli bujhbi bujhlen hocche hochhe apnara tumar amr tmr kno kisu hoise korsi
    ekhane okhane sekhane jekhane kivabe kibhabe jodi hole holo chilo chhilo korlam korechi dilam dise dilo nilo gelo
    geche jete aste pabi rakhbi phelbi dibi nibi korbi bolbi jabi ashbi thakbi bolse korse amio tumio ektu onno sathe
    kache moddhe ghonta taka bhai dada didi kal aaj ki ke gulo gula guli kori kono keu dekhe mone akta apu eta ota
    shei`.split(/\s+/),
  ),
  ar: new Set(
    `enta inta enti inti ento into ehna msh mesh mish mush bta3 bta3i bta3ak 3ala 3al ma3 ma3ak 3ashan 3shan leh leih
    ezay ezzay izay keda kda delwa2ty dlwa2ty bokra bukra ba3d ba3den 3ayez 3ayza 3awz habibi habibti 7abibi 7abibti
    wallah wallahi yalla yallah inshallah khalas 5alas shu shou hayda halla2 hala2 ktir kteer 3am bade badde baddi
    beddi fen fein wein lazem lazim keteer awi awy mafeesh mafish aiwa aywa tayeb tayyeb kaman kamaan hena hnak
    naharda ya3ni y3ni tab3an la2 e7na sa3a bass kaza yani akhoya homma howa hwa heya hiya elli illi elly mafi shway
    shwaya gamed fel lel wel feen laish lesh kif keef hek hayk bhebbak ahu aho mosh`.split(/\s+/),
  ),
};

/**
 * A word written with the digits Arabizi gives Arabic sounds (3 for ع, 7 for ح, 2 for ء, 5 for خ, 6 for ط, 9 for ق):
 * "3and", "7abibi", "ba3den". Not an ordinal or a unit ("3rd", "5km", "7pm").
 */
const ARABIZI_WORD = /^(?=.*[a-z])(?=.*[235679])[a-z0-9]+$/;
const NOT_ARABIZI =
  /^[0-9]+(?:st|nd|rd|th|s|am|pm|h|k|m|km|kg|g|mb|gb|kb|x|d|p|v|ft|in|lb|lbs|min|mins|ml|cm|mm|l)?$|^[a-z]+[0-9]+$/;

/** Whether a word is written with Arabizi's digits: more letters than digits, and no time ("6h30") or unit. */
function arabizi(word: string): boolean {
  if (!ARABIZI_WORD.test(word) || NOT_ARABIZI.test(word)) return false;
  const digits = word.replace(/[a-z]/g, '').length;
  return word.length - digits > digits && !/[0-9]h[0-9]/.test(word);
}

export type RomanizedLanguage = keyof typeof MARKERS;

/**
 * The romanized language a folded Latin-script sentence is written in, when its words say so: at least two of that
 * language's words, more than the sentence's function words of any Latin-script language (`functionWords`, counted
 * when needed, european.ts), and of the words it shares with no other of the three, at least one and twice as many as
 * the next. After a romanized sentence (`romanizedBefore`, in the language `previous`), a sentence stays in its
 * language unless it holds two function words of a Latin-script language: "WhatsApp karo.", "Happy birthday Nidhi!"
 * and "2 din lage." are read with the sentences around them.
 */
export function romanizedLanguage(
  folded: string,
  functionWords: () => number,
  previous: string | undefined,
  romanizedBefore: boolean,
): RomanizedLanguage | undefined {
  // Words of one language alone, and words two share ("bhai", "kal", "ke" are Hindi and Bengali alike).
  const own = { hi: 0, bn: 0, ar: 0 };
  const all = { hi: 0, bn: 0, ar: 0 };
  for (const word of folded.match(/[a-z0-9]+/g) ?? []) {
    const of = MARKED.get(word) ?? (/[0-9]/.test(word) && arabizi(word) ? ARABIC_ONLY : undefined);
    if (!of) continue;
    for (const language of of) {
      all[language]++;
      if (of.length === 1) own[language]++;
    }
  }
  const ranked = [...ROMANIZED].sort((a, b) => own[b] - own[a]);
  const best = ranked[0]!;
  if (own[best] >= 1 && own[best] >= 2 * own[ranked[1]!] && all[best] >= 2 && all[best] > functionWords()) return best;
  const before = ROMANIZED.find((language) => language === previous);
  if (romanizedBefore && before && functionWords() < 2) return before;
  return undefined;
}

const ROMANIZED = ['hi', 'bn', 'ar'] as const;
/** Each marker word, with the languages that have it. */
const MARKED = new Map<string, RomanizedLanguage[]>();
for (const language of ROMANIZED)
  for (const word of MARKERS[language]) MARKED.set(word, [...(MARKED.get(word) ?? []), language]);
const ARABIC_ONLY: RomanizedLanguage[] = ['ar'];

/**
 * Explicit terms of these languages as they are typed in Latin letters, added to each language's lists (lexicons.ts):
 * sexual vulgarities and slurs. Each is matched on word starts (a leading space), and ends where it is written with a
 * trailing space. Only forms no ordinary sentence uses: "chod" is left out ("chod do" is "leave it").
 */
export const ROMANIZED_LEXICONS: Record<RomanizedLanguage, Partial<Record<ModerationCategory, string[]>>> = {
  hi: {
    hate: [
      ' katua',
      ' katuwe',
      ' katue',
      ' mulle ',
      ' chamar',
      ' chamaar',
      ' bhangi',
      ' neech jaat',
      ' neechi jaat',
      ' hijde ',
    ],
    sexual: [
      ' chudai',
      ' chodunga',
      ' chodenge',
      ' chudwa',
      ' chut ',
      ' chuut',
      ' lund ',
      ' lauda',
      ' lavda',
      ' bhosda',
      ' bhosdi',
      ' gaand mar',
      ' gand mar',
      ' nangi photo',
      ' nangi pic',
      ' nangi video',
      ' nude pic',
      ' nudes ',
      ' sex chat',
      ' muth mar',
    ],
  },
  bn: {
    hate: [' malaun', ' malu '],
    sexual: [' chudte', ' chudbo', ' chodar', ' bhoda', ' nude pic', ' nudes ', ' sex chat'],
  },
  ar: {
    hate: [' 3abeed', ' khawal'],
    sexual: [' anikek', ' anikik', ' nikik', ' nikak', ' nayek', ' neek ', ' zebri', ' zeby', ' zobri'],
  },
};

/**
 * Threats to kill, burn or maim said to a person, as typed in Latin letters: one combination of a single group per
 * language (lexicons.ts), so that, as a plain threat, it is set aside when its own sentence is a report, a game or said
 * in jest ("lobby me tumhe bhi zinda nahi chhodunga 😂"). Said to someone or as the speaker's own act, not told of a
 * third: "maar dunga" alone is left out ("chhakka maar dunga" is a six at cricket), and so is "gola kete" alone (a film's
 * killer "gola kete rakhe", cuts the throats of his victims).
 */
export const ROMANIZED_COMBINATIONS: Record<RomanizedLanguage, Partial<Record<ModerationCategory, string[]>>> = {
  hi: {
    threats: [
      ' tujhe maar| tujhko maar| tumhe maar| tereko maar| tujhe jaan se| jaan se maar| tera khoon kar| tujhe goli| teri jaan le| tujhe zinda nahi| zinda nahi chhodunga| zinda nahi chodunga| tujhe kaat| tere tukde| tera murder| tujhe jala| tere ghar ko aag| tere ghar pe aag| tere ghar me aag| acid daal dunga| acid phek| acid fek',
    ],
  },
  bn: {
    threats: [
      ' toke mere| tomake mere| tore mere| apnake mere| khun kore felbo| tor matha fatabo| matha fatiye debo| matha fatiye dibo| tor gola kete| gola kete debo| gola kete dibo| gola kete felbo| tor chokh tule| chokh tule nibo| chokh tule debo| chokh tule dibo| chokh tule felbo| haat venge debo| haat venge dibo| pa venge debo| pa venge dibo',
    ],
  },
  ar: { threats: [' ha2tlak| ha2telak| 7a2tlak| a2tlak| aktlak| hadba7ak| adba7ak| hamawtak'] },
};
