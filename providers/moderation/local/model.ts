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
import { GramModel, type GramModelFile, type GramTables } from './grams.ts';
import { sharedArray, StringIndex, type StringIndexData } from '../../language/string-index.ts';
// Embedded in the compiled binary; the import is the file's path (embedded-files.d.ts).
import gramsPath from './grams.dat' with { type: 'file' };
import blendPath from './model-grams.dat' with { type: 'file' };
// (Read when first needed, not parsed at import: a screening worker is handed the server's tables instead, index.ts.)
import modelPath from './model.json' with { type: 'file' };

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

/** A Model's tables, as posted to a screening worker (their arrays are shared, string-index.ts). */
export interface ModelTables {
  categories: ModerationCategory[];
  bias: number[];
  thresholds: number[];
  shortThresholds: number[] | undefined;
  /** Feature name -> row of `matrix` (one weight per category). */
  features: StringIndexData;
  matrix: Float64Array;
  hidden: {
    width: number;
    bias: number[];
    out: number[][];
    /** The hidden layer's input weights, a row per class feature it weighs; `rows` maps a row of `matrix` to one. */
    matrix: Float64Array;
    rows: Int32Array;
  };
}

export class Model {
  private readonly tables: ModelTables;
  private readonly features: StringIndex;
  private readonly stamps: Int32Array;
  private stamp = 0;
  private readonly gramFile: GramModelFile | (() => GramModelFile | GramTables) | undefined;
  private gramModel: GramModel | undefined;
  private readonly blendSource: (() => GramModelFile | GramTables) | undefined;
  private blendModel: GramModel | undefined;
  private readonly hiddenSums: Float64Array;

  /**
   * From the model file, or from tables another thread built (shared, not copied). `grams` reads the lexicon
   * languages' n-gram model when the file holds none (grams.dat for the committed model), `blend` the model
   * languages' (model-grams.dat); a model without `blend` reads short paragraphs alone.
   */
  constructor(
    source: ModelFile | ModelTables,
    grams?: () => GramModelFile | GramTables,
    blend?: () => GramModelFile | GramTables,
  ) {
    this.tables = 'matrix' in source ? source : tablesOf(source);
    if (!('matrix' in source)) this.gramFile = source.grams;
    this.gramFile ??= grams;
    this.blendSource = blend;
    this.features = new StringIndex(this.tables.features);
    this.stamps = new Int32Array(this.tables.matrix.length / this.tables.categories.length);
    this.hiddenSums = new Float64Array(this.tables.hidden.width);
  }

  get categories(): readonly ModerationCategory[] {
    return this.tables.categories;
  }
  /** Probability at or above which a category is flagged (ModelFile). */
  get thresholds(): readonly number[] {
    return this.tables.thresholds;
  }
  /** The thresholds of a short text (ModelFile). */
  get shortThresholds(): readonly number[] | undefined {
    return this.tables.shortThresholds;
  }

  /**
   * The tables to hand a screening worker, with the blend's (read now if it was not yet), and the lexicon languages'
   * n-gram model's if this thread has read it (else the worker reads its own the first time it needs it).
   */
  shared(): { model: ModelTables; blend: GramTables | undefined; grams?: GramTables } {
    return { model: this.tables, blend: this.blend?.tables, grams: this.gramModel?.tables };
  }

  /**
   * The n-gram model of the lexicon languages, which reads their short paragraphs beside the lists (classifier.ts);
   * read the first time one is screened, so a process or a screening worker that meets none never holds it: 18-20 MB
   * measured.
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
    if (this.blendSource && !this.blendModel) this.blendModel = new GramModel(this.blendSource());
    return this.blendModel;
  }

  /** The model's rows for a list of feature names (features the model does not weigh are dropped). */
  rowsOf(features: Iterable<string>): Int32Array {
    const rows: number[] = [];
    for (const feature of features) {
      const row = this.features.find(feature);
      if (row >= 0) rows.push(row);
    }
    return Int32Array.from(rows);
  }

