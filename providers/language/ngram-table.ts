/**
 * Nito-ELD's "medium" n-gram table, held compactly and shared between threads.
 *
 * eld ships its table as one JavaScript object literal: ~105,000 n-grams, each an object of language -> score.
 * Evaluated, it takes ~77 MB in every JavaScript heap that loads it (measured in Bun: 28 -> 105 MB), and recite
 * detected in three heaps (the server and its two screening workers): ~230 MB, more than half of an idle server.
 * Here the package's own file is read as text and parsed into a hash table of typed arrays (~3.6 MB) in
 * SharedArrayBuffers, which a worker thread is handed instead of reading its own copy. eld's detector runs unchanged
 * over it: it reads the table by n-gram, and a Proxy hands it each entry as the object it expects, built when asked.
 */
import { readFileSync } from 'node:fs';
import { sharedArray, StringIndex, type StringIndexData } from './string-index.ts';
// Embedded in the compiled binary; the import is the file's path (embedded-files.d.ts).
import mediumTablePath from '../../node_modules/eld/src/ngrams/medium.js' with { type: 'file' };

/** What eld's `setNgrams` takes: the table's type, its languages by index, and n-gram -> { language: score }. */
export interface EldData {
  type: string;
  languages: Record<number, string>;
  ngrams: Record<string, Record<number, number>>;
}

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

/**
 * How many n-grams' entries (or misses) eldData keeps at most: 0.8 MB of heap after detecting the sentences of
 * bench-moderation's dense book (7 MB at 16,384), which it detected 10-15% faster than with none kept.
 */
const RECENT_NGRAMS = 4_096;

/** The table as eld's `setNgrams` takes it: n-gram -> { language: score }, built on each read (eld only reads). */
export function eldData(table: NgramTable): EldData {
  const { pairs, pairStarts } = table;
  const keys = new StringIndex(table.keys);
  const entry = (ngram: string) => {
    const at = keys.find(ngram);
    if (at < 0) return undefined;
    const scores: Record<number, number> = {};
    for (let pair = pairStarts[at]!; pair < pairStarts[at + 1]!; pair += 2) scores[pairs[pair]!] = pairs[pair + 1]!;
    return scores;
  };
  // The n-grams met most are met again and again (a language's commonest words): their entries, and their misses, are
  // kept, up to RECENT_NGRAMS, instead of being found and built anew.
  const recent = new Map<string, Record<number, number> | null>();
  const cached = (ngram: string) => {
    let scores = recent.get(ngram);
    if (scores === undefined) {
      if (recent.size >= RECENT_NGRAMS) recent.clear();
      scores = entry(ngram) ?? null;
      recent.set(ngram, scores);
    }
    return scores ?? undefined;
  };
  const ngrams = new Proxy({} as EldData['ngrams'], {
    get: (_, ngram) => (typeof ngram === 'string' ? cached(ngram) : undefined),
    has: (_, ngram) => typeof ngram === 'string' && keys.find(ngram) >= 0,
  });
  return { type: table.type, languages: table.languages, ngrams };
}
