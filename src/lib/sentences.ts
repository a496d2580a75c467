/**
 * Splits text into segments of at most `maxLength` UTF-16 units, at sentence boundaries where possible, then at
 * whitespace, and as a last resort anywhere (never inside a surrogate pair). Concatenating the segments gives the text
 * back exactly, so offsets stay meaningful.
 */
export interface Segment {
  text: string;
  /** UTF-16 offset of the segment in the whole text. */
  offset: number;
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });

export function splitText(text: string, maxLength: number, targetLength = maxLength): Segment[] {
  if (text.length <= targetLength) return [{ text, offset: 0 }];
  const segments: Segment[] = [];
  let current = '';
  let currentOffset = 0;
  const push = () => {
    if (current) segments.push({ text: current, offset: currentOffset });
    currentOffset += current.length;
    current = '';
  };
  for (const { segment } of segmenter.segment(text)) {
    if (current.length + segment.length > targetLength && current) push();
    if (segment.length <= maxLength) {
      current += segment;
      continue;
    }
    // One sentence longer than a segment: cut at whitespace, or hard-cut when there is none.
    let rest = segment;
    while (rest.length > maxLength) {
      let cut = rest.lastIndexOf(' ', maxLength);
      if (cut < maxLength / 2) cut = maxLength;
      const code = rest.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut--;
      current = rest.slice(0, cut);
      push();
      rest = rest.slice(cut);
    }
    current = rest;
  }
  push();
  return segments;
}
