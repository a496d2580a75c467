/**
 * eSpeak reads its input as SSML and switches to raw phoneme input on `[[`. User text must be plain text, so markup
 * characters are escaped and phoneme brackets broken up; `offsets` maps positions in the prepared input back to the
 * original text so word events point at the user's characters.
 */
export interface PreparedText {
  input: string;
  /** offsets[i] = UTF-16 index in the original text of prepared input character i (code point based, as eSpeak counts). */
  offsets: number[];
}

const REPLACEMENTS: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function prepareText(text: string): PreparedText {
  let input = '';
  const offsets: number[] = [];
  let previous = '';
  let index = 0;
  for (const character of text) {
    let replacement = REPLACEMENTS[character] ?? character;
    // `[[` and `]]` toggle phoneme mode; a space between the brackets keeps them literal.
    if ((character === '[' || character === ']') && previous === character) replacement = ` ${character}`;
    // Control characters (other than whitespace) confuse the SSML reader and are never speech.
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(character)) replacement = ' ';
    for (const _ of replacement) offsets.push(index);
    input += replacement;
    previous = character;
    index += character.length;
  }
  offsets.push(index);
  return { input, offsets };
}
