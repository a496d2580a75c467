/**
 * Nito-ELD's "medium" n-gram table, held compactly.
 *
 * eld ships its table as one JavaScript object literal: ~105,000 n-grams, each an object of language -> score.
 * Evaluated, it takes ~77 MB in every JavaScript heap that loads it (measured in Bun: 28 -> 105 MB), and recite loads
 * it three times (the server and its two screening workers): ~230 MB, more than half of a server's memory. Here
 * the package's own file is read as text and parsed into a Map of n-gram -> entry and one typed array of
 * (language, score) pairs: ~10 MB. eld's detector runs unchanged over it: it reads the table by n-gram, and a
 * Proxy hands it each entry as the object it expects, built when asked.
 */
import { readFileSync } from 'node:fs';
// Embedded in the compiled binary; the import is the file's path (embedded-files.d.ts).
import mediumTablePath from '../../node_modules/eld/src/ngrams/medium.js' with { type: 'file' };

/** What eld's `setNgrams` takes: the table's type, its languages by index, and n-gram -> { language: score }. */
export interface EldData {
  type: string;
  languages: Record<number, string>;
  ngrams: Record<string, Record<number, number>>;
}

/** Reads eld's medium table (or the file at `path`, in the same format) into the compact form. */
export function loadEldTable(path: string = mediumTablePath): EldData {
  return parseEldTable(readFileSync(path, 'utf8'));
}

/**
 * Parses eld's table source: `export const ngramsData = {type:'M60',languages:{0:'am',…},isSubset:false,
 * ngrams:{'abc ':{11:120,12:80},…}}`. Keys are quoted with ' (\' and \\ escaped) or bare; everything else is a
 * small integer. Throws on anything else, so a changed format fails loudly rather than detecting nothing.
 */
export function parseEldTable(source: string): EldData {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`eld table: expected ${what} at offset ${at}, found ${JSON.stringify(source.slice(at, at + 20))}`);
  };
  const expect = (token: string) => {
    if (!source.startsWith(token, at)) fail(JSON.stringify(token));
    at += token.length;
  };
  const key = (): string => {
    const quote = source[at];
    if (quote === "'" || quote === '"') {
      let text = '';
      let from = ++at;
      for (;;) {
        const char = source[at];
        if (char === undefined) fail('a closing quote');
        if (char === quote) break;
        if (char === '\\') {
          text += source.slice(from, at) + source[at + 1];
          at += 2;
          from = at;
        } else at++;
      }
      text += source.slice(from, at);
      at++;
      return text;
    }
    const from = at;
    while (at < source.length && !/[:,{}\s]/.test(source[at]!)) at++;
    if (at === from) fail('a key');
    return source.slice(from, at);
  };
  const integer = (): number => {
    const from = at;
    while (source.charCodeAt(at) >= 48 && source.charCodeAt(at) <= 57) at++;
    if (at === from) fail('an integer');
    return Number(source.slice(from, at));
  };

  const small = (value: number) => (value <= 0xffff ? value : fail('a language or score under 65,536'));

  at = source.indexOf('{', source.indexOf('ngramsData'));
  if (at < 0) fail('`ngramsData = {`');
  expect('{');
  let type = '';
  const languages: Record<number, string> = {};
  const index = new Map<string, number>();
  // Entry i's pairs are pairs[offsets[i] .. offsets[i + 1]), language then score.
  let pairs = new Uint16Array(1 << 18);
  let pairCount = 0;
  const offsets: number[] = [0];
  while (source[at] !== '}') {
    const field = key();
    expect(':');
    if (field === 'type') type = key();
    else if (field === 'isSubset') key();
    else if (field === 'languages') {
      expect('{');
      while (source[at] !== '}') {
        const language = integer();
        expect(':');
        languages[language] = key();
        if (source[at] === ',') at++;
      }
      expect('}');
    } else if (field === 'ngrams') {
      expect('{');
      while (source[at] !== '}') {
        const ngram = key();
        expect(':{');
        while (source[at] !== '}') {
          if (pairCount + 2 > pairs.length) {
            const grown = new Uint16Array(pairs.length * 2);
            grown.set(pairs);
            pairs = grown;
          }
          pairs[pairCount++] = small(integer());
          expect(':');
          pairs[pairCount++] = small(integer());
          if (source[at] === ',') at++;
        }
        expect('}');
        index.set(ngram, offsets.length - 1);
        offsets.push(pairCount);
        if (source[at] === ',') at++;
      }
      expect('}');
    } else fail('type, languages, isSubset or ngrams');
    if (source[at] === ',') at++;
  }
  if (!type || index.size === 0) fail('a table with a type and n-grams');
  return { type, languages, ngrams: compactNgrams(index, pairs.slice(0, pairCount), Uint32Array.from(offsets)) };
}

/** n-gram -> { language: score }, built on each read from the compact arrays (eld only reads, and only by n-gram). */
function compactNgrams(
  index: Map<string, number>,
  pairs: Uint16Array,
  offsets: Uint32Array,
): Record<string, Record<number, number>> {
  const entry = (ngram: string) => {
    const at = index.get(ngram);
    if (at === undefined) return undefined;
    const scores: Record<number, number> = {};
    for (let pair = offsets[at]!; pair < offsets[at + 1]!; pair += 2) scores[pairs[pair]!] = pairs[pair + 1]!;
    return scores;
  };
  return new Proxy({} as Record<string, Record<number, number>>, {
    get: (_, ngram) => (typeof ngram === 'string' ? entry(ngram) : undefined),
    has: (_, ngram) => typeof ngram === 'string' && index.has(ngram),
  });
}
