/**
 * Nito-ELD's "medium" n-gram table, held compactly and shared between threads.
 *
 * eld ships its table as one JavaScript object literal: ~105,000 n-grams, each an object of language -> score.
 * Evaluated, it takes ~77 MB in every JavaScript heap that loads it (measured in Bun: 28 -> 105 MB), and recite
 * detected in three heaps (the server and its two screening workers): ~230 MB, more than half of an idle server.
 * Here the package's own file is read as text and parsed into a hash table of typed arrays (~4 MB) in
 * SharedArrayBuffers, which a worker thread is handed instead of reading its own copy. eld's detector runs unchanged
 * over it: it reads the table by n-gram, and a Proxy hands it each entry as the object it expects, built when asked.
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

/**
 * The table as arrays over SharedArrayBuffers (posting it to a worker shares them, it copies nothing). eld's
 * n-grams are strings of byte-valued characters (its own encoding of UTF-8), so each key is stored as bytes.
 */
export interface NgramTable {
  type: string;
  languages: Record<number, string>;
  /** Entry i's key is keyBytes[keyStarts[i] .. keyStarts[i + 1]). */
  keyBytes: Uint8Array;
  keyStarts: Uint32Array;
  /** Entry i's scores are (language, score) pairs in pairs[pairStarts[i] .. pairStarts[i + 1]). */
  pairs: Uint16Array;
  pairStarts: Uint32Array;
  /** Open addressing by the key's hash: entry index + 1, or 0 for an empty slot; the length is a power of two. */
  slots: Int32Array;
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
  const shared = <T>(Array: { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number }, length: number) =>
    new Array(new SharedArrayBuffer(Math.max(1, length) * Array.BYTES_PER_ELEMENT));
  const keyLength = keys.reduce((sum, key) => sum + key.length, 0);
  const keyBytes = shared(Uint8Array, keyLength);
  const keyStarts = shared(Uint32Array, keys.length + 1);
  const pairs = shared(Uint16Array, pairList.length);
  const pairStarts = shared(Uint32Array, pairStartList.length);
  pairs.set(pairList);
  pairStarts.set(pairStartList);
  // At most half full, so a miss (most n-grams of a text) ends after a probe or two.
  let capacity = 1;
  while (capacity < keys.length * 2) capacity *= 2;
  const slots = shared(Int32Array, capacity);
  const table: NgramTable = { type, languages, keyBytes, keyStarts, pairs, pairStarts, slots };
  let written = 0;
  keys.forEach((key, entry) => {
    keyStarts[entry] = written;
    for (let i = 0; i < key.length; i++) keyBytes[written++] = key.charCodeAt(i);
    keyStarts[entry + 1] = written;
    let slot = hashOf(key) & (capacity - 1);
    while (slots[slot] !== 0) {
      // A key given twice keeps its last scores, as an object literal does.
      if (matches(table, slots[slot]! - 1, key)) break;
      slot = (slot + 1) & (capacity - 1);
    }
    slots[slot] = entry + 1;
  });
  return table;
}

/** FNV-1a over the key's characters (each a byte value). */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function matches(table: NgramTable, entry: number, key: string): boolean {
  const start = table.keyStarts[entry]!;
  if (table.keyStarts[entry + 1]! - start !== key.length) return false;
  for (let i = 0; i < key.length; i++) if (table.keyBytes[start + i] !== key.charCodeAt(i)) return false;
  return true;
}

/** The entry of an n-gram, or -1. */
export function findNgram(table: NgramTable, ngram: string): number {
  const mask = table.slots.length - 1;
  for (let slot = hashOf(ngram) & mask; ; slot = (slot + 1) & mask) {
    const entry = table.slots[slot]! - 1;
    if (entry < 0) return -1;
    if (matches(table, entry, ngram)) return entry;
  }
}

/**
 * How many n-grams' entries (or misses) eldData keeps at most: 0.8 MB of heap after detecting the sentences of
 * bench-moderation's dense book (7 MB at 16,384), which it detected 10-15% faster than with none kept.
 */
const RECENT_NGRAMS = 4_096;

/** The table as eld's `setNgrams` takes it: n-gram -> { language: score }, built on each read (eld only reads). */
export function eldData(table: NgramTable): EldData {
  const { pairs, pairStarts } = table;
  const entry = (ngram: string) => {
    const at = findNgram(table, ngram);
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
    has: (_, ngram) => typeof ngram === 'string' && findNgram(table, ngram) >= 0,
  });
  return { type: table.type, languages: table.languages, ngrams };
}
