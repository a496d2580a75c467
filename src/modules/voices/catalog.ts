import type { VoiceProfile } from '../../../providers/spec/v1/speech-engine.ts';

/**
 * The voice catalog: every id of the spec (15 young/character voices, 38 narration voices) plus the 13 expressive
 * voices. Each names the engine that speaks it and a key into that engine's private settings table
 * (providers/engines/<id>/): Flite speaks US English, where it is understood far better (README, "Voices"); eSpeak NG
 * speaks every other language and accent. The expressive voices are multilingual: each sentence is read in its own
 * language, by Flite for English and eSpeak for the rest, with the voice's character.
 */
export type VoiceGroup = 'character' | 'narration' | 'expressive';

export interface CatalogVoice extends VoiceProfile {
  name: string;
  languageName: string;
  group: VoiceGroup;
  description: string;
}

export const DEFAULT_VOICE_ID = 'std-aria';

/** US English voices are Flite's; every other language and accent is eSpeak NG's. */
const FLITE_LANGUAGES = new Set(['en-US']);

const LANGUAGES = {
  'en-US': { name: 'English (US)' },
  'en-GB': { name: 'English (UK)' },
  'en-AU': { name: 'English (AU)' },
  'en-IN': { name: 'English (IN)' },
  'en-IE': { name: 'English (IE)' },
  'es-MX': { name: 'Spanish (Mexico)' },
  'es-ES': { name: 'Spanish (Spain)' },
  'fr-FR': { name: 'French' },
  'de-DE': { name: 'German' },
  'zh-CN': { name: 'Chinese (Mandarin)' },
  'it-IT': { name: 'Italian' },
  'pt-BR': { name: 'Portuguese (Brazil)' },
  'ja-JP': { name: 'Japanese' },
  'tr-TR': { name: 'Turkish' },
  'ar-SA': { name: 'Arabic' },
  'ko-KR': { name: 'Korean' },
  'hi-IN': { name: 'Hindi' },
  'bn-IN': { name: 'Bengali' },
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
}

const kid = (
  id: string,
  name: string,
  language: Language,
  gender: 'female' | 'male',
  description: string,
): Definition => ({
  id,
  name,
  language,
  group: 'character',
  gender,
  age: 'child',
  description,
});
const narrator = (
  id: string,
  name: string,
  language: Language,
  gender: 'female' | 'male',
  description: string,
): Definition => ({
  id,
  name,
  language,
  group: 'narration',
  gender,
  age: 'adult',
  description,
});
const expressive = (id: string, name: string, gender: VoiceProfile['gender'], description: string): Definition => ({
  id,
  name,
  language: 'en-US',
  group: 'expressive',
  gender,
  age: 'adult',
  description,
});

