import type { SpeechEvent } from '../../providers/spec/v1/speech-engine.ts';
import type { Viseme } from './characters.ts';

/** eSpeak phoneme symbol (IPA or its ASCII mnemonics, stress marks removed) -> mouth shape. */
export function visemeFor(phoneme: string): Viseme {
  const symbol = phoneme.replace(/[ˈˌ'",:ː]/g, '').toLowerCase();
  if (symbol === '' || symbol.startsWith('_')) return 'rest';
  if (/^[mbp]/.test(symbol)) return 'mbp';
  if (/^[fv]/.test(symbol)) return 'fv';
  if (/^(?:l|ɫ|θ|ð|t|d|n|ɾ|ɹ̩)/.test(symbol)) return 'l';
  if (/^(?:o|ɔ|u|ʊ|w|ɒ|əʊ|oʊ|y|ø|œ)/.test(symbol)) return 'round';
  if (/^(?:a|ɑ|æ|ʌ|ɐ|ɜ|aɪ|aʊ)/.test(symbol)) return 'open';
  if (/^(?:e|ɛ|i|ɪ|ə|ɚ|eɪ|j|s|z|ʃ|ʒ|tʃ|dʒ|ç|x|k|g|ɡ|h|r|ʁ|ŋ)/.test(symbol)) return 'wide';
  return 'rest';
}

/**
 * The mouth shape for every video frame: the phoneme sounding at that moment, held for at least `holdFrames` so the
 * mouth does not flicker, and closed during pauses (gaps longer than `pauseSeconds` between phonemes).
 */
export function visemeTimeline(
  events: SpeechEvent[],
  options: { sampleRate: number; fps: number; frames: number; holdFrames?: number; pauseSeconds?: number },
): Viseme[] {
  const phonemes = events
    .filter((event) => event.type === 'phoneme' && event.phoneme !== undefined)
    .sort((a, b) => a.sample - b.sample);
  const hold = options.holdFrames ?? 2;
  const pause = options.pauseSeconds ?? 0.35;
  const timeline: Viseme[] = [];
  let index = 0;
  let held: Viseme = 'rest';
  let heldFor = hold;
  for (let frame = 0; frame < options.frames; frame++) {
    const time = frame / options.fps;
    while (index + 1 < phonemes.length && phonemes[index + 1]!.sample / options.sampleRate <= time) index++;
    const current = phonemes[index];
    let wanted: Viseme = 'rest';
    if (current && current.sample / options.sampleRate <= time) {
      const next = phonemes[index + 1];
      const ends = next ? next.sample / options.sampleRate : current.sample / options.sampleRate + 0.15;
      wanted =
        time < ends && ends - current.sample / options.sampleRate < pause + 0.2
          ? visemeFor(current.phoneme!)
          : time - current.sample / options.sampleRate < 0.12
            ? visemeFor(current.phoneme!)
            : 'rest';
    }
    if (wanted !== held && heldFor >= hold) {
      held = wanted;
      heldFor = 0;
    }
    heldFor++;
    timeline.push(held);
  }
  return timeline;
}
