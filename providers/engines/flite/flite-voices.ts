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

const voice = (name: FliteVoiceName, pitch: number | undefined, stretch: number, formant = 1, spread?: number, gain = 1): FliteVoiceSettings => ({
  voice: name,
  ...(pitch !== undefined ? { pitch } : {}),
  ...(spread !== undefined ? { spread } : {}),
  stretch,
  formant,
  gain,
});

export const FLITE_VOICES: Record<string, FliteVoiceSettings> = {
  // Children: a shorter vocal tract (formant) on the female voice, higher and livelier.
  'kid-girl': voice('slt', 230, 1.12, 1.28, 40),
  'kid-baby': voice('slt', 250, 1.3, 1.38, 50),
  // US narrators: slt for women, rms / awb / kal16 for men, each with its own pitch and pace.
  'std-aria': voice('slt', undefined, 1),
  'std-jenny': voice('slt', 195, 0.95, 1.04, 35),
  'std-michelle': voice('slt', 160, 1.02, 0.97, 20),
  'std-monica': voice('slt', 175, 0.97, 1, 15),
  'std-sara': voice('slt', 185, 1.08, 1.02, 18),
  'std-guy': voice('rms', undefined, 1),
  'std-davis': voice('rms', 88, 1.06, 0.95, 14),
  'std-tony': voice('awb', 125, 0.95, 1, 25),
  // Character narrators.
  'calm-mom': voice('slt', 165, 1.12, 1, 14),
  'sweet-teacher': voice('slt', 200, 1.12, 1.05, 34),
  'sunny-friend': voice('slt', 215, 0.9, 1.1, 40),
  'bedtime-whisper': voice('slt', 150, 1.22, 1, 10, 0.7),
  'playful-elf': voice('kal16', 190, 0.9, 1.25, 40),
  'friendly-bear': voice('rms', 72, 1.12, 0.88, 14),
  'story-dad': voice('rms', 105, 1.06, 1, 20),
  'cozy-uncle': voice('awb', 100, 1.1, 0.97, 16),
  'gentle-giant': voice('rms', 62, 1.25, 0.84, 10),
  'story-grandpa': voice('kal16', 92, 1.18, 0.95, 22),
  // Expressive voices in English.
  alloy: voice('kal16', 118, 1),
  ash: voice('awb', 115, 0.95),
  ballad: voice('rms', 110, 1.04, 1, 32),
  coral: voice('slt', 205, 0.95, 1.06, 38),
  echo: voice('rms', 95, 1.04, 1, 12),
  fable: voice('slt', 172, 1.06, 1, 30),
  onyx: voice('rms', 70, 1.04, 0.9, 18),
  nova: voice('slt', 190, 0.88, 1.03, 34),
  sage: voice('slt', 158, 1.08, 0.98, 16),
  shimmer: voice('slt', 225, 1, 1.08, 30),
  verse: voice('awb', 120, 0.93, 1, 34),
  marin: voice('slt', 168, 1, 1, 22),
  cedar: voice('awb', 90, 1.04, 0.93, 18),
};

export function fliteVoiceSettings(key: string): FliteVoiceSettings | undefined {
  return FLITE_VOICES[key];
}

/** ARPAbet (Flite's US English phone set) -> IPA, so phoneme events read the same whichever engine spoke. */
export const FLITE_PHONES_TO_IPA: Record<string, string> = {
  pau: '_', aa: 'ɑ', ae: 'æ', ah: 'ʌ', ao: 'ɔ', aw: 'aʊ', ax: 'ə', axr: 'ɚ', ay: 'aɪ', b: 'b', ch: 'tʃ', d: 'd', dh: 'ð',
  eh: 'ɛ', er: 'ɚ', ey: 'eɪ', f: 'f', g: 'ɡ', hh: 'h', ih: 'ɪ', iy: 'i', jh: 'dʒ', k: 'k', l: 'l', m: 'm', n: 'n',
  ng: 'ŋ', ow: 'oʊ', oy: 'ɔɪ', p: 'p', r: 'ɹ', s: 's', sh: 'ʃ', t: 't', th: 'θ', uh: 'ʊ', uw: 'u', v: 'v', w: 'w',
  y: 'j', z: 'z', zh: 'ʒ',
};
