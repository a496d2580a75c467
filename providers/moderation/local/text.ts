/**
 * Sentence segmentation for the local moderator. Scoring works on sentences and on short runs of neighbouring
 * sentences, so one bad sentence deep inside a long benign text is found wherever it lies, and context cues
 * (a reporting verb, a fairy-tale register) are read from the sentences around it.
 */

export interface Sentence {
  /** UTF-16 offsets into the screened text. */
  start: number;
  end: number;
  /** Lower-cased, typographic quotes folded to ASCII; only for matching (its length may differ from end - start). */
  text: string;
  /** The original slice, for case-sensitive cues (names). */
  original: string;
  /** Index of the paragraph (blank-line separated block) the sentence belongs to. */
  paragraph: number;
}

/** Longest sentence scored as one unit; longer runs without punctuation are cut at whitespace. */
const MAX_SENTENCE = 600;

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\u2018\u2019\u201B\u2032`]/g, "'")
    .replace(/[\u201C\u201D\u201E\u2033«»]/g, '"')
    .replace(/[\u2010-\u2015]/g, '-');

export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let paragraph = 0;
  let start = 0;
  const push = (end: number) => {
    // Skip leading whitespace so offsets point at the first character of the sentence.
    let from = start;
    while (from < end && /\s/.test(text[from]!)) from++;
    if (end > from) {
      const original = text.slice(from, end);
      sentences.push({ start: from, end, text: normalize(original), original, paragraph });
    }
    start = end;
  };
  const length = text.length;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code === 10) {
      push(index + 1);
      // A blank line starts a new paragraph.
      let next = index + 1;
      while (
        next < length &&
        (text.charCodeAt(next) === 32 || text.charCodeAt(next) === 9 || text.charCodeAt(next) === 13)
      )
        next++;
      if (text.charCodeAt(next) === 10) paragraph++;
      continue;
    }
    // 。！？ (Chinese, Japanese), । (Hindi, Bengali) and ؟ ۔ (Arabic script) end a sentence wherever they stand: those
    // scripts put no space after them, and each sentence must be read in its own language.
    if (
      code === 0x3002 ||
      code === 0xff01 ||
      code === 0xff1f ||
      code === 0x0964 ||
      code === 0x061f ||
      code === 0x06d4
    ) {
      push(index + 1);
      continue;
    }
    // . ! ? (and … ) end a sentence when followed by whitespace, a closing quote or the end of the text.
    if (code === 46 || code === 33 || code === 63 || code === 0x2026) {
      let end = index + 1;
      while (end < length && /["'”’)\].!?]/.test(text[end]!)) end++;
      if (end >= length || /\s/.test(text[end]!)) {
        // "Mr. Chen", "Dr. Lang": an abbreviation before a capitalised name does not end the sentence.
        if (
          code === 46 &&
          /(?:^|\s)(?:mr|mrs|ms|dr|st|prof|sen|gov|rep|lt|sgt|capt|no|vs|etc|e\.g|i\.e)$/i.test(
            text.slice(Math.max(start, index - 5), index),
          )
        )
          continue;
        push(end);
        index = end - 1;
        continue;
      }
    }
    if (index - start >= MAX_SENTENCE && (code === 32 || code === 9)) push(index + 1);
  }
  push(length);
  return sentences;
}
