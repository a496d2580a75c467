import type { VoiceProfile } from '../../../providers/spec/v1/speech-engine.ts';
import type { EspeakVoiceSettings } from '../../../providers/engines/espeak/espeak-protocol.ts';

/**
 * The voice catalog: every id of the spec (15 young/character voices, 38 narration voices) plus the 13 expressive
 * voices, each mapped to eSpeak settings chosen to sound distinct and to fit its description.
 *
 * Rates are words per minute at speed `normal`, tuned so English lands near 15 characters per second of audio.
 */
export type VoiceGroup = 'character' | 'narration' | 'expressive';

export interface CatalogVoice extends VoiceProfile {
  name: string;
  languageName: string;
  group: VoiceGroup;
  description: string;
}

export const DEFAULT_VOICE_ID = 'std-aria';

const LANGUAGES = {
  'en-US': { name: 'English (US)', espeak: 'en-us' },
  'en-GB': { name: 'English (UK)', espeak: 'en-gb-x-rp' },
  'en-AU': { name: 'English (AU)', espeak: 'en-gb' },
  'en-IN': { name: 'English (IN)', espeak: 'en-gb-x-gbcwmd' },
  'en-IE': { name: 'English (IE)', espeak: 'en-gb-scotland' },
  'es-MX': { name: 'Spanish (Mexico)', espeak: 'es-419' },
  'es-ES': { name: 'Spanish (Spain)', espeak: 'es' },
  'fr-FR': { name: 'French', espeak: 'fr-fr' },
  'de-DE': { name: 'German', espeak: 'de' },
  'zh-CN': { name: 'Chinese (Mandarin)', espeak: 'cmn' },
  'it-IT': { name: 'Italian', espeak: 'it' },
  'pt-BR': { name: 'Portuguese (Brazil)', espeak: 'pt-br' },
  'ja-JP': { name: 'Japanese', espeak: 'ja' },
  'tr-TR': { name: 'Turkish', espeak: 'tr' },
  'ar-SA': { name: 'Arabic', espeak: 'ar' },
  'ko-KR': { name: 'Korean', espeak: 'ko' },
  'hi-IN': { name: 'Hindi', espeak: 'hi' },
  'bn-IN': { name: 'Bengali', espeak: 'bn' },
} as const;
type Language = keyof typeof LANGUAGES;

interface Definition {
  id: string;
  name: string;
  language: Language;
  group: VoiceGroup;
  gender: VoiceProfile['gender'];
  age: VoiceProfile['age'];
  description: string;
  /** eSpeak variant, pitch, range, rate (wpm) and volume; the eSpeak language comes from `language`. */
  sound: [variant: string | undefined, pitch: number, range: number, rate: number, volume?: number];
}

const kid = (id: string, name: string, language: Language, gender: 'female' | 'male', description: string, variant: string, pitch: number): Definition => ({
  id, name, language, group: 'character', gender, age: 'child', description, sound: [variant, pitch, 75, 150],
});
const narrator = (id: string, name: string, language: Language, gender: 'female' | 'male', description: string, sound: Definition['sound']): Definition => ({
  id, name, language, group: 'narration', gender, age: 'adult', description, sound,
});
const expressive = (id: string, name: string, gender: VoiceProfile['gender'], description: string, sound: Definition['sound']): Definition => ({
  id, name, language: 'en-US', group: 'expressive', gender, age: 'adult', description, sound,
});

