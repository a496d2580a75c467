import type { CatalogVoice } from './catalog.ts';

/** Fixed sample sentences per language, so samples cost nothing and can be cached. */
const SAMPLES: Record<string, string> = {
  en: 'Hello! This is a sample of my voice. Once upon a time, in a quiet little town, a story was waiting to be told.',
  es: '¡Hola! Esta es una muestra de mi voz. Había una vez, en un pueblo tranquilo, una historia esperando ser contada.',
  fr: 'Bonjour ! Voici un extrait de ma voix. Il était une fois, dans un petit village paisible, une histoire qui attendait d’être racontée.',
  de: 'Hallo! Das ist eine Probe meiner Stimme. Es war einmal, in einem stillen kleinen Dorf, eine Geschichte, die erzählt werden wollte.',
  zh: '你好！这是我的声音示例。从前，在一个安静的小镇上，有一个等待被讲述的故事。',
  it: 'Ciao! Questo è un esempio della mia voce. C’era una volta, in un piccolo paese tranquillo, una storia che aspettava di essere raccontata.',
  pt: 'Olá! Esta é uma amostra da minha voz. Era uma vez, numa cidadezinha tranquila, uma história esperando para ser contada.',
  ja: 'こんにちは。これは私の声のサンプルです。むかしむかし、静かな小さな町に、語られるのを待っている物語がありました。',
  tr: 'Merhaba! Bu benim sesimden bir örnek. Bir zamanlar, sessiz küçük bir kasabada, anlatılmayı bekleyen bir hikâye vardı.',
  ar: 'مرحبا! هذه عينة من صوتي. كان يا ما كان، في بلدة صغيرة هادئة، حكاية تنتظر أن تروى.',
  ko: '안녕하세요! 제 목소리 샘플입니다. 옛날 옛적에, 조용한 작은 마을에 이야기가 들려지기를 기다리고 있었어요.',
  hi: 'नमस्ते! यह मेरी आवाज़ का एक नमूना है। एक समय की बात है, एक शांत छोटे से शहर में एक कहानी सुनाए जाने का इंतज़ार कर रही थी।',
  bn: 'নমস্কার! এটি আমার কণ্ঠের একটি নমুনা। একদা এক শান্ত ছোট শহরে একটি গল্প বলার অপেক্ষায় ছিল।',
};

export function sampleText(voice: CatalogVoice): string {
  return sampleInLanguage(voice.language);
}

/** The fixed sample sentence of a language (BCP 47 tag or primary subtag); English when there is none. */
export function sampleInLanguage(language: string): string {
  return SAMPLES[language.split('-')[0]!.toLowerCase()] ?? SAMPLES.en!;
}

/** Primary subtags with a sample sentence: every catalog language. */
export const SAMPLE_LANGUAGES = Object.keys(SAMPLES);
