/**
 * Flite's private voice table: catalog key -> built-in Flite voice and its settings.
 *
 * The package ships `slt` (US female), `rms` and `awb` (US / Scottish male, clustergen), `kal16` and `kal` (US male,
 * diphone). `kal` is 8 kHz and not used. Pitch is `int_f0_target_mean` (Hz), pace `duration_stretch` (1 = the voice's
 * own pace at speed `normal`, larger is slower). `formant` > 1 synthesises slower and plays it back faster: pitch and
 * formants rise together, as they do in a shorter vocal tract, so a child voice sounds like a child rather than a
 * sped-up adult. `flatten` scales the pitch spread (`int_f0_target_stddev`).
 */
export type FliteVoiceName = 'slt' | 'rms' | 'awb' | 'kal16';
export const FLITE_VOICE_NAMES: readonly FliteVoiceName[] = ['slt', 'rms', 'awb', 'kal16'];

export interface FliteVoiceSettings {
  voice: FliteVoiceName;
  /** Mean pitch in Hz; absent = the voice's own. */
  pitch?: number;
  /** Pitch spread in Hz; absent = the voice's own. */
  spread?: number;
  /** Duration stretch at speed `normal`. */
  stretch: number;
  /** Vocal-tract scale (1 = adult as recorded). */
  formant: number;
  /** Output gain, 1 = as synthesised. */
  gain: number;
}

const voice = (
  name: FliteVoiceName,
  pitch: number | undefined,
  stretch: number,
  formant = 1,
  spread?: number,
  gain = 1,
): FliteVoiceSettings => ({
  voice: name,
  ...(pitch !== undefined ? { pitch } : {}),
  ...(spread !== undefined ? { spread } : {}),
  stretch,
  formant,
  gain,
});

export const FLITE_VOICES: Record<string, FliteVoiceSettings> = {
  // Children: a shorter vocal tract (formant) on the female voice, higher and livelier.
  'kid-girl': voice('slt', 235, 1.12, 1.28, 40),
  'kid-baby': voice('slt', 265, 1.3, 1.38, 50),
  // Women on slt. Pitches are ~8% apart (140-228 Hz) and vocal-tract scales 6% apart, so no two sound alike:
  // `rms` ignores int_f0_target_mean, so its men differ by formant scale alone (pitch and timbre move together).
  'std-aria': voice('slt', undefined, 1),
  'std-michelle': voice('slt', 150, 1.02, 1, 20),
  'std-sara': voice('slt', 163, 1.08, 1.06, 18),
  'std-monica': voice('slt', 193, 0.97, 1, 15),
  'std-jenny': voice('slt', 193, 0.95, 1.06, 35),
  'calm-mom': voice('slt', 163, 1.12, 0.94, 14),
  'sweet-teacher': voice('slt', 210, 1.12, 1, 34),
  'sunny-friend': voice('slt', 228, 0.9, 1.06, 40),
  'bedtime-whisper': voice('slt', 140, 1.22, 1, 10, 0.7),
  coral: voice('slt', 210, 0.95, 1.06, 38),
  fable: voice('slt', 178, 1.06, 0.94, 30),
  nova: voice('slt', 178, 0.88, 1.06, 34),
  sage: voice('slt', 150, 1.08, 0.94, 16),
  shimmer: voice('slt', 228, 1, 1.12, 30),
  marin: voice('slt', 178, 1, 1, 22),
  // Men on rms (formant scale only), awb and kal16 (pitch and formant).
  'std-guy': voice('rms', undefined, 1),
  'story-dad': voice('rms', undefined, 1.06, 1.06),
  ballad: voice('rms', undefined, 1.04, 1.12),
  echo: voice('rms', undefined, 1.04, 0.94),
  'std-davis': voice('rms', undefined, 1.06, 0.89),
  onyx: voice('rms', undefined, 1.04, 0.84),
  'friendly-bear': voice('rms', undefined, 1.12, 0.8),
  'gentle-giant': voice('rms', undefined, 1.25, 0.76),
  'std-tony': voice('awb', 125, 0.95, 1, 25),
  ash: voice('awb', 108, 0.95),
  verse: voice('awb', 140, 0.93, 1, 34),
  'cozy-uncle': voice('awb', 100, 1.1, 0.94, 16),
  cedar: voice('awb', 90, 1.04, 0.94, 18),
  alloy: voice('kal16', 118, 1),
  'story-grandpa': voice('kal16', 92, 1.18, 0.95, 22),
  'playful-elf': voice('kal16', 190, 0.9, 1.25, 40),
};

/**
 * Each Flite voice's own pace differs (awb ~20 characters per second, rms ~15); these stretches bring all of them to
 * ~15 characters per second of English at `stretch` 1, the pace of the rest of the catalog.
 */
export const FLITE_BASE_STRETCH: Record<FliteVoiceName, number> = { slt: 1.12, rms: 1, awb: 1.25, kal16: 1.08 };

export function fliteVoiceSettings(key: string): FliteVoiceSettings | undefined {
  return FLITE_VOICES[key];
}

/** ARPAbet (Flite's US English phone set) -> IPA, so phoneme events read the same whichever engine spoke. */
export const FLITE_PHONES_TO_IPA: Record<string, string> = {
  pau: '_',
  aa: 'ɑ',
  ae: 'æ',
  ah: 'ʌ',
  ao: 'ɔ',
  aw: 'aʊ',
  ax: 'ə',
  axr: 'ɚ',
  ay: 'aɪ',
  b: 'b',
  ch: 'tʃ',
  d: 'd',
  dh: 'ð',
  eh: 'ɛ',
  er: 'ɚ',
  ey: 'eɪ',
  f: 'f',
  g: 'ɡ',
  hh: 'h',
  ih: 'ɪ',
  iy: 'i',
  jh: 'dʒ',
  k: 'k',
  l: 'l',
  m: 'm',
  n: 'n',
  ng: 'ŋ',
  ow: 'oʊ',
  oy: 'ɔɪ',
  p: 'p',
  r: 'ɹ',
  s: 's',
  sh: 'ʃ',
  t: 't',
  th: 'θ',
  uh: 'ʊ',
  uw: 'u',
  v: 'v',
  w: 'w',
  y: 'j',
  z: 'z',
  zh: 'ʒ',
};
