import type { EspeakVoiceSettings } from './espeak-protocol.ts';

/**
 * eSpeak's private voice table: catalog key -> variant, pitch, range, rate (wpm at speed `normal`) and volume.
 *
 * Every catalog voice has an entry, including those Flite speaks in English: a multilingual voice reads its non-English
 * sentences here, with the same character. Rates are tuned so English lands near 15 characters per second.
 */
type Sound = [variant: string | undefined, pitch: number, range: number, rate: number, volume?: number];

/**
 * Language -> eSpeak voice FILE name. `set_voice` loads files (`fr`, `en`), not the language names a file lists
 * (`fr-fr`, `en-gb`): those failed for every variant, which silenced six catalog voices.
 * English accents were measured in the pocketsphinx round trip (scripts/bench-voices.ts); see README.
 */
export const ESPEAK_LANGUAGES: Record<string, string> = {
  en: 'en-us',
  'en-US': 'en-us',
  'en-GB': 'en-gb-x-rp',
  // eSpeak has no Australian English; its British file is the nearest accent it has.
  'en-AU': 'en',
  'en-IN': 'en-gb-x-gbcwmd',
  'en-IE': 'en-gb-scotland',
  es: 'es',
  'es-MX': 'es-419',
  'es-ES': 'es',
  fr: 'fr',
  'fr-FR': 'fr',
  de: 'de',
  'de-DE': 'de',
  zh: 'cmn',
  'zh-CN': 'cmn',
  it: 'it',
  'it-IT': 'it',
  pt: 'pt-br',
  'pt-BR': 'pt-br',
  ja: 'ja',
  'ja-JP': 'ja',
  tr: 'tr',
  'tr-TR': 'tr',
  ar: 'ar',
  'ar-SA': 'ar',
  ko: 'ko',
  'ko-KR': 'ko',
  hi: 'hi',
  'hi-IN': 'hi',
  bn: 'bn',
  'bn-IN': 'bn',
  nl: 'nl',
  pl: 'pl',
  ru: 'ru',
  sv: 'sv',
};

const SOUNDS: Record<string, Sound> = {
  'kid-girl': ['f4', 92, 75, 150],
  'kid-baby': ['f5', 99, 90, 135],
  // kid-british and std-emily speak through eSpeak's klatt2 synthesiser: in the pocketsphinx round trip of
  // scripts/bench-voices.ts it cut their word errors from 88% to 76% and from 90% to 83%; for std-freya, std-william
  // and std-neerja it did not help (65% -> 82%, 81% -> 83%, 93% -> 100%), so they keep their variants.
  'kid-british': ['klatt2', 88, 75, 150],
  'kid-spanish': ['f2', 90, 75, 150],
  'kid-french': ['f4', 90, 75, 150],
  'kid-german': ['m1', 86, 75, 150],
  'kid-chinese': ['f2', 88, 75, 150],
  'kid-italian': ['m3', 86, 75, 150],
  'kid-portuguese': ['f3', 90, 75, 150],
  'kid-japanese': ['f4', 92, 75, 150],
  'kid-turkish': ['m2', 86, 75, 150],
  'kid-arabic': ['m1', 86, 75, 150],
  'kid-korean': ['f2', 92, 75, 150],
  'kid-hindi': ['f4', 90, 75, 150],
  'kid-bengali': ['m3', 86, 75, 150],
  'std-aria': ['f3', 52, 55, 148],
  'std-jenny': ['f2', 58, 65, 152],
  'std-michelle': ['f1', 48, 45, 146],
  'std-monica': ['f5', 50, 40, 150],
  'std-sara': ['f4', 55, 40, 142],
  'std-guy': ['m1', 40, 50, 148],
  'std-davis': ['m3', 32, 45, 144],
  'std-tony': ['m2', 46, 60, 154],
  'std-freya': ['f2', 54, 60, 148],
  'std-william': ['m4', 38, 50, 148],
  'std-neerja': ['f1', 56, 55, 146],
  'std-emily': ['klatt2', 56, 70, 148],
  'calm-mom': ['f1', 50, 35, 138],
  'sweet-teacher': ['f2', 60, 60, 136],
  'sunny-friend': ['f4', 66, 75, 158],
  'bedtime-whisper': ['whisperf', 45, 30, 128, 140],
  'playful-elf': ['f5', 95, 95, 160],
  'friendly-bear': ['m7', 18, 40, 132],
  'story-dad': ['m1', 36, 55, 140],
  'cozy-uncle': ['m6', 34, 45, 138],
  'gentle-giant': ['m3', 5, 25, 122],
  'story-grandpa': ['grandpa', 30, 55, 130],
  'std-es-dalia': ['f3', 54, 55, 150],
  'std-es-jorge': ['m1', 40, 50, 150],
  'std-es-elena': ['f2', 52, 55, 150],
  'std-fr-denise': ['f3', 52, 55, 148],
  'std-fr-henri': ['m1', 38, 50, 146],
  'std-fr-vivienne': ['f4', 60, 70, 150],
  'std-de-katja': ['f1', 52, 50, 146],
  'std-de-konrad': ['m2', 38, 45, 144],
  'std-de-amala': ['f2', 56, 60, 148],
  'std-pt-francisca': ['f3', 54, 60, 150],
  'std-pt-antonio': ['m1', 38, 50, 148],
  'std-pt-thalita': ['f4', 60, 65, 152],
  'std-it-isabella': ['f2', 54, 70, 150],
  'std-it-giuseppe': ['m2', 38, 60, 148],
  'std-ko-sunhi': ['f1', 56, 50, 148],
  'std-ko-injoon': ['m1', 40, 45, 146],
  alloy: ['m4', 50, 50, 148],
  ash: ['m2', 42, 60, 152],
  ballad: ['m5', 46, 90, 142],
  coral: ['f4', 62, 70, 154],
  echo: ['m1', 38, 30, 142],
  fable: ['f1', 50, 65, 140],
  onyx: ['m7', 15, 45, 144],
  nova: ['f5', 60, 75, 162],
  sage: ['f3', 48, 40, 138],
  shimmer: ['f2', 68, 60, 150],
  verse: ['m6', 44, 85, 156],
  marin: ['f1', 50, 45, 146],
  cedar: ['m3', 26, 50, 144],
};

/** The eSpeak voice file for a language tag: exact tag first, then its primary subtag. */
export function espeakVoiceFile(language: string): string | undefined {
  return ESPEAK_LANGUAGES[language] ?? ESPEAK_LANGUAGES[language.split('-')[0]!.toLowerCase()];
}

/** Settings for a catalog key speaking `language`; undefined when the key or language is unknown. */
export function espeakVoiceSettings(key: string, language: string): EspeakVoiceSettings | undefined {
  const sound = SOUNDS[key];
  const voice = espeakVoiceFile(language);
  if (!sound || !voice) return undefined;
  const [variant, pitch, range, rate, volume = 100] = sound;
  return { voice, variant, pitch, range, rate, volume };
}
