/**
 * Text and timing helpers for the Flite worker: cutting a request into runs of whole sentences, reading `-psdur` phone
 * end times, placing words on those phones, and resampling Flite's 16 kHz output to the engine's rate.
 */

export interface TextRun {
  /** UTF-16 offset of the run in the request text. */
  offset: number;
  text: string;
}

const SENTENCE_END = /[.!?…]+["'”’)\]]*\s+/g;

/**
 * Whole sentences, grouped into runs of about `firstLength` characters for the first (so streaming starts soon) and
 * `length` for the rest. A run on the kept instance costs a fixed ~12 ms to start (~4% of a 500-character run); a
 * run cannot be stopped half-way, and Flite's memory grows with the longest run (~50 MB at 800 characters, ~85 MB at
 * 1,600) and stays grown for the worker's life, so runs are kept to ~30 s of audio.
 */
export function textRuns(text: string, firstLength = 240, length = 500): TextRun[] {
  const ends: number[] = [];
  for (const match of text.matchAll(SENTENCE_END)) ends.push(match.index! + match[0].length);
  ends.push(text.length);
  const runs: TextRun[] = [];
  let start = 0;
  let previous = 0;
  for (const end of ends) {
    const limit = runs.length === 0 ? firstLength : length;
    if (end - start > limit && previous > start) {
      runs.push({ offset: start, text: text.slice(start, previous) });
      start = previous;
    }
    previous = end;
  }
  // A single sentence longer than Flite handles comfortably is cut at spaces.
  const rest = text.slice(start);
  if (rest.trim() !== '') runs.push({ offset: start, text: rest });
  return runs.flatMap((run) => cutLongRun(run, Math.round(length * 1.5)));
}

function cutLongRun(run: TextRun, limit: number): TextRun[] {
  if (run.text.length <= limit) return [run];
  const parts: TextRun[] = [];
  let start = 0;
  while (run.text.length - start > limit) {
    let cut = run.text.lastIndexOf(' ', start + limit);
    if (cut <= start) cut = start + limit;
    parts.push({ offset: run.offset + start, text: run.text.slice(start, cut) });
    start = cut;
  }
  parts.push({ offset: run.offset + start, text: run.text.slice(start) });
  return parts;
}

/** Flite reads plain text; control characters are never speech, and it expects Latin-1-ish input. */
export function cleanForFlite(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/[“”«»]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/[–—]/g, ', ');
}

export interface Phone {
  name: string;
  /** Start and end in seconds of Flite's output. */
  start: number;
  end: number;
}

/** `pau:0.164 hh:0.255 ...` (end times) -> phones with start and end. */
export function parsePhones(output: string): Phone[] {
  const phones: Phone[] = [];
  let previous = 0;
  for (const item of output.trim().split(/\s+/)) {
    const separator = item.lastIndexOf(':');
    if (separator <= 0) continue;
    const end = Number(item.slice(separator + 1));
    if (!Number.isFinite(end)) continue;
    phones.push({ name: item.slice(0, separator), start: previous, end });
    previous = end;
  }
  return phones;
}

export interface WordTiming {
  textOffset: number;
  textLength: number;
  /** Seconds of Flite's output. */
  start: number;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.,$%&@-]*/gu;
const PHRASE_END = /[,.;:!?…]/;

/**
 * Flite reports phones, not words, so words are placed on them: the text's words and the phones are both cut into
 * phrases at pauses (Flite pauses at punctuation), and inside a phrase each word gets a share of the phones in
 * proportion to its letters, starting on a phone boundary. When the phrase counts disagree, the whole run is one
 * phrase. The start of each word is then within a phone or two of the truth, enough for captions and highlighting.
 */
export function placeWords(text: string, phones: Phone[]): WordTiming[] {
  const words = [...text.matchAll(WORD)].map((match) => {
    const raw = match[0].replace(/[.,]+$/, '');
    const end = match.index! + match[0].length;
    const digits = (raw.match(/\p{N}/gu) ?? []).length;
    return {
      textOffset: match.index!,
      textLength: raw.length,
      // Numbers are read out as several words.
      weight: Math.max(1, (raw.match(/\p{L}/gu) ?? []).length + digits * 3),
      endsPhrase: PHRASE_END.test(match[0] + (/^[^\s\p{L}\p{N}]*/u.exec(text.slice(end))?.[0] ?? '')),
    };
  });
  if (words.length === 0) return [];
  const phonePhrases: Phone[][] = [[]];
  for (const phone of phones) {
    if (phone.name === 'pau') {
      if (phonePhrases[phonePhrases.length - 1]!.length > 0) phonePhrases.push([]);
    } else phonePhrases[phonePhrases.length - 1]!.push(phone);
  }
  if (phonePhrases[phonePhrases.length - 1]!.length === 0) phonePhrases.pop();
  const wordPhrases: (typeof words)[] = [[]];
  for (const word of words) {
    wordPhrases[wordPhrases.length - 1]!.push(word);
    if (word.endsPhrase) wordPhrases.push([]);
  }
  if (wordPhrases[wordPhrases.length - 1]!.length === 0) wordPhrases.pop();
  const aligned = phonePhrases.length === wordPhrases.length;
  const groups = aligned
    ? wordPhrases.map((group, index) => ({ words: group, phones: phonePhrases[index]! }))
    : [{ words, phones: phonePhrases.flat() }];
  const timings: WordTiming[] = [];
  for (const group of groups) {
    const total = group.words.reduce((sum, word) => sum + word.weight, 0);
    let before = 0;
    for (const word of group.words) {
      const index = Math.min(group.phones.length - 1, Math.floor((before / total) * group.phones.length));
      const start = group.phones[index]?.start ?? phones[phones.length - 1]?.end ?? 0;
      timings.push({ textOffset: word.textOffset, textLength: word.textLength, start });
      before += word.weight;
    }
  }
  return timings;
}

/** The 16-bit mono samples and rate of a RIFF WAVE file as Flite writes it. */
export function readWave(bytes: Uint8Array): { samples: Int16Array; sampleRate: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || view.getUint32(0, false) !== 0x52494646) throw new Error('Flite wrote no audio');
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') sampleRate = view.getUint32(offset + 12, true);
    if (id === 'data') {
      const length = Math.min(size, bytes.length - offset - 8) >> 1;
      const samples = new Int16Array(length);
      for (let index = 0; index < length; index++) samples[index] = view.getInt16(offset + 8 + index * 2, true);
      return { samples, sampleRate };
    }
    offset += 8 + size + (size & 1);
  }
  throw new Error('Flite wrote no audio data');
}

/**
 * Linear-interpolation resampling from `fromRate` to `toRate`, with gain. Flite's 16 kHz speech holds nothing above
 * 8 kHz, so going up to 22.05 kHz needs no anti-aliasing filter.
 */
export function resample(input: Int16Array, fromRate: number, toRate: number, gain = 1): Int16Array {
  const length = Math.floor((input.length * toRate) / fromRate);
  const output = new Int16Array(length);
  const step = fromRate / toRate;
  for (let index = 0; index < length; index++) {
    const position = index * step;
    const left = Math.floor(position);
    const fraction = position - left;
    const a = input[left] ?? 0;
    const b = input[left + 1] ?? a;
    const value = (a + (b - a) * fraction) * gain;
    output[index] = value > 32767 ? 32767 : value < -32768 ? -32768 : value;
  }
  return output;
}
