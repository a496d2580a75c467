/**
 * The local moderator's learned model: one logistic regression per category over the features of features.ts, plus a
 * small hidden layer over the class features (not words) whose units add to every category's sum; trained by
 * scripts/train-moderation.ts on the labelled sets in this folder (model.json is its output; retrain after changing
 * features.ts or the data). The same script trains the n-gram models (grams.ts): the lexicon languages' (grams.dat) and
 * the model languages' (model-grams.dat), whose reading is blended with this model's on short paragraphs
 * (classifier.ts).
 */
import { MODERATION_CATEGORIES, type ModerationCategory } from '../../spec/v1/moderation.ts';
import { readFileSync } from 'node:fs';
import { GramModel, type GramModelFile } from './grams.ts';
// Embedded in the compiled binary; the import is the file's path (embedded-files.d.ts).
import gramsPath from './grams.dat' with { type: 'file' };
import blendPath from './model-grams.dat' with { type: 'file' };
import modelFile from './model.json' with { type: 'json' };

export interface ModelFile {
  version: 1;
  categories: ModerationCategory[];
  bias: number[];
  /** Probability at or above which a category is flagged, chosen on cross-validation (see the training script). */
  thresholds: number[];
  /**
   * The thresholds of a short text (SHORT_TEXT_WORDS words or fewer, classifier.ts), chosen on cross-validation too (see
   * the training script): a message of a dozen words has a dozen features, so its probabilities sit lower for harm and
   * benign texts alike than a paragraph's. A short text's scores are mapped onto the common scale (classifier.ts).
   */
  shortThresholds?: number[];
  weights: Record<string, number[]>;
  /** A hidden layer over the class features, shared by the categories: its units add to each category's sum. */
  hidden?: { width: number; bias: number[]; out: number[][]; weights: Record<string, number[]> };
  /** The n-gram model of the lexicon languages (grams.ts); the committed one is grams.dat, read when first needed. */
  grams?: GramModelFile;
  training: Record<string, unknown>;
}

export class Model {
  /** Feature name -> row of `matrix` (one weight per category). */
  private readonly ids = new Map<string, number>();
  private readonly matrix: Float64Array;
  private readonly stamps: Int32Array;
  private stamp = 0;
  readonly categories: readonly ModerationCategory[];
  readonly thresholds: readonly number[];
  readonly shortThresholds: readonly number[] | undefined;
  private readonly gramFile: GramModelFile | (() => GramModelFile) | undefined;
  private gramModel: GramModel | undefined;
  private readonly blendFile: (() => GramModelFile) | undefined;
  private blendModel: GramModel | undefined;
  private readonly bias: readonly number[];
  private readonly hiddenWidth: number;
  private readonly hiddenBias: readonly number[];
  private readonly hiddenOut: readonly (readonly number[])[];
  /** The hidden layer's input weights, a row per class feature it weighs; `hiddenRow` maps a row of `matrix` to one. */
  private readonly hiddenMatrix: Float64Array;
  private readonly hiddenRow: Int32Array;
  private readonly hiddenSums: Float64Array;

  /**
   * `grams` reads the lexicon languages' n-gram model when the file holds none (grams.dat for the committed model),
   * `blend` the model languages' (model-grams.dat); a model without `blend` reads short paragraphs alone.
   */
  constructor(file: ModelFile, grams?: () => GramModelFile, blend?: () => GramModelFile) {
    if (file.version !== 1 || file.categories.join() !== MODERATION_CATEGORIES.join())
      throw new Error('moderation model does not match this build');
    this.categories = file.categories;
    this.thresholds = file.thresholds;
    this.shortThresholds = file.shortThresholds;
    this.gramFile = file.grams ?? grams;
    this.blendFile = blend;
    this.bias = file.bias;
    const entries = Object.entries(file.weights);
    for (const feature of Object.keys(file.hidden?.weights ?? {}))
      if (!(feature in file.weights)) entries.push([feature, file.categories.map(() => 0)]);
    this.hiddenWidth = file.hidden?.width ?? 0;
    this.hiddenBias = file.hidden?.bias ?? [];
    this.hiddenOut = file.hidden?.out ?? [];
    this.hiddenSums = new Float64Array(this.hiddenWidth);
    this.hiddenRow = new Int32Array(entries.length).fill(-1);
    this.hiddenMatrix = new Float64Array(Object.keys(file.hidden?.weights ?? {}).length * this.hiddenWidth);
    let hiddenRows = 0;
    this.matrix = new Float64Array(entries.length * this.categories.length);
    this.stamps = new Int32Array(entries.length);
    entries.forEach(([feature, values], row) => {
      this.ids.set(feature, row);
      this.matrix.set(values, row * this.categories.length);
      const hidden = file.hidden?.weights[feature];
      if (hidden) {
        this.hiddenRow[row] = hiddenRows;
        this.hiddenMatrix.set(hidden, hiddenRows++ * this.hiddenWidth);
      }
    });
  }

