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

export class GramModel {
  /** Per language, its n-grams without the language's name ("öld" for "tr:öld") -> row of `weights`. */
  private readonly byLanguage = new Map<string, Map<string, number>>();
  private readonly weights: Float64Array;
  /** The call that last counted each row, so an n-gram met twice in a text counts once. */
  private readonly stamps: Int32Array;
  private stamp = 0;
  readonly thresholds: readonly number[];
  readonly shares: readonly number[];
  readonly shortThresholds: readonly number[];
  private readonly bias: readonly number[];

  constructor(file: GramModelFile) {
    for (const [row, gram] of file.grams.entries()) {
      const colon = gram.indexOf(':');
      const language = gram.slice(0, colon);
      const rows = this.byLanguage.get(language) ?? new Map<string, number>();
      this.byLanguage.set(language, rows);
      rows.set(gram.slice(colon + 1), row);
    }
    this.weights = Float64Array.from(file.weights);
    this.stamps = new Int32Array(file.grams.length);
    this.thresholds = file.thresholds;
    this.shares = file.shares ?? file.thresholds.map(() => 1);
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
    const count = (row: number | undefined) => {
      if (row === undefined || this.stamps[row] === this.stamp) return;
      this.stamps[row] = this.stamp;
      for (let category = 0; category < width; category++) sums[category]! += this.weights[row * width + category]!;
    };
    for (const [language, text] of texts) {
      const rows = this.byLanguage.get(language);
      if (!rows) continue;
      const padded = ` ${text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ')} `;
      // gramsOf counts characters, not UTF-16 units: a text with a character outside the BMP (an emoji) is read by it.
      if (/[\uD800-\uDFFF]/.test(padded)) {
        for (const gram of gramsOf(text, language)) count(rows.get(gram.slice(language.length + 1)));
        continue;
      }
      const [low, high] = SIZES[language] ?? DEFAULT_SIZES;
      for (let size = low; size <= high; size++)
        for (let index = 0; index + size <= padded.length; index++)
          count(rows.get(padded.substring(index, index + size)));
    }
    return sums;
  }

  /** Probability per category of a text in one of the lexicon languages. */
  score(text: string, language: string): number[] {
    return this.logOddsOf([[language, text]]).map((sum) => 1 / (1 + Math.exp(-sum)));
  }
}
