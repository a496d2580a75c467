/**
 * Nito-ELD's "medium" n-gram table, held compactly and shared between threads.
 *
 * eld ships its table as one JavaScript object literal: ~105,000 n-grams, each an object of language -> score.
 * Evaluated, it takes ~77 MB in every JavaScript heap that loads it (measured in Bun: 28 -> 105 MB), and recite
 * detected in three heaps (the server and its two screening workers): ~230 MB, more than half of an idle server.
 * Here the package's own file is read as text and parsed into a hash table of typed arrays (~3.6 MB) in
 * SharedArrayBuffers, which a worker thread is handed instead of reading its own copy. eld's detection is done over it
 * here (`ngramDetector`), step for step as eld 2.1 does it over its own table, with eld's own separators and result.
 */
import { readFileSync } from 'node:fs';
import { sharedArray, StringIndex, type StringIndexData } from './string-index.ts';
// Embedded in the compiled binary; the import is the file's path (embedded-files.d.ts).
import mediumTablePath from '../../node_modules/eld/src/ngrams/medium.js' with { type: 'file' };

/**
 * The table as arrays over SharedArrayBuffers (posting it to a worker shares them, it copies nothing). eld's
 * n-grams are strings of byte-valued characters (its own encoding of UTF-8), each an entry of `keys`.
 */
export interface NgramTable {
  type: string;
  languages: Record<number, string>;
  /** The n-grams, entry by entry (string-index.ts). */
  keys: StringIndexData;
  /** Entry i's scores are (language, score) pairs in pairs[pairStarts[i] .. pairStarts[i + 1]). */
  pairs: Uint16Array;
  pairStarts: Uint32Array;
}

/** Reads eld's medium table (or the file at `path`, in the same format). */
export function loadNgramTable(path: string = mediumTablePath): NgramTable {
  return parseNgramTable(readFileSync(path, 'utf8'));
}

/**
 * Parses eld's table source: `export const ngramsData = {type:'M60',languages:{0:'am',…},isSubset:false,
 * ngrams:{'abc ':{11:120,12:80},…}}`. Keys are quoted with ' (\' and \\ escaped) or bare; everything else is a
 * small integer. Throws on anything else, so a changed format fails loudly rather than detecting nothing.
 */
export function parseNgramTable(source: string): NgramTable {
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
  const keys: string[] = [];
  const pairs: number[] = [];
  const pairStarts: number[] = [0];
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
        if (!/^[\0-\xff]+$/.test(ngram)) fail('a key of byte-valued characters');
        expect(':{');
        while (source[at] !== '}') {
          pairs.push(small(integer()));
          expect(':');
          pairs.push(small(integer()));
          if (source[at] === ',') at++;
        }
        expect('}');
        keys.push(ngram);
        pairStarts.push(pairs.length);
        if (source[at] === ',') at++;
      }
      expect('}');
    } else fail('type, languages, isSubset or ngrams');
    if (source[at] === ',') at++;
  }
  if (!type || keys.length === 0) fail('a table with a type and n-grams');
  return buildTable(type, languages, keys, pairs, pairStarts);
}

function buildTable(
  type: string,
  languages: Record<number, string>,
  keys: string[],
  pairList: number[],
  pairStartList: number[],
): NgramTable {
  const pairs = sharedArray(Uint16Array, pairList.length);
  const pairStarts = sharedArray(Uint32Array, pairStartList.length);
  pairs.set(pairList);
  pairStarts.set(pairStartList);
  // A key given twice keeps its last scores, as an object literal does (StringIndex.of finds a key's last entry).
  return { type, languages, keys: StringIndex.of(keys).data, pairs, pairStarts };
}

/** The entry of an n-gram, or -1. */
export function findNgram(table: NgramTable, ngram: string): number {
  return new StringIndex(table.keys).find(ngram);
}

/** eld's answer for a text: the language ('' when none), its scores and whether it is reliable, worked out when read. */
export interface NgramGuess {
  language: string;
  getScores(): Record<string, number>;
  isReliable(): boolean;
}

