/**
 * A learned reading of the seven lexicon languages (zh, ja, ko, tr, ar, hi, bn), beside their word lists
 * (lexicons.ts): one logistic regression per category over the character n-grams of a text, so a threat or a plan the
 * lists do not hold ("your daughter's school is on the way home, isn't it") still counts, in whatever script. Trained
 * by scripts/train-moderation.ts (scripts/train-grams.ts) on the labelled texts of these languages, stored in
 * grams.dat and read the first time it is needed (model.ts). It reads a short text whole, paragraph by paragraph, as
 * it was trained on messages of one to five sentences; a long text is read by the lists alone (classifier.ts).
 */

/** n-gram lengths per language: Chinese and Japanese write a word in one to three characters, the others in more. */
const SIZES: Record<string, readonly [number, number]> = { zh: [1, 3], ja: [1, 3] };
const DEFAULT_SIZES = [2, 4] as const;

/** The distinct character n-grams of a text, named with its language ("zh:杀了", "tr:öld"). */
export function gramsOf(text: string, language: string): string[] {
  const characters = [...` ${text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ')} `];
  const [low, high] = SIZES[language] ?? DEFAULT_SIZES;
  const grams = new Set<string>();
  for (let size = low; size <= high; size++)
    for (let index = 0; index + size <= characters.length; index++)
      grams.add(`${language}:${characters.slice(index, index + size).join('')}`);
  return [...grams];
}

/** The model as stored: its n-grams, and their weights in one flat list. */
export interface GramModelFile {
  /** Per category (MODERATION_CATEGORIES order). */
  bias: number[];
  /**
   * Probability at or above which a category is flagged, chosen on cross-validation (scripts/train-grams.ts); for the
   * model languages' n-gram model, the blend's probability (`shares`).
   */
  thresholds: number[];
  /**
   * The model languages' n-gram model only (model-grams.dat): per category, its share of the log-odds when blended with
   * the main model's (classifier.ts; 0: not blended), and the blend's thresholds of a short text (SHORT_TEXT_WORDS).
   */
  shares?: number[];
  shortThresholds?: number[];
  /** The n-grams the model weighs. */
  grams: string[];
  /** A weight per category for each n-gram of `grams`, in its order (grams x categories). */
  weights: number[];
}

const OFFSET_BASIS = 0x811c9dc5;
const PRIME = 0x01000193;

/** The FNV-1a hash of the UTF-16 code units `text[start, start + length)`. */
function hashOf(text: string, start: number, length: number): number {
  let hash = OFFSET_BASIS;
  for (let unit = 0; unit < length; unit++) hash = Math.imul(hash ^ text.charCodeAt(start + unit), PRIME);
  return hash;
}

/**
 * One language's n-grams -> their rows, found from a stretch of a text by its UTF-16 code units, so that reading a
 * text builds no substring (a Map keyed by substrings spent 40% of a book's screening building and hashing them): an
 * open-addressing table of FNV-1a hashes, whose n-grams are compared unit by unit.
 */
class GramIndex {
  /** Slot -> entry + 1 (0: empty). */
  private readonly slots: Int32Array;
  private readonly mask: number;
  /** The entries' code units, one after another; entry `e` is units[starts[e]] to units[starts[e + 1]]. */
  private readonly units: Uint16Array;
  private readonly starts: Uint32Array;
  private readonly rows: Int32Array;

  constructor(entries: readonly (readonly [gram: string, row: number])[]) {
    let capacity = 16;
    while (capacity < entries.length * 2) capacity *= 2;
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.starts = new Uint32Array(entries.length + 1);
    for (const [entry, [gram]] of entries.entries()) this.starts[entry + 1] = this.starts[entry]! + gram.length;
    this.units = new Uint16Array(this.starts[entries.length]!);
    this.rows = new Int32Array(entries.length);
    for (const [entry, [gram, row]] of entries.entries()) {
      for (let unit = 0; unit < gram.length; unit++) this.units[this.starts[entry]! + unit] = gram.charCodeAt(unit);
      this.rows[entry] = row;
      const slot = this.slotOf(hashOf(gram, 0, gram.length), gram, 0, gram.length);
      // An n-gram listed twice keeps its last row, as a Map would.
      if (this.slots[slot]) this.rows[this.slots[slot]! - 1] = row;
      else this.slots[slot] = entry + 1;
    }
  }

