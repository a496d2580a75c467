/**
 * A "character" is one Unicode code point, everywhere: limits, billing, caps and headers all count the same way, so
 * an emoji or a CJK character costs what the user sees, and surrogate pairs are never split or double-billed.
 */
export function countCharacters(text: string): number {
  let count = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // A high surrogate followed by a low one is a single code point.
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    count++;
  }
  return count;
}
