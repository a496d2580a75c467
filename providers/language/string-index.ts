/**
 * Strings -> entry numbers, in arrays over SharedArrayBuffers, so that a worker thread is handed the server's tables
 * (posting them shares the memory) instead of parsing and building its own: the language detector's n-grams
 * (ngram-table.ts), the moderation model's feature names (moderation/local/model.ts) and its n-gram models' n-grams
 * (moderation/local/grams.ts). A string is found from a stretch of a text by its UTF-16 code units, so reading a
 * text builds no substring (a Map keyed by substrings spent 40% of a book's screening building and hashing them): an
 * open-addressing table of FNV-1a hashes, at most half full, whose keys are compared unit by unit.
 */

/** The index as posted to a worker. */
export interface StringIndexData {
  /** Slot -> entry + 1 (0: empty); the length is a power of two, at least twice the entries. */
  slots: Int32Array;
  /** The keys' code units, one after another; entry `e` is units[starts[e]] to units[starts[e + 1]]. */
  units: Uint16Array;
  starts: Uint32Array;
}

const OFFSET_BASIS = 0x811c9dc5;
const PRIME = 0x01000193;

/** The FNV-1a hash of the UTF-16 code units `text[start, start + length)`. */
export function hashOf(text: string, start: number, length: number): number {
  let hash = OFFSET_BASIS;
  for (let unit = 0; unit < length; unit++) hash = Math.imul(hash ^ text.charCodeAt(start + unit), PRIME);
  return hash;
}

/** An array of `length` elements over a SharedArrayBuffer. */
export function sharedArray<T>(
  Type: { new (buffer: SharedArrayBuffer): T; BYTES_PER_ELEMENT: number },
  length: number,
): T {
  return new Type(new SharedArrayBuffer(Math.max(1, length) * Type.BYTES_PER_ELEMENT));
}

/** A Float64Array over a SharedArrayBuffer holding `values`. */
export function sharedFloats(values: ArrayLike<number>): Float64Array {
  const array = sharedArray(Float64Array, values.length);
  array.set(values);
  return array;
}

export class StringIndex {
  readonly data: StringIndexData;
  private readonly mask: number;

  /** Over an index built here or in another thread. */
  constructor(data: StringIndexData) {
    this.data = data;
    this.mask = data.slots.length - 1;
  }

  /** The index of `keys`, entry `e` for keys[e]; a key listed twice is found as its last entry, as in a Map. */
  static of(keys: readonly string[]): StringIndex {
    let capacity = 16;
    while (capacity < keys.length * 2) capacity *= 2;
    const starts = sharedArray(Uint32Array, keys.length + 1);
    for (const [entry, key] of keys.entries()) starts[entry + 1] = starts[entry]! + key.length;
    const units = sharedArray(Uint16Array, starts[keys.length]!);
    const index = new StringIndex({ slots: sharedArray(Int32Array, capacity), units, starts });
    for (const [entry, key] of keys.entries()) {
      for (let unit = 0; unit < key.length; unit++) units[starts[entry]! + unit] = key.charCodeAt(unit);
      const slot = index.slotOf(hashOf(key, 0, key.length), key, 0, key.length);
      index.data.slots[slot] = entry + 1;
    }
    return index;
  }

  /** The slot of the key `text[start, start + length)` whose hash (hashOf) is `hash`: its own, or the empty one. */
  private slotOf(hash: number, text: string, start: number, length: number): number {
    const { slots, units, starts } = this.data;
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = slots[slot]! - 1;
      if (entry < 0) return slot;
      const from = starts[entry]!;
      if (starts[entry + 1]! - from !== length) continue;
      let unit = 0;
      while (unit < length && units[from + unit] === text.charCodeAt(start + unit)) unit++;
      if (unit === length) return slot;
    }
  }

  /** The entry of the key `text[start, start + length)` (all of `text` by default), or -1. */
  find(text: string, start = 0, length = text.length - start): number {
    return this.data.slots[this.slotOf(hashOf(text, start, length), text, start, length)]! - 1;
  }

  /**
   * The entries of every key of `low` to `high` characters in `text` (-1: none), into `entries` at
   * `(size - low) * text.length + start`, `start` counted in characters: one pass over the text, each key's hash
   * extending its prefix's. A character is a code point (a surrogate pair is one, as `[...text]` has it); returns how
   * many the text holds.
   */
  findAll(text: string, low: number, high: number, entries: Int32Array): number {
    // slotOf and hashOf written out, each key's hash extending its prefix's: called once per n-gram of a text, they
    // took a third of its n-gram reading.
    const { slots, units, starts } = this.data;
    const mask = this.mask;
    const length = text.length;
    let start = 0;
    for (let from = 0; from < length; start++) {
      let hash = OFFSET_BASIS;
      let to = from;
      for (let size = 1; size <= high && to < length; size++) {
        // The character's one or two code units.
        hash = Math.imul(hash ^ text.charCodeAt(to), PRIME);
        const code = text.charCodeAt(to++);
        if (code >= 0xd800 && code <= 0xdbff && to < length) {
          const next = text.charCodeAt(to);
          if (next >= 0xdc00 && next <= 0xdfff) hash = Math.imul(hash ^ text.charCodeAt(to++), PRIME);
        }
        if (size < low) continue;
        const span = to - from;
        let found = -1;
        for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
          const entry = slots[slot]! - 1;
          if (entry < 0) break;
          const first = starts[entry]!;
          if (starts[entry + 1]! - first !== span) continue;
          let unit = 0;
          while (unit < span && units[first + unit] === text.charCodeAt(from + unit)) unit++;
          if (unit === span) {
            found = entry;
            break;
          }
        }
        entries[(size - low) * length + start] = found;
      }
      // On to the next character.
      const code = text.charCodeAt(from++);
      if (code >= 0xd800 && code <= 0xdbff && from < length) {
        const next = text.charCodeAt(from);
        if (next >= 0xdc00 && next <= 0xdfff) from++;
      }
    }
    return start;
  }
}