  /**
   * The n-gram model of the lexicon languages, which reads their short texts beside the lists (classifier.ts); read
   * the first time one is screened, so a process or a screening worker that meets none (long texts are read by the
   * lists alone) never holds it: 18-20 MB measured.
   */
  get grams(): GramModel | undefined {
    if (this.gramFile && !this.gramModel)
      this.gramModel = new GramModel(typeof this.gramFile === 'function' ? this.gramFile() : this.gramFile);
    return this.gramModel;
  }

  /**
   * The model languages' n-gram model, whose reading of a short paragraph is blended with this model's (classifier.ts);
   * read the first time one is screened.
   */
  get blend(): GramModel | undefined {
    if (this.blendFile && !this.blendModel) this.blendModel = new GramModel(this.blendFile());
    return this.blendModel;
  }

  /** The model's rows for a list of feature names (features the model does not weigh are dropped). */
  rowsOf(features: Iterable<string>): Int32Array {
    const rows: number[] = [];
    for (const feature of features) {
      const row = this.ids.get(feature);
      if (row !== undefined) rows.push(row);
    }
    return Int32Array.from(rows);
  }

  /** Probability per category (in MODERATION_CATEGORIES order) of the union of some feature rows, each counted once. */
  scoreRows(groups: readonly Int32Array[]): number[] {
    const width = this.categories.length;
    const sums = Float64Array.from(this.bias);
    const hidden = this.hiddenWidth > 0 ? this.hiddenSums.fill(0) : undefined;
    // A fresh stamp per call marks rows already counted, so a feature shared by two sentences counts once.
    this.stamp = this.stamp === 0x7fffffff ? 1 : this.stamp + 1;
    if (this.stamp === 1) this.stamps.fill(0);
    for (const rows of groups) {
      // Indexed: Bun iterates a typed array's for-of through a generic iterator, several times slower.
      for (let at = 0; at < rows.length; at++) {
        const row = rows[at]!;
        if (this.stamps[row] === this.stamp) continue;
        this.stamps[row] = this.stamp;
        const base = row * width;
        for (let index = 0; index < width; index++) sums[index]! += this.matrix[base + index]!;
        if (hidden && this.hiddenRow[row]! >= 0) {
          const start = this.hiddenRow[row]! * hidden.length;
          for (let unit = 0; unit < hidden.length; unit++) hidden[unit]! += this.hiddenMatrix[start + unit]!;
        }
      }
    }
    if (hidden)
      for (let unit = 0; unit < hidden.length; unit++) {
        const activation = hidden[unit]! + this.hiddenBias[unit]!;
        if (activation <= 0) continue;
        for (let index = 0; index < width; index++) sums[index]! += this.hiddenOut[index]![unit]! * activation;
      }
    return Array.from(sums, (sum) => 1 / (1 + Math.exp(-sum)));
  }

  /** Probability per category for a set of feature names. */
  score(features: Iterable<string>): number[] {
    return this.scoreRows([this.rowsOf(features)]);
  }
}

let loaded: Model | undefined;
export function defaultModel(): Model {
  loaded ??= new Model(
    modelFile as unknown as ModelFile,
    () => JSON.parse(readFileSync(gramsPath, 'utf8')) as GramModelFile,
    () => JSON.parse(readFileSync(blendPath, 'utf8')) as GramModelFile,
  );
  return loaded;
}