const DEFINITIONS: Definition[] = [
  // Young / character voices (15): high pitch, lively range.
  kid('kid-girl', 'Kid Girl', 'en-US', 'female', 'A bright, curious young girl.', 'f4', 92),
  { ...kid('kid-baby', 'Kid Baby', 'en-US', 'female', 'A tiny toddler voice, very high and sing-song.', 'f5', 99), sound: ['f5', 99, 90, 135] },
  kid('kid-british', 'Kid British', 'en-GB', 'male', 'A cheerful British schoolboy.', 'm2', 88),
  kid('kid-spanish', 'Kid Spanish', 'es-MX', 'female', 'A playful Mexican girl.', 'f2', 90),
  kid('kid-french', 'Kid French', 'fr-FR', 'female', 'A lively French girl.', 'f4', 90),
  kid('kid-german', 'Kid German', 'de-DE', 'male', 'An eager German boy.', 'm1', 86),
  kid('kid-chinese', 'Kid Chinese', 'zh-CN', 'female', 'A sweet Mandarin-speaking girl.', 'f2', 88),
  kid('kid-italian', 'Kid Italian', 'it-IT', 'male', 'An animated Italian boy.', 'm3', 86),
  kid('kid-portuguese', 'Kid Portuguese', 'pt-BR', 'female', 'A sunny Brazilian girl.', 'f3', 90),
  kid('kid-japanese', 'Kid Japanese', 'ja-JP', 'female', 'A polite Japanese girl.', 'f4', 92),
  kid('kid-turkish', 'Kid Turkish', 'tr-TR', 'male', 'A spirited Turkish boy.', 'm2', 86),
  kid('kid-arabic', 'Kid Arabic', 'ar-SA', 'male', 'A friendly Arabic-speaking boy.', 'm1', 86),
  kid('kid-korean', 'Kid Korean', 'ko-KR', 'female', 'A cheerful Korean girl.', 'f2', 92),
  kid('kid-hindi', 'Kid Hindi', 'hi-IN', 'female', 'A chatty Hindi-speaking girl.', 'f4', 90),
  kid('kid-bengali', 'Kid Bengali', 'bn-IN', 'male', 'A gentle Bengali boy.', 'm3', 86),

  // Narration voices (38).
  narrator('std-aria', 'Aria', 'en-US', 'female', 'Clear, warm general-purpose narrator.', ['f3', 52, 55, 148]),
  narrator('std-jenny', 'Jenny', 'en-US', 'female', 'Friendly and upbeat.', ['f2', 58, 65, 152]),
  narrator('std-michelle', 'Michelle', 'en-US', 'female', 'Poised and professional.', ['f1', 48, 45, 146]),
  narrator('std-monica', 'Monica', 'en-US', 'female', 'Crisp news-reader delivery.', ['f5', 50, 40, 150]),
  narrator('std-sara', 'Sara', 'en-US', 'female', 'Soft and reassuring.', ['f4', 55, 40, 142]),
  narrator('std-guy', 'Guy', 'en-US', 'male', 'Confident, even male narrator.', ['m1', 40, 50, 148]),
  narrator('std-davis', 'Davis', 'en-US', 'male', 'Relaxed, low and smooth.', ['m3', 32, 45, 144]),
  narrator('std-tony', 'Tony', 'en-US', 'male', 'Energetic and direct.', ['m2', 46, 60, 154]),
  narrator('std-freya', 'Freya', 'en-AU', 'female', 'Easy-going Australian narrator.', ['f2', 54, 60, 148]),
  narrator('std-william', 'William', 'en-AU', 'male', 'Steady Australian narrator.', ['m4', 38, 50, 148]),
  narrator('std-neerja', 'Neerja', 'en-IN', 'female', 'Warm Indian English narrator.', ['f1', 56, 55, 146]),
  narrator('std-emily', 'Emily', 'en-IE', 'female', 'Lilting Irish narrator.', ['f3', 56, 70, 148]),
  narrator('calm-mom', 'Calm Mom', 'en-US', 'female', 'A calm, loving mother reading aloud.', ['f1', 50, 35, 138]),
  narrator('sweet-teacher', 'Sweet Teacher', 'en-US', 'female', 'Patient kindergarten teacher, clear diction.', ['f2', 60, 60, 136]),
  narrator('sunny-friend', 'Sunny Friend', 'en-US', 'female', 'Bubbly best friend, quick and bright.', ['f4', 66, 75, 158]),
  narrator('bedtime-whisper', 'Bedtime Whisper', 'en-US', 'female', 'A hushed whisper for falling asleep.', ['whisperf', 45, 30, 128, 140]),
  narrator('playful-elf', 'Playful Elf', 'en-US', 'male', 'A mischievous, squeaky elf.', ['f5', 95, 95, 160]),
  narrator('friendly-bear', 'Friendly Bear', 'en-US', 'male', 'A big, kind bear with a rumbling voice.', ['m7', 18, 40, 132]),
  narrator('story-dad', 'Story Dad', 'en-US', 'male', 'A warm dad doing the bedtime story.', ['m1', 36, 55, 140]),
  narrator('cozy-uncle', 'Cozy Uncle', 'en-US', 'male', 'An easy-going uncle by the fireplace.', ['m6', 34, 45, 138]),
  narrator('gentle-giant', 'Gentle Giant', 'en-US', 'male', 'A very deep, slow and gentle giant.', ['m3', 5, 25, 122]),
  { ...narrator('story-grandpa', 'Story Grandpa', 'en-US', 'male', 'An old grandpa with a creaky, kindly voice.', ['grandpa', 30, 55, 130]), age: 'senior' },
  narrator('std-es-dalia', 'Dalia', 'es-MX', 'female', 'Natural Mexican Spanish narrator.', ['f3', 54, 55, 150]),
  narrator('std-es-jorge', 'Jorge', 'es-MX', 'male', 'Friendly Mexican Spanish narrator.', ['m1', 40, 50, 150]),
  narrator('std-es-elena', 'Elena', 'es-ES', 'female', 'Castilian Spanish narrator.', ['f2', 52, 55, 150]),
  narrator('std-fr-denise', 'Denise', 'fr-FR', 'female', 'Elegant French narrator.', ['f3', 52, 55, 148]),
  narrator('std-fr-henri', 'Henri', 'fr-FR', 'male', 'Measured French narrator.', ['m1', 38, 50, 146]),
  narrator('std-fr-vivienne', 'Vivienne', 'fr-FR', 'female', 'Bright, expressive French narrator.', ['f4', 60, 70, 150]),
  narrator('std-de-katja', 'Katja', 'de-DE', 'female', 'Clear German narrator.', ['f1', 52, 50, 146]),
  narrator('std-de-konrad', 'Konrad', 'de-DE', 'male', 'Calm German narrator.', ['m2', 38, 45, 144]),
  narrator('std-de-amala', 'Amala', 'de-DE', 'female', 'Warm, friendly German narrator.', ['f2', 56, 60, 148]),
  narrator('std-pt-francisca', 'Francisca', 'pt-BR', 'female', 'Warm Brazilian narrator.', ['f3', 54, 60, 150]),
  narrator('std-pt-antonio', 'Antonio', 'pt-BR', 'male', 'Relaxed Brazilian narrator.', ['m1', 38, 50, 148]),
  narrator('std-pt-thalita', 'Thalita', 'pt-BR', 'female', 'Youthful Brazilian narrator.', ['f4', 60, 65, 152]),
  narrator('std-it-isabella', 'Isabella', 'it-IT', 'female', 'Melodic Italian narrator.', ['f2', 54, 70, 150]),
  narrator('std-it-giuseppe', 'Giuseppe', 'it-IT', 'male', 'Warm Italian narrator.', ['m2', 38, 60, 148]),
  narrator('std-ko-sunhi', 'Sun-Hi', 'ko-KR', 'female', 'Gentle Korean narrator.', ['f1', 56, 50, 148]),
  narrator('std-ko-injoon', 'InJoon', 'ko-KR', 'male', 'Steady Korean narrator.', ['m1', 40, 45, 146]),

  // Expressive multilingual voices (13); ids are the lower-cased display names.
  expressive('alloy', 'Alloy', 'neutral', 'Neutral and balanced.', ['m4', 50, 50, 148]),
  expressive('ash', 'Ash', 'male', 'Confident and assertive.', ['m2', 42, 60, 152]),
  expressive('ballad', 'Ballad', 'male', 'Expressive, with a wide melodic range.', ['m5', 46, 90, 142]),
  expressive('coral', 'Coral', 'female', 'Bright and cheerful.', ['f4', 62, 70, 154]),
  expressive('echo', 'Echo', 'male', 'Calm and even.', ['m1', 38, 30, 142]),
  expressive('fable', 'Fable', 'female', 'Warm storyteller.', ['f1', 50, 65, 140]),
  expressive('onyx', 'Onyx', 'male', 'Deep and authoritative.', ['m7', 15, 45, 144]),
  expressive('nova', 'Nova', 'female', 'Energetic and quick.', ['f5', 60, 75, 162]),
  expressive('sage', 'Sage', 'female', 'Thoughtful and measured.', ['f3', 48, 40, 138]),
  expressive('shimmer', 'Shimmer', 'female', 'Light and airy.', ['f2', 68, 60, 150]),
  expressive('verse', 'Verse', 'male', 'Dynamic, animated delivery.', ['m6', 44, 85, 156]),
  expressive('marin', 'Marin', 'female', 'Smooth and polished.', ['f1', 50, 45, 146]),
  expressive('cedar', 'Cedar', 'male', 'Resonant and grounded.', ['m3', 26, 50, 144]),
];

function toVoice(definition: Definition): CatalogVoice {
  const [variant, pitch, range, rate, volume = 100] = definition.sound;
  const language = LANGUAGES[definition.language];
  const espeak: EspeakVoiceSettings = { voice: language.espeak, variant, pitch, range, rate, volume };
  return {
    id: definition.id,
    name: definition.name,
    language: definition.language,
    languageName: language.name,
    group: definition.group,
    gender: definition.gender,
    age: definition.age,
    description: definition.description,
    engines: { espeak },
  };
}

export const VOICES: readonly CatalogVoice[] = DEFINITIONS.map(toVoice);
const BY_ID = new Map(VOICES.map((voice) => [voice.id, voice]));

export function findVoice(id: string): CatalogVoice | undefined {
  return BY_ID.get(id);
}
