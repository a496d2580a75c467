/**
 * Flite's private voice table: catalog key -> built-in Flite voice and its settings.
 *
 * The package ships `slt` (US female), `rms` and `awb` (US / Scottish male, clustergen), `kal16` and `kal` (US male,
 * diphone), and two that are not used: `kal` (8 kHz) and `awb_time` (it reads clock times only). Pitch is `int_f0_target_mean` (Hz), pace `duration_stretch` (1 = the voice's
 * own pace at speed `normal`, larger is slower). `formant` > 1 synthesises slower and plays it back faster: pitch and
 * formants rise together, as they do in a shorter vocal tract, so a child voice sounds like a child rather than a
 * sped-up adult. `flatten` scales the pitch spread (`int_f0_target_stddev`).
 */
export type FliteVoiceName = 'slt' | 'rms' | 'awb' | 'kal16';

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
  // Children: the female voice, much higher, livelier and quicker. A shorter vocal tract (formant > 1) sounds more
  // childlike, but measured in scripts/bench-voices.ts even a 3% formant rise on slt doubles the recogniser's word
  // errors (1.28 made kid-girl 97% WER), so the child voices keep the adult tract and carry the age in pitch and pace.
  'kid-girl': voice('slt', 290, 1, 1, 45),
  'kid-baby': voice('slt', 320, 1.1, 1, 55),
  // Women on slt, apart by pitch (140-274 Hz, 4-6% steps) with the recorded vocal tract for the same reason.
  // The default narrator keeps slt's own pitch (~172 Hz) and pace; a pitch spread of 15 Hz, about slt's own (its
  // measured F0 spread hardly changes), steadies the contour the recogniser trips on. Without dither
  // (scripts/bench-voices.ts) it measures 12.8% WER on the sentences and 17.6% held out, against 13.7% and 20.2% with
  // slt's own spread and 16.3% and 16.6% for Flite's slt as it comes. A sweep of pitch (150-185 Hz), pace (0.95-1.2)
  // and spread (5-20 Hz) moved both figures by up to 2-7 points either way with no trend (155 Hz worse, 160 better,
  // 165 worse), which is the recogniser's noise, not the voice: nothing else is moved.
  'std-aria': voice('slt', undefined, 1, 1, 15),
  'bedtime-whisper': voice('slt', 140, 1.12, 1, 10, 0.7),
  sage: voice('slt', 146, 1.08, 1, 16),
  'std-michelle': voice('slt', 152, 1.02, 1, 20),
  // Measured without dither (bench-voices), 1.12 was 20.7% WER on the sentences and 18.1% held out; 1.15 measured
  // 15.9% and 16.6%, the calmer pace helping both sets.
  'calm-mom': voice('slt', 158, 1.15, 1, 14),
  'std-sara': voice('slt', 164, 1.08, 1, 18),
  fable: voice('slt', 190, 1.06, 1, 30),
  marin: voice('slt', 198, 1, 1, 22),
  'std-monica': voice('slt', 204, 0.97, 1, 15),
  nova: voice('slt', 220, 0.9, 1, 34),
  'std-jenny': voice('slt', 230, 0.95, 1, 35),
  'sweet-teacher': voice('slt', 240, 1.12, 1, 34),
  coral: voice('slt', 250, 0.95, 1, 38),
  'sunny-friend': voice('slt', 262, 0.9, 1, 40),
  shimmer: voice('slt', 274, 1, 1, 30),
  // Men. rms ignores int_f0_target_mean, so its men differ by vocal-tract scale, which the recogniser tolerates
  // upwards (1.12: 11% WER) but not downwards (0.84: 56%); the deep voices are therefore awb and kal16 at low pitch.
  'std-guy': voice('rms', undefined, 1),
  echo: voice('rms', undefined, 1.04, 1.04),
  'story-dad': voice('rms', undefined, 1.06, 1.08),
  ballad: voice('rms', undefined, 1.04, 1.13),
  'friendly-bear': voice('awb', 84, 1.12, 1, 15),
  cedar: voice('awb', 91, 1.04, 1, 18),
  'std-davis': voice('awb', 98, 1.06, 1, 16),
  'cozy-uncle': voice('awb', 106, 1.1, 1, 16),
  ash: voice('awb', 115, 0.95),
  'std-tony': voice('awb', 126, 0.95, 1, 25),
  verse: voice('awb', 140, 0.93, 1, 34),
  'gentle-giant': voice('kal16', 76, 1.25, 1, 12),
  'story-grandpa': voice('kal16', 88, 1.18, 1, 22),
  onyx: voice('kal16', 100, 1.04),
  alloy: voice('kal16', 118, 1),
  'playful-elf': voice('kal16', 190, 0.9, 1.1, 40),
};

/**
 * Each Flite voice's own pace differs (awb ~20 characters per second, rms ~15); these stretches bring all of them to
 * ~15 characters per second of English at `stretch` 1, the pace of the rest of the catalog. Any other voice keeps its
 * own pace.
 */
export const FLITE_BASE_STRETCH: Partial<Record<string, number>> = { slt: 1.12, rms: 1, awb: 1.25, kal16: 1.08 };

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