// eld's own pieces, by path: the package exports its entry points alone (detect.ts says why `require`).
const { separators } = require('../../node_modules/eld/src/regexPatterns.js') as { separators: RegExp };
const { dictionary } = require('../../node_modules/eld/src/dictionary.js') as { dictionary: string[] };
const { LanguageResult } = require('../../node_modules/eld/src/LanguageResult.js') as {
  LanguageResult: new (
    language: string,
    results: number[],
    ngrams: number,
    languages: Record<number, string>,
  ) => NgramGuess;
};

/** eld subtracts this from every score in its table to keep it small, and adds it back when scoring. */
const BASE_SCORE = 53;
/** eld reads a text's first 1,000 characters, and its words up to about 350 bytes of UTF-8 (380 at most). */
const MAX_CHARACTERS = 1000;
const WORDS_AFTER_BYTES = 350;
const MAX_BYTES = 380;
/** A word's n-grams are read from its first 70 characters (bytes). */
const MAX_WORD = 70;

/**
 * eld's detector over the table, answering as eld 2.1 does over its own (a test holds them to it): eld read the table
 * through a Proxy that built an object per n-gram, which made detection a sixth of a dense book's screening.
 */
export function ngramDetector(table: NgramTable): { detect(text: string): NgramGuess } {
  const keys = new StringIndex(table.keys);
  const { pairs, pairStarts, languages } = table;
  const count = Object.keys(languages).length;
  return {
    detect(text) {
      const words = utf8Words(text.substring(0, MAX_CHARACTERS).replace(separators, ' ').trim().toLowerCase());
      // Four bytes every three, the first marked by a leading space; and the word's last four, closed by a space.
      const ngrams = new Set<string>();
      for (const word of words) {
        const length = Math.min(word.length, MAX_WORD);
        let at = 0;
        for (; at + 4 < length; at += 3) ngrams.add((at === 0 ? ' ' : '') + word.substring(at, at + 4));
        ngrams.add(`${at === 0 ? ' ' : ''}${word.substring(length !== 3 ? length - 4 : 0)} `);
      }
      const scores = new Array<number>(count).fill(0);
      for (const ngram of ngrams) {
        const entry = keys.find(ngram);
        if (entry < 0) continue;
        for (let pair = pairStarts[entry]!; pair < pairStarts[entry + 1]!; pair += 2)
          scores[pairs[pair]!]! += pairs[pair + 1]! + BASE_SCORE;
      }
      let best = -1;
      for (let language = 0; language < count; language++)
        if (scores[language]! > 0 && (best < 0 || scores[language]! > scores[best]!)) best = language;
      return best < 0
        ? new LanguageResult('', [], 0, {})
        : new LanguageResult(languages[best]!, scores, ngrams.size, languages);
    },
  };
}

/**
 * A text's words as eld spells them: each UTF-8 byte a character of eld's dictionary (ASCII as it is), the words cut
 * at spaces, and the text cut after about WORDS_AFTER_BYTES bytes.
 */
function utf8Words(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let bytes = 0;
  for (let at = 0; at < text.length; at++) {
    let code = text.charCodeAt(at);
    if (code < 0x80) {
      if (code === 32) {
        if (word !== '') words.push(word);
        word = '';
        if (bytes > WORDS_AFTER_BYTES) break;
      } else word += text[at];
      bytes++;
    } else if (code < 0x800) {
      word += dictionary[0xc0 | (code >> 6)]! + dictionary[0x80 | (code & 0x3f)]!;
      bytes += 2;
    } else if (code < 0xd800 || code >= 0xe000) {
      word += dictionary[0xe0 | (code >> 12)]! + dictionary[0x80 | ((code >> 6) & 0x3f)]!;
      word += dictionary[0x80 | (code & 0x3f)]!;
      bytes += 3;
    } else {
      // A surrogate pair (a lone surrogate takes the next unit as its pair, as eld has it).
      code = 0x10000 + (((code & 0x3ff) << 10) | (text.charCodeAt(++at) & 0x3ff));
      word += dictionary[0xf0 | (code >> 18)]! + dictionary[0x80 | ((code >> 12) & 0x3f)]!;
      word += dictionary[0x80 | ((code >> 6) & 0x3f)]! + dictionary[0x80 | (code & 0x3f)]!;
      bytes += 4;
    }
    if (bytes > MAX_BYTES) break;
  }
  if (word !== '') words.push(word);
  return words;
}
