/**
 * A learned reading of the seven lexicon languages (zh, ja, ko, tr, ar, hi, bn), beside their word lists
 * (lexicons.ts): one logistic regression per category over the character n-grams of a text, so a threat or a plan the
 * lists do not hold ("your daughter's school is on the way home, isn't it") still counts, in whatever script. Trained
 * by scripts/train-moderation.ts (scripts/train-grams.ts) on the labelled texts of these languages, stored in
 * grams.dat and read the first time it is needed (model.ts). It reads a text paragraph by paragraph, each whole, as it
 * was trained on messages of one to five sentences; a paragraph longer than a short text is read by the lists alone
 * (classifier.ts).
 */

import { sharedArray, sharedFloats, StringIndex, type StringIndexData } from '../../language/string-index.ts';

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

/** A GramModel's tables, as posted to a screening worker (their arrays are shared, string-index.ts). */
export interface GramTables {
  bias: number[];
  thresholds: number[];
  shares: number[];
  shortThresholds: number[];
  /** A weight per category for each n-gram, row by row. */
  weights: Float64Array;
  /** Per language, its n-grams without the language's name ("öld" for "tr:öld"), and each one's row of `weights`. */
  languages: Record<string, { index: StringIndexData; rows: Int32Array }>;
}

export class GramModel {
  readonly tables: GramTables;
  private readonly byLanguage = new Map<string, { index: StringIndex; rows: Int32Array }>();
  /** The call that last counted each row, so an n-gram met twice in a text counts once. */
  private readonly stamps: Int32Array;
  private stamp = 0;
  /** Scratch space for the entries of a text's n-grams (StringIndex.findAll). */
  private found = new Int32Array(1024);
  /** The categories whose share is not 0 (the model languages' n-gram model is blended in them alone). */
  readonly blended: readonly number[];

  /** From the model file, or from tables another thread built (shared, not copied). */
  constructor(source: GramModelFile | GramTables) {
    this.tables = 'languages' in source ? source : tablesOf(source);
    for (const [language, { index, rows }] of Object.entries(this.tables.languages))
      this.byLanguage.set(language, { index: new StringIndex(index), rows });
    this.stamps = new Int32Array(this.tables.weights.length / this.tables.bias.length);
    this.blended = this.shares.flatMap((share, category) => (share > 0 ? [category] : []));
  }

  /**
   * Probability per category at or above which it is flagged; for the model languages' n-gram model, the blend's
   * (GramModelFile).
   */
  get thresholds(): readonly number[] {
    return this.tables.thresholds;
  }
  /** Per category, the share of the log-odds when blended with the main model's (0: not blended). */
  get shares(): readonly number[] {
    return this.tables.shares;
  }
  get shortThresholds(): readonly number[] {
    return this.tables.shortThresholds;
  }

  /**
   * Log-odds per category of texts, each in its language, read together: the sum of the weights of their distinct
   * n-grams (gramsOf), looked up where they lie in the text rather than built as names one by one.
   */
  logOddsOf(texts: Iterable<readonly [language: string, text: string]>): number[] {
    const { bias, weights } = this.tables;
    const width = bias.length;
    // A Float64Array, not an array of numbers: the same sums, sooner (the 2,974 model-language paragraphs of
    // bench-moderation's dense book were read in 221 ms with an array, 135-150 ms with it).
    const sums = Float64Array.from(bias);
    this.stamp = this.stamp === 0x7fffffff ? 1 : this.stamp + 1;
    const { stamp, stamps } = this;
    if (stamp === 1) stamps.fill(0);
    for (const [language, text] of texts) {
      const reading = this.byLanguage.get(language);
      if (!reading) continue;
      const { index, rows } = reading;
      const padded = ` ${text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ')} `;
      const [low, high] = SIZES[language] ?? DEFAULT_SIZES;
      const length = padded.length;
      const cells = (high - low + 1) * length;
      if (this.found.length < cells) this.found = new Int32Array(Math.max(cells, this.found.length * 2));
      const found = this.found;
      const characters = index.findAll(padded, low, high, found);
      // Counted size by size, in the order gramsOf lists them (a row met again counts once): the same sums, to the last
      // bit.
      for (let size = low; size <= high; size++) {
        const cell = (size - low) * length;
        for (let start = 0; start + size <= characters; start++) {
          const entry = found[cell + start]!;
          if (entry < 0) continue;
          const row = rows[entry]!;
          if (stamps[row] === stamp) continue;
          stamps[row] = stamp;
          for (let category = 0, at = row * width; category < width; category++, at++) sums[category]! += weights[at]!;
        }
      }
    }
    return [...sums];
  }

  /** Probability per category of a text in one of the lexicon languages. */
  score(text: string, language: string): number[] {
    return this.logOddsOf([[language, text]]).map((sum) => 1 / (1 + Math.exp(-sum)));
  }
}

/** The tables of a model file: its n-grams indexed language by language, its arrays shared. */
function tablesOf(file: GramModelFile): GramTables {
  const byLanguage = new Map<string, { grams: string[]; rows: number[] }>();
  for (const [row, gram] of file.grams.entries()) {
    const colon = gram.indexOf(':');
    const language = gram.slice(0, colon);
    const entries = byLanguage.get(language) ?? { grams: [], rows: [] };
    byLanguage.set(language, entries);
    entries.grams.push(gram.slice(colon + 1));
    entries.rows.push(row);
  }
  const languages: GramTables['languages'] = {};
  for (const [language, { grams, rows }] of byLanguage) {
    const shared = sharedArray(Int32Array, rows.length);
    shared.set(rows);
    languages[language] = { index: StringIndex.of(grams).data, rows: shared };
  }
  return {
    bias: file.bias,
    thresholds: file.thresholds,
    shares: file.shares ?? file.thresholds.map(() => 1),
    shortThresholds: file.shortThresholds ?? file.thresholds,
    weights: sharedFloats(file.weights),
    languages,
  };
}