const DEFINITIONS: Definition[] = [
  // Young / character voices (15): high pitch, lively range.
  kid('kid-girl', 'Kid Girl', 'en-US', 'female', 'A bright, curious young girl.'),
  kid('kid-baby', 'Kid Baby', 'en-US', 'female', 'A tiny toddler voice, very high and sing-song.'),
  kid('kid-british', 'Kid British', 'en-GB', 'male', 'A cheerful British schoolboy.'),
  kid('kid-spanish', 'Kid Spanish', 'es-MX', 'female', 'A playful Mexican girl.'),
  kid('kid-french', 'Kid French', 'fr-FR', 'female', 'A lively French girl.'),
  kid('kid-german', 'Kid German', 'de-DE', 'male', 'An eager German boy.'),
  kid('kid-chinese', 'Kid Chinese', 'zh-CN', 'female', 'A sweet Mandarin-speaking girl.'),
  kid('kid-italian', 'Kid Italian', 'it-IT', 'male', 'An animated Italian boy.'),
  kid('kid-portuguese', 'Kid Portuguese', 'pt-BR', 'female', 'A sunny Brazilian girl.'),
  kid('kid-japanese', 'Kid Japanese', 'ja-JP', 'female', 'A polite Japanese girl.'),
  kid('kid-turkish', 'Kid Turkish', 'tr-TR', 'male', 'A spirited Turkish boy.'),
  kid('kid-arabic', 'Kid Arabic', 'ar-SA', 'male', 'A friendly Arabic-speaking boy.'),
  kid('kid-korean', 'Kid Korean', 'ko-KR', 'female', 'A cheerful Korean girl.'),
  kid('kid-hindi', 'Kid Hindi', 'hi-IN', 'female', 'A chatty Hindi-speaking girl.'),
  kid('kid-bengali', 'Kid Bengali', 'bn-IN', 'male', 'A gentle Bengali boy.'),

  // Narration voices (38).
  narrator('std-aria', 'Aria', 'en-US', 'female', 'Clear, warm general-purpose narrator.'),
  narrator('std-jenny', 'Jenny', 'en-US', 'female', 'Friendly and upbeat.'),
  narrator('std-michelle', 'Michelle', 'en-US', 'female', 'Poised and professional.'),
  narrator('std-monica', 'Monica', 'en-US', 'female', 'Crisp news-reader delivery.'),
  narrator('std-sara', 'Sara', 'en-US', 'female', 'Soft and reassuring.'),
  narrator('std-guy', 'Guy', 'en-US', 'male', 'Confident, even male narrator.'),
  narrator('std-davis', 'Davis', 'en-US', 'male', 'Relaxed, low and smooth.'),
  narrator('std-tony', 'Tony', 'en-US', 'male', 'Energetic and direct.'),
  narrator('std-freya', 'Freya', 'en-AU', 'female', 'Easy-going Australian narrator.'),
  narrator('std-william', 'William', 'en-AU', 'male', 'Steady Australian narrator.'),
  narrator('std-neerja', 'Neerja', 'en-IN', 'female', 'Warm Indian English narrator.'),
  narrator('std-emily', 'Emily', 'en-IE', 'female', 'Lilting Irish narrator.'),
  narrator('calm-mom', 'Calm Mom', 'en-US', 'female', 'A calm, loving mother reading aloud.'),
  narrator('sweet-teacher', 'Sweet Teacher', 'en-US', 'female', 'Patient kindergarten teacher, clear diction.'),
  narrator('sunny-friend', 'Sunny Friend', 'en-US', 'female', 'Bubbly best friend, quick and bright.'),
  narrator('bedtime-whisper', 'Bedtime Whisper', 'en-US', 'female', 'A hushed whisper for falling asleep.'),
  narrator('playful-elf', 'Playful Elf', 'en-US', 'male', 'A mischievous, squeaky elf.'),
  narrator('friendly-bear', 'Friendly Bear', 'en-US', 'male', 'A big, kind bear with a rumbling voice.'),
  narrator('story-dad', 'Story Dad', 'en-US', 'male', 'A warm dad doing the bedtime story.'),
  narrator('cozy-uncle', 'Cozy Uncle', 'en-US', 'male', 'An easy-going uncle by the fireplace.'),
  narrator('gentle-giant', 'Gentle Giant', 'en-US', 'male', 'A very deep, slow and gentle giant.'),
  {
    ...narrator('story-grandpa', 'Story Grandpa', 'en-US', 'male', 'An old grandpa with a creaky, kindly voice.'),
    age: 'senior',
  },
  narrator('std-es-dalia', 'Dalia', 'es-MX', 'female', 'Natural Mexican Spanish narrator.'),
  narrator('std-es-jorge', 'Jorge', 'es-MX', 'male', 'Friendly Mexican Spanish narrator.'),
  narrator('std-es-elena', 'Elena', 'es-ES', 'female', 'Castilian Spanish narrator.'),
  narrator('std-fr-denise', 'Denise', 'fr-FR', 'female', 'Elegant French narrator.'),
  narrator('std-fr-henri', 'Henri', 'fr-FR', 'male', 'Measured French narrator.'),
  narrator('std-fr-vivienne', 'Vivienne', 'fr-FR', 'female', 'Bright, expressive French narrator.'),
  narrator('std-de-katja', 'Katja', 'de-DE', 'female', 'Clear German narrator.'),
  narrator('std-de-konrad', 'Konrad', 'de-DE', 'male', 'Calm German narrator.'),
  narrator('std-de-amala', 'Amala', 'de-DE', 'female', 'Warm, friendly German narrator.'),
  narrator('std-pt-francisca', 'Francisca', 'pt-BR', 'female', 'Warm Brazilian narrator.'),
  narrator('std-pt-antonio', 'Antonio', 'pt-BR', 'male', 'Relaxed Brazilian narrator.'),
  narrator('std-pt-thalita', 'Thalita', 'pt-BR', 'female', 'Youthful Brazilian narrator.'),
  narrator('std-it-isabella', 'Isabella', 'it-IT', 'female', 'Melodic Italian narrator.'),
  narrator('std-it-giuseppe', 'Giuseppe', 'it-IT', 'male', 'Warm Italian narrator.'),
  narrator('std-ko-sunhi', 'Sun-Hi', 'ko-KR', 'female', 'Gentle Korean narrator.'),
  narrator('std-ko-injoon', 'InJoon', 'ko-KR', 'male', 'Steady Korean narrator.'),

  // Expressive multilingual voices (13); ids are the lower-cased display names.
  expressive('alloy', 'Alloy', 'neutral', 'Neutral and balanced.'),
  expressive('ash', 'Ash', 'male', 'Confident and assertive.'),
  expressive('ballad', 'Ballad', 'male', 'Expressive, with a wide melodic range.'),
  expressive('coral', 'Coral', 'female', 'Bright and cheerful.'),
  expressive('echo', 'Echo', 'male', 'Calm and even.'),
  expressive('fable', 'Fable', 'female', 'Warm storyteller.'),
  expressive('onyx', 'Onyx', 'male', 'Deep and authoritative.'),
  expressive('nova', 'Nova', 'female', 'Energetic and quick.'),
  expressive('sage', 'Sage', 'female', 'Thoughtful and measured.'),
  expressive('shimmer', 'Shimmer', 'female', 'Light and airy.'),
  expressive('verse', 'Verse', 'male', 'Dynamic, animated delivery.'),
  expressive('marin', 'Marin', 'female', 'Smooth and polished.'),
  expressive('cedar', 'Cedar', 'male', 'Resonant and grounded.'),
];

function toVoice(definition: Definition): CatalogVoice {
  const language = LANGUAGES[definition.language];
  return {
    id: definition.id,
    name: definition.name,
    language: definition.language,
    languageName: language.name,
    group: definition.group,
    gender: definition.gender,
    age: definition.age,
    description: definition.description,
    engine: FLITE_LANGUAGES.has(definition.language) ? 'flite' : 'espeak',
    key: definition.id,
    ...(definition.group === 'expressive' ? { multilingual: true } : {}),
  };
}

export const VOICES: readonly CatalogVoice[] = DEFINITIONS.map(toVoice);
const BY_ID = new Map(VOICES.map((voice) => [voice.id, voice]));

export function findVoice(id: string): CatalogVoice | undefined {
  return BY_ID.get(id);
}
