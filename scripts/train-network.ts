/**
 * The local moderator's network (train-moderation.ts): a logistic regression per category over every feature plus a
 * small hidden layer over the class features, trained by full-batch Adam. It runs in worker threads
 * (train-network-worker.ts, trainNetworkAside), so the cross-validation folds and the final model train side by side.
 * Deterministic: the same input gives the same numbers, in any thread.
 */
import { MODERATION_CATEGORIES, type ModerationCategory } from '../providers/spec/v1/moderation.ts';
import { inWorker } from './in-worker.ts';

/** What one training reads. */
export interface NetworkInput {
  /** Each training text's feature numbers (positions in the vocabulary), in the order they were met. */
  features: readonly Int32Array[];
  /** Each training text's labels. */
  labels: readonly (readonly ModerationCategory[])[];
  /** The vocabulary's size. */
  size: number;
  /** Each feature's L2 penalty. */
  penalty: Float64Array;
  /** Each feature's position among the hidden layer's inputs, -1 for the features it does not read. */
  hiddenIndex: Int32Array;
  /** How many features the hidden layer reads. */
  hiddenInputs: number;
  /** Units of the hidden layer. */
  units: number;
  /** The hidden layer's L2 penalty. */
  hiddenPenalty: number;
  epochs: number;
}

export interface Trained {
  /** Per category: a weight per vocabulary feature, and a bias. */
  models: { weights: Float64Array; bias: number }[];
  /** Input weights (hiddenInputs x units), unit biases, and output weights (categories x units). */
  hidden: { weights: Float64Array; bias: Float64Array; out: Float64Array };
}

/** Deterministic numbers in [-0.5, 0.5) for the hidden layer's first weights, so training reproduces. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
}

/**
 * A logistic regression per category plus the shared hidden layer, trained together by full-batch Adam with L2;
 * positives weighted up to balance each category.
 */