  /** The slot of the n-gram `text[start, start + length)` whose FNV-1a hash is `hash`: its own, or the empty one. */
  private slotOf(hash: number, text: string, start: number, length: number): number {
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const entry = this.slots[slot]! - 1;
      if (entry < 0) return slot;
      const from = this.starts[entry]!;
      if (this.starts[entry + 1]! - from !== length) continue;
      let unit = 0;
      while (unit < length && this.units[from + unit] === text.charCodeAt(start + unit)) unit++;
      if (unit === length) return slot;
    }
  }

  /** The row of the n-gram `text[start, start + length)`, or -1 when the model does not weigh it. */
  rowOf(text: string, start: number, length: number): number {
    const entry = this.slots[this.slotOf(hashOf(text, start, length), text, start, length)]! - 1;
    return entry < 0 ? -1 : this.rows[entry]!;
  }

  /**
   * The rows of every n-gram of `low` to `high` units in `text` (-1: not weighed), into `rows` at
   * `(size - low) * text.length + start`: one pass over the text, each n-gram's hash (hashOf) extending its prefix's.
   */
  rowsIn(text: string, low: number, high: number, rows: Int32Array): void {
    for (let start = 0; start < text.length; start++) {
      let hash = OFFSET_BASIS;
      for (let size = 1; size <= high && start + size <= text.length; size++) {
        hash = Math.imul(hash ^ text.charCodeAt(start + size - 1), PRIME);
        if (size < low) continue;
        const entry = this.slots[this.slotOf(hash, text, start, size)]! - 1;
        rows[(size - low) * text.length + start] = entry < 0 ? -1 : this.rows[entry]!;
      }
    }
  }
}

export class GramModel {
  /** Per language, its n-grams without the language's name ("öld" for "tr:öld") -> row of `weights`. */
  private readonly byLanguage = new Map<string, GramIndex>();
  private readonly weights: Float64Array;
  /** The call that last counted each row, so an n-gram met twice in a text counts once. */
  private readonly stamps: Int32Array;
  private stamp = 0;
  /** Scratch space for the rows of a text's n-grams (GramIndex.rowsIn). */
  private found = new Int32Array(1024);
  readonly thresholds: readonly number[];
  readonly shares: readonly number[];
  /** The categories whose share is not 0 (the model languages' n-gram model is blended in them alone). */
  readonly blended: readonly number[];
  readonly shortThresholds: readonly number[];
  private readonly bias: readonly number[];

  constructor(file: GramModelFile) {
    const byLanguage = new Map<string, [gram: string, row: number][]>();
    for (const [row, gram] of file.grams.entries()) {
      const colon = gram.indexOf(':');
      const language = gram.slice(0, colon);
      const entries = byLanguage.get(language) ?? [];
      byLanguage.set(language, entries);
      entries.push([gram.slice(colon + 1), row]);
    }
    for (const [language, entries] of byLanguage) this.byLanguage.set(language, new GramIndex(entries));
    this.weights = Float64Array.from(file.weights);
    this.stamps = new Int32Array(file.grams.length);
    this.thresholds = file.thresholds;
    this.shares = file.shares ?? file.thresholds.map(() => 1);
    this.blended = this.shares.flatMap((share, category) => (share > 0 ? [category] : []));
    this.shortThresholds = file.shortThresholds ?? file.thresholds;
    this.bias = file.bias;
  }

  /**
   * Log-odds per category of texts, each in its language, read together: the sum of the weights of their distinct
   * n-grams (gramsOf), looked up where they lie in the text rather than built as names one by one.
   */
  logOddsOf(texts: Iterable<readonly [language: string, text: string]>): number[] {
    const width = this.bias.length;
    const sums = [...this.bias];
    this.stamp = this.stamp === 0x7fffffff ? 1 : this.stamp + 1;
    if (this.stamp === 1) this.stamps.fill(0);
    const count = (row: number) => {
      if (row < 0 || this.stamps[row] === this.stamp) return;
      this.stamps[row] = this.stamp;
      for (let category = 0; category < width; category++) sums[category]! += this.weights[row * width + category]!;
    };
    for (const [language, text] of texts) {
      const index = this.byLanguage.get(language);
      if (!index) continue;
      const padded = ` ${text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ')} `;
      // gramsOf counts characters, not UTF-16 units: a text with a character outside the BMP (an emoji) is read by it.
      if (/[\uD800-\uDFFF]/.test(padded)) {
        for (const gram of gramsOf(text, language))
          count(index.rowOf(gram, language.length + 1, gram.length - language.length - 1));
        continue;
      }
      const [low, high] = SIZES[language] ?? DEFAULT_SIZES;
      const cells = (high - low + 1) * padded.length;
      if (this.found.length < cells) this.found = new Int32Array(Math.max(cells, this.found.length * 2));
      index.rowsIn(padded, low, high, this.found);
      // Counted size by size, in the order gramsOf lists them: the same sums, to the last bit.
      for (let size = low; size <= high; size++)
        for (let start = 0; start + size <= padded.length; start++)
          count(this.found[(size - low) * padded.length + start]!);
    }
    return sums;
  }

  /** Probability per category of a text in one of the lexicon languages. */
  score(text: string, language: string): number[] {
    return this.logOddsOf([[language, text]]).map((sum) => 1 / (1 + Math.exp(-sum)));
  }
}