  /** Probability per category (in MODERATION_CATEGORIES order) of the union of some feature rows, each counted once. */
  scoreRows(groups: readonly Int32Array[]): number[] {
    const { bias, matrix, hidden: layer } = this.tables;
    const width = this.categories.length;
    const sums = Float64Array.from(bias);
    const hidden = layer.width > 0 ? this.hiddenSums.fill(0) : undefined;
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
        for (let index = 0; index < width; index++) sums[index]! += matrix[base + index]!;
        if (hidden && layer.rows[row]! >= 0) {
          const start = layer.rows[row]! * hidden.length;
          for (let unit = 0; unit < hidden.length; unit++) hidden[unit]! += layer.matrix[start + unit]!;
        }
      }
    }
    if (hidden)
      for (let unit = 0; unit < hidden.length; unit++) {
        const activation = hidden[unit]! + layer.bias[unit]!;
        if (activation <= 0) continue;
        for (let index = 0; index < width; index++) sums[index]! += layer.out[index]![unit]! * activation;
      }
    return Array.from(sums, (sum) => 1 / (1 + Math.exp(-sum)));
  }

  /** Probability per category for a set of feature names. */
  score(features: Iterable<string>): number[] {
    return this.scoreRows([this.rowsOf(features)]);
  }
}

let loaded: Model | undefined;
const readGrams = () => JSON.parse(readFileSync(gramsPath, 'utf8')) as GramModelFile;
const readBlend = () => JSON.parse(readFileSync(blendPath, 'utf8')) as GramModelFile;

/** The committed model (model.json, grams.dat, model-grams.dat), or the tables handed to this worker (useTables). */
export function defaultModel(): Model {
  loaded ??= new Model(
    JSON.parse(readFileSync(modelPath as unknown as string, 'utf8')) as ModelFile,
    readGrams,
    readBlend,
  );
  return loaded;
}

/** Screen with the tables of another thread's committed model (a worker calls this before its first screening). */
export function useTables(shared: ReturnType<Model['shared']>): void {
  const { blend, grams } = shared;
  loaded ??= new Model(shared.model, grams ? () => grams : readGrams, blend ? () => blend : readBlend);
}

/** The tables of a model file: its features indexed, its arrays shared. */
function tablesOf(file: ModelFile): ModelTables {
  if (file.version !== 1 || file.categories.join() !== MODERATION_CATEGORIES.join())
    throw new Error('moderation model does not match this build');
  const entries = Object.entries(file.weights);
  const hiddenWeights = file.hidden?.weights ?? {};
  for (const feature of Object.keys(hiddenWeights))
    if (!(feature in file.weights)) entries.push([feature, file.categories.map(() => 0)]);
  const width = file.hidden?.width ?? 0;
  const matrix = sharedArray(Float64Array, entries.length * file.categories.length);
  const hiddenRows = sharedArray(Int32Array, entries.length).fill(-1);
  const hiddenMatrix = sharedArray(Float64Array, Object.keys(hiddenWeights).length * width);
  let hiddenRow = 0;
  entries.forEach(([feature, values], row) => {
    matrix.set(values, row * file.categories.length);
    const hidden = hiddenWeights[feature];
    if (hidden) {
      hiddenRows[row] = hiddenRow;
      hiddenMatrix.set(hidden, hiddenRow++ * width);
    }
  });
  return {
    categories: file.categories,
    bias: file.bias,
    thresholds: file.thresholds,
    shortThresholds: file.shortThresholds,
    features: StringIndex.of(entries.map(([feature]) => feature)).data,
    matrix,
    hidden: {
      width,
      bias: file.hidden?.bias ?? [],
      out: file.hidden?.out ?? [],
      matrix: hiddenMatrix,
      rows: hiddenRows,
    },
  };
}