export function trainNetwork(input: NetworkInput): Trained {
  const { features: rowFeatures, labels, size, penalty, hiddenIndex, hiddenInputs, units, hiddenPenalty } = input;
  const categories = MODERATION_CATEGORIES.length;
  const rows = rowFeatures.length;
  const weights = new Float64Array(size * categories);
  const bias = new Float64Array(categories);
  const hiddenWeights = new Float64Array(hiddenInputs * units);
  const hiddenBias = new Float64Array(units);
  const out = new Float64Array(categories * units);
  const next = generator(12345);
  for (let index = 0; index < hiddenWeights.length; index++) hiddenWeights[index] = next() * 0.2;
  for (let index = 0; index < out.length; index++) out[index] = next() * 0.2;
  const parameters = [weights, bias, hiddenWeights, hiddenBias, out];
  // Each parameter's L2 penalty.
  const penalties = [
    Float64Array.from({ length: weights.length }, (_, position) => penalty[Math.floor(position / categories)]!),
    new Float64Array(bias.length),
    new Float64Array(hiddenWeights.length).fill(hiddenPenalty),
    new Float64Array(hiddenBias.length),
    new Float64Array(out.length).fill(hiddenPenalty),
  ];
  const gradients = parameters.map((parameter) => new Float64Array(parameter.length));
  const [weightGradient, biasGradient, hiddenGradient, hiddenBiasGradient, outGradient] = gradients as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  const first = parameters.map((parameter) => new Float64Array(parameter.length));
  const second = parameters.map((parameter) => new Float64Array(parameter.length));
  const positiveWeight = MODERATION_CATEGORIES.map((category) => {
    const positives = labels.filter((list) => list.includes(category)).length;
    return Math.sqrt((rows - positives) / Math.max(1, positives));
  });
  const targets = labels.map((list) => MODERATION_CATEGORIES.map((category) => (list.includes(category) ? 1 : 0)));
  const classInputs = rowFeatures.map((list) =>
    Int32Array.from(list, (feature) => hiddenIndex[feature]!).filter((index) => index >= 0),
  );
  const hiddenInput = new Float64Array(units);
  const activation = new Float64Array(units);
  const error = new Float64Array(categories);
  const sums = new Float64Array(categories);
  const rate = 0.05;
  for (let epoch = 1; epoch <= input.epochs; epoch++) {
    for (const gradient of gradients) gradient.fill(0);
    // Indexed loops over typed arrays: the same sums in the same order as `for … of`, without an iterator per row
    // (which took a third of the training's time).
    for (let rowIndex = 0; rowIndex < rows; rowIndex++) {
      const features = rowFeatures[rowIndex]!;
      const classes = classInputs[rowIndex]!;
      hiddenInput.set(hiddenBias);
      for (let at = 0; at < classes.length; at++) {
        const index = classes[at]!;
        for (let unit = 0; unit < units; unit++) hiddenInput[unit]! += hiddenWeights[index * units + unit]!;
      }
      for (let unit = 0; unit < units; unit++) activation[unit] = Math.max(0, hiddenInput[unit]!);
      // Each category's sum and gradients are added up in the same order as one category at a time would, feature by
      // feature, but a feature's weights for every category sit together and are read in one pass.
      sums.set(bias);
      for (let position = 0; position < features.length; position++) {
        const at = features[position]! * categories;
        for (let category = 0; category < categories; category++) sums[category]! += weights[at + category]!;
      }
      for (let category = 0; category < categories; category++) {
        let sum = sums[category]!;
        for (let unit = 0; unit < units; unit++) sum += out[category * units + unit]! * activation[unit]!;
        const target = targets[rowIndex]![category]!;
        error[category] = (1 / (1 + Math.exp(-sum)) - target) * (target ? positiveWeight[category]! : 1);
        biasGradient[category]! += error[category]!;
        for (let unit = 0; unit < units; unit++)
          outGradient[category * units + unit]! += error[category]! * activation[unit]!;
      }
      for (let position = 0; position < features.length; position++) {
        const at = features[position]! * categories;
        for (let category = 0; category < categories; category++) weightGradient[at + category]! += error[category]!;
      }
      for (let unit = 0; unit < units; unit++) {
        if (hiddenInput[unit]! <= 0) continue;
        let back = 0;
        for (let category = 0; category < categories; category++)
          back += error[category]! * out[category * units + unit]!;
        hiddenBiasGradient[unit]! += back;
        for (let at = 0; at < classes.length; at++) hiddenGradient[classes[at]! * units + unit]! += back;
      }
    }
    const firstCorrection = 1 - 0.9 ** epoch;
    const secondCorrection = 1 - 0.999 ** epoch;
    parameters.forEach((parameter, which) => {
      const gradient = gradients[which]!;
      const penaltyOf = penalties[which]!;
      const m = first[which]!;
      const v = second[which]!;
      for (let position = 0; position < parameter.length; position++) {
        const g = gradient[position]! / rows + penaltyOf[position]! * parameter[position]!;
        m[position] = 0.9 * m[position]! + 0.1 * g;
        v[position] = 0.999 * v[position]! + 0.001 * g * g;
        parameter[position]! -=
          (rate * (m[position]! / firstCorrection)) / (Math.sqrt(v[position]! / secondCorrection) + 1e-8);
      }
    });
  }
  return {
    models: MODERATION_CATEGORIES.map((_, category) => ({
      weights: Float64Array.from({ length: size }, (_, feature) => weights[feature * categories + category]!),
      bias: bias[category]!,
    })),
    hidden: { weights: hiddenWeights, bias: hiddenBias, out },
  };
}

/** trainNetwork in a worker thread (train-network-worker.ts): the same numbers, while this thread goes on. */
export function trainNetworkAside(input: NetworkInput): Promise<Trained> {
  return inWorker(new URL('./train-network-worker.ts', import.meta.url), input, 'training');
}
