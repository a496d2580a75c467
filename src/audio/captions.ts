import type { SpeechEvent } from '../../providers/spec/v1/speech-engine.ts';

export interface WordTiming {
  word: string;
  start_ms: number;
  end_ms: number;
  /** UTF-16 offset of the word in the request text. */
  offset: number;
}

/** Word timings from the engine's word events (already on the MP3 timeline). A word ends where the next begins, capped. */
export function wordTimings(
  text: string,
  events: SpeechEvent[],
  sampleRate: number,
  totalSamples: number,
): WordTiming[] {
  const words = events
    .filter((event) => event.type === 'word' && event.textLength > 0)
    .sort((a, b) => a.sample - b.sample);
  const toMs = (sample: number) => Math.round((sample * 1000) / sampleRate);
  return words.map((event, index) => {
    const start = toMs(event.sample);
    const next = words[index + 1] ? toMs(words[index + 1]!.sample) : toMs(totalSamples);
    // Long pauses after a word (sentence ends) are not part of it: cap by a generous per-character duration.
    const end = Math.max(start + 50, Math.min(next, start + 150 + event.textLength * 110));
    return {
      word: text.slice(event.textOffset, event.textOffset + event.textLength),
      start_ms: start,
      end_ms: end,
      offset: event.textOffset,
    };
  });
}

interface Cue {
  start: number;
  end: number;
  text: string;
}

/** Groups words into readable cues: at most ~42 characters or 6 s, breaking after sentence-ending punctuation. */
export function captionCues(words: WordTiming[]): Cue[] {
  const cues: Cue[] = [];
  let current: WordTiming[] = [];
  const flush = () => {
    if (current.length === 0) return;
    cues.push({
      start: current[0]!.start_ms,
      end: current.at(-1)!.end_ms,
      text: current.map((word) => word.word).join(' '),
    });
    current = [];
  };
  for (const word of words) {
    const length = current.reduce((total, entry) => total + entry.word.length + 1, 0);
    if (current.length > 0 && (length + word.word.length > 42 || word.end_ms - current[0]!.start_ms > 6000)) flush();
    current.push(word);
    if (/[.!?…]["”')]*$/.test(word.word)) flush();
  }
  flush();
  return cues;
}

function timestamp(ms: number, separator: '.' | ','): string {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}${separator}${pad(ms % 1000, 3)}`;
}

export function toWebVtt(words: WordTiming[]): string {
  const body = captionCues(words).map(
    (cue, index) => `${index + 1}\n${timestamp(cue.start, '.')} --> ${timestamp(cue.end, '.')}\n${cue.text}\n`,
  );
  return `WEBVTT\n\n${body.join('\n')}`;
}

export function toSrt(words: WordTiming[]): string {
  return captionCues(words)
    .map((cue, index) => `${index + 1}\n${timestamp(cue.start, ',')} --> ${timestamp(cue.end, ',')}\n${cue.text}\n`)
    .join('\n');
}
