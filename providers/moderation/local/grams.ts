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

/** The model as stored: about 120,000 n-grams, and their weights in one flat list. */
export interface GramModelFile {
  /** Per category (MODERATION_CATEGORIES order). */
  bias: number[];
  /** Probability at or above which a category is flagged, chosen on cross-validation (scripts/train-grams.ts). */
  thresholds: number[];
  /** The n-grams the model weighs. */
  grams: string[];
  /** A weight per category for each n-gram of `grams`, in its order (grams x categories). */
  weights: number[];
}

export class GramModel {
  private readonly rows = new Map<string, number>();
  private readonly weights: Float64Array;
  readonly thresholds: readonly number[];
  private readonly bias: readonly number[];

  constructor(file: GramModelFile) {
    for (const [row, gram] of file.grams.entries()) this.rows.set(gram, row);
    this.weights = Float64Array.from(file.weights);
    this.thresholds = file.thresholds;
    this.bias = file.bias;
  }

  /** Probability per category of a text in one of the lexicon languages. */
  score(text: string, language: string): number[] {
    const sums = [...this.bias];
    for (const gram of gramsOf(text, language)) {
      const row = this.rows.get(gram);
      if (row === undefined) continue;
      for (let category = 0; category < sums.length; category++)
        sums[category]! += this.weights[row * sums.length + category]!;
    }
    return sums.map((sum) => 1 / (1 + Math.exp(-sum)));
  }
}
