/**
 * Trains the local moderator's model (providers/moderation/local/model.json; grams.dat, the lexicon languages' n-gram
 * model, and model-grams.dat, the model languages', train-grams.ts) on the labelled training sets, and prints
 * its cross-validated precision and recall. Deterministic: the same data and features give the same model.
 *
 * The thresholds are chosen on 5-fold cross-validation: for each category the lowest probability at which at most
 * MAX_BENIGN_RATE of the benign training texts would be flagged for it. The test set (data/test-set.jsonl) is never
 * read here; measure it with `bun scripts/moderation-eval.ts --test`.
 *
 * Usage: bun scripts/train-moderation.ts [--l2 0.0001] [--word-l2 0.03] [--hidden 8] [--hidden-l2 30] [--epochs 300]
 *   [--max-benign 0.003] [--max-benign-intent 0.01] [--dry-run] [--show] [--check]
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  blendable,
  blendGramsOf,
  blendScore,
  countWords,
  isShortText,
  scoreText,
} from '../providers/moderation/local/classifier.ts';
import { Model, type ModelFile } from '../providers/moderation/local/model.ts';
import { GRAM_SETS, hash, trainBlend, trainGrams } from './train-grams.ts';
import { type NetworkInput, type Trained, trainNetworkAside } from './train-network.ts';
import { readSets, TRAINING_SETS } from './training-sets.ts';
import { analyse, textFeatures } from '../providers/moderation/local/windows.ts';
import { MODERATION_CATEGORIES, type ModerationCategory } from '../providers/spec/v1/moderation.ts';

const argument = (name: string, fallback: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
/**
 * The base L2 penalty (words and word pairs take WORD_L2 of it, the hidden layer HIDDEN_L2 times it). Measured on the
 * seven measurement sets of the time, never trained on then (2,006 benign texts, 3,030 positives; blind-set-8 and -9
 * were trained on afterwards), with the training sets of aa0ab4d: recall at a fixed 1% benign FP per category at
 * 0.0003 -> 0.0001: sexual .918 -> .916, hate .916 -> .928, threats .475 -> .555, violent .614 -> .642, gore .969 ->
 * .978; at the thresholds .895/.827/.578/.635/.958 -> .892/.867/.598/.621/.961, benign FP 3.9% -> 3.5% (78 -> 70).
 * 0.001 was worse in every category but hate; 0.00003 within about .04 of 0.0001 either way. This value was chosen
 * after seeing those figures.
 */
const L2 = argument('--l2', 0.0001);
const EPOCHS = argument('--epochs', 300);
const MAX_BENIGN_RATE = argument('--max-benign', 0.003);
/**
 * Threats and violent instructions told without harm words share their cues with ordinary plans and schedules, so their
 * thresholds sit on the hard negatives; they may take this share of benign texts instead (the others keep
 * MAX_BENIGN_RATE). The training sets' benign texts are mostly near twins of plans and threats, written to be
 * mistaken for them (3,231 of 3,732 have a risky word), so a share of them overstates what a threshold costs on other
 * texts. Measured at 0.5% and 1% (model of train9's commit): on blind-set-6, never trained on, threats .545 -> .636
 * and violent instructions .440 -> .601 for benign FP 2.5% -> 3.3% (7 -> 9 of 276); on blind-set-3/4 + test-set
 * .598 -> .683 and .503 -> .614 for 3.8% -> 3.9%; on cross-validation benign 2.2% -> 3.2%. This operating point
 * was chosen after seeing those blind-set figures.
 */
const MAX_BENIGN_INTENT = argument('--max-benign-intent', 0.01);
const FOLDS = 5;
const directory = join(import.meta.dir, '..', 'providers', 'moderation', 'local');
const MODEL_LANGUAGES = new Set(['en', 'es', 'fr', 'de', 'pt', 'it']);
/**
 * The categories the model languages' n-gram model is trained for and blended in (its shares in model-grams.dat, which
 * the moderator reads; the other categories weigh nothing there). Blending every category (one set of blend
 * thresholds for texts of every length), the cross-validated recall was .908/.936/.690/.711/.980 ->
 * .889/.936/.755/.743/.976 for benign flagged 2.9% -> 2.7%: the model alone reads sexual talk, hate and gore by their
 * words better, and short violent instructions fell .812 -> .724, hence thresholds of their own for short texts (then
 * .889).
 */
const BLENDED_CATEGORIES: readonly ModerationCategory[] = ['threats', 'violent_instructions'];

interface Example {
  text: string;
  /** The set it comes from (a file in data/). */
  set: string;
  language: string;
  kind?: string;
  labels: ModerationCategory[];
  /** Its features' positions in the vocabulary, in the order they were met. */
  features: Int32Array;
  fold: number;
}

const raw = (await readSets()).filter((example) => MODEL_LANGUAGES.has(example.language));

// Vocabulary: class and class-pair features always; words and word pairs seen in at least two texts.
// Each text is analysed once (every sentence with its word features), for the features, the blend and the hard
// negatives.
const analysed = raw.map((example) => analyse(example.text, { full: true }));
const featureSets = raw.map((example, position) => textFeatures(example.text, analysed[position]));
const documentFrequency = new Map<string, number>();
for (const features of featureSets)
  for (const feature of features) documentFrequency.set(feature, (documentFrequency.get(feature) ?? 0) + 1);
const vocabulary = [...documentFrequency.entries()]
  .filter(([feature, count]) => (!feature.startsWith('w:') && !feature.startsWith('b:') ? true : count >= 2))
  .map(([feature]) => feature)
  .sort();
const index = new Map(vocabulary.map((feature, position) => [feature, position]));
/**
 * Words and word pairs take this share of the base L2 penalty. Compared with the data to train25 and this commit's
 * word classes (train26, written after, not trained on; the measurement sets never trained on), 0.3 -> 0.1 -> 0.03:
 * cross-validated recall sexual .909/.905/.908, hate .894/.922/.931, threats .654/.669/.677, violent .707/.709/.711,
 * gore .956/.974/.978 with benign flagged 3.2%/3.0%/2.9%; train26 threats .783/.810/.820, violent .785/.789/.793,
 * benign FP 3.1%/3.1%/2.9%; the six model-language measurement sets threats .615/.645/.657, violent .721/.730/.733,
 * benign FP 4.2%/4.5%/4.3%; blind-set-16 threats .737/.773/.800 at benign FP 2.9%/2.1%/1.4%. At a fixed benign FP over
 * those seven sets, @1% threats .606/.625/.659, violent .662/.676/.684; @2% .747/.771/.747 and .765/.794/.779. 1 was
 * worse than 0.3 on cross-validation in every category. 0.03 was chosen after seeing these figures; lower was not tried.
 */
const WORD_L2 = argument('--word-l2', 0.03);
const penalty = Float64Array.from(vocabulary, (feature) =>
  feature.startsWith('w:') || feature.startsWith('b:') ? L2 * WORD_L2 : L2,
);

const examples: Example[] = raw.map((example, position) => ({
  text: example.text,
  set: example.set,
  language: example.language,
  kind: example.kind,
  labels: example.labels,
  features: Int32Array.from(
    [...featureSets[position]!]
      .map((feature) => index.get(feature))
      .filter((value): value is number => value !== undefined),
  ),
  fold: hash(example.text) % FOLDS,
}));

/**
 * Units of the hidden layer over the class features (word classes, concepts, compositions; not words or word pairs).
 * Each adds what the classes mean together ("a routine" and "a child" and "you", unless "a party") to every category's
 * sum. Measured with the training sets up to train12 on the five measurement sets, never trained on (1,226 benign
 * texts, 1,913 positives): recall at a fixed 1% benign FP per category, logistic regression alone -> with 8 units:
 * sexual .892 -> .904, hate .830 -> .842, threats .505 -> .522, violent .606 -> .617, gore .954 -> .962; at the
 * thresholds .858/.770/.579/.595/.904 -> .869/.783/.593/.600/.946, benign FP 3.3% -> 3.5%. 4 and 16 units measured
 * within .01 of 8; without the stronger penalty (HIDDEN_L2 1 instead of 30, 16 units) the layer overfits: test-set
 * sexual .825 -> .725, threats -> .550.
 */
const HIDDEN = argument('--hidden', 8);
/** The hidden layer's L2 penalty, as a multiple of L2. */
const HIDDEN_L2 = argument('--hidden-l2', 30);
/** Position of each class feature among the hidden layer's inputs, -1 for words and word pairs. */
const hiddenIndex = new Int32Array(vocabulary.length).fill(-1);
let hiddenInputs = 0;
vocabulary.forEach((feature, position) => {
  if (!feature.startsWith('w:') && !feature.startsWith('b:')) hiddenIndex[position] = hiddenInputs++;
});

/** The network's input for some of the examples (train-network.ts). */
const networkInput = (rows: readonly Example[]): NetworkInput => ({
  features: rows.map((row) => row.features),
  labels: rows.map((row) => row.labels),
  size: vocabulary.length,
  penalty,
  hiddenIndex,
  hiddenInputs,
  units: HIDDEN,
  hiddenPenalty: L2 * HIDDEN_L2,
  epochs: EPOCHS,
});
/**
 * The trainings (each fold's and the final one) run in worker threads, as many at once as the machine has cores; the
 * blend's n-gram model trains in a worker of its own meanwhile (below). On a 2-core machine `--check` took 1,007 s
 * with the trainings one after the other in this thread (733 s once their loops read typed arrays by index), and 501 s
 * with them in two workers.
 */
const lanes = Math.max(1, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];
async function trainInLane(rows: readonly Example[]): Promise<Trained> {
  if (running >= lanes) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await trainNetworkAside(networkInput(rows));
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** A model file from trained weights (thresholds filled in by the caller). */
function toModelFile({ models, hidden }: Trained, thresholds: number[], shortThresholds?: number[]): ModelFile {
  const round = (value: number) => Math.round(value * 1e4) / 1e4;
  const weights: Record<string, number[]> = {};
  vocabulary.forEach((feature, position) => {
    const values = models.map((model) => round(model.weights[position]!));
    if (values.some((value) => Math.abs(value) >= 0.002)) weights[feature] = values;
  });
  const hiddenWeights: Record<string, number[]> = {};
  vocabulary.forEach((feature, position) => {
    const index = hiddenIndex[position]!;
    if (index < 0) return;
    const values = [...hidden.weights.subarray(index * HIDDEN, (index + 1) * HIDDEN)].map(round);
    if (values.some((value) => Math.abs(value) >= 0.002)) hiddenWeights[feature] = values;
  });
  return {
    version: 1,
    categories: [...MODERATION_CATEGORIES],
    bias: models.map((model) => round(model.bias)),
    thresholds: thresholds.map(round),
    ...(shortThresholds ? { shortThresholds: shortThresholds.map(round) } : {}),
    weights,
    ...(HIDDEN > 0
      ? {
          hidden: {
            width: HIDDEN,
            bias: [...hidden.bias].map(round),
            out: MODERATION_CATEGORIES.map((_, category) =>
              [...hidden.out.subarray(category * HIDDEN, (category + 1) * HIDDEN)].map(round),
            ),
            weights: hiddenWeights,
          },
        }
      : {}),
    training: {
      sets: TRAINING_SETS,
      examples: examples.length,
      l2: L2,
      wordL2: WORD_L2,
      hidden: HIDDEN,
      hiddenL2: HIDDEN_L2,
      epochs: EPOCHS,
      maxBenignRate: MAX_BENIGN_RATE,
      maxBenignIntent: MAX_BENIGN_INTENT,
    },
  };
}

/**
 * The L2 penalty of the blend's n-gram model (train-grams.ts; the lexicon languages' model takes 1e-3). Chosen on
 * cross-validation with the training sets to train29 (40,029 texts): recall of threats / violent instructions at the
 * blend's thresholds, for L2 3e-3, 1e-3, 3e-4, 1e-4, 3e-5, 1e-5: .742/.738, .751/.739, .757/.742, .770/.764,
 * .784/.782, .789/.787, with 367-370 of the 13,115 benign texts flagged each time. The measurement sets were not
 * looked at for this choice; lower values were not tried.
 */
const BLEND_L2 = argument('--blend-l2', 1e-5);
/** Whether the blend reads a training text (classifier.ts blendable). */
const blendReads = examples.map(() => false);
// The n-gram model of the blend (below) trains in a worker meanwhile, on the same folds.
const blendTraining = trainBlend(
  examples,
  (rowIndex) => {
    blendReads[rowIndex] = blendable(analysed[rowIndex]!);
    return blendGramsOf(examples[rowIndex]!.text, analysed[rowIndex]!);
  },
  BLENDED_CATEGORIES,
  BLEND_L2,
);

// Cross-validation: out-of-fold probabilities for every example and category, scored exactly as the moderator scores
// a text (all its windows, the highest probability per category).
const outOfFold = examples.map(() => new Array<number>(MODERATION_CATEGORIES.length).fill(0));
const brief = examples.map((row) => isShortText(row.text));
/**
 * Out-of-fold scores of the sentences of the longer benign texts read alone, those of MIN_PIECE_WORDS words or more:
 * ordinary lines ("Der Leuchtturmwärter stieg jeden Abend die Treppe hinauf.") that no short set holds. A short
 * threshold flags no more than the category's share of them either.
 */
const pieceScores: number[][] = [];
const MIN_PIECE_WORDS = 6;
const piecesOf = (text: string) =>
  analyse(text)
    .map((sentence) => text.slice(sentence.start, sentence.end))
    .filter((piece) => isShortText(piece) && countWords(piece, MIN_PIECE_WORDS) >= MIN_PIECE_WORDS);
// Each fold's model, and the final one on all the examples (unless this is a dry run), start training at once.
const foldTrainings = Array.from({ length: FOLDS }, (_, fold) =>
  trainInLane(examples.filter((row) => row.fold !== fold)),
);
const finalTraining = process.argv.includes('--dry-run') ? undefined : trainInLane(examples);
for (let fold = 0; fold < FOLDS; fold++) {
  const model = new Model(
    toModelFile(
      await foldTrainings[fold]!,
      MODERATION_CATEGORIES.map(() => 0.5),
    ),
  );
  examples.forEach((row, rowIndex) => {
    if (row.fold !== fold) return;
    outOfFold[rowIndex] = scoreText(row.text, model).map((best) => best.score);
    if (row.labels.length === 0 && !brief[rowIndex])
      for (const piece of piecesOf(row.text)) pieceScores.push(scoreText(piece, model).map((best) => best.score));
  });
}

const benignRows = examples.map((row, rowIndex) => ({ row, rowIndex })).filter(({ row }) => row.labels.length === 0);
/** The share of benign texts a category's threshold may flag. */
const shareOf = (category: ModerationCategory) =>
  ['threats', 'violent_instructions'].includes(category) ? MAX_BENIGN_INTENT : MAX_BENIGN_RATE;
/** Per category, the lowest probability at which at most the category's share of benign texts (`scores`) is flagged. */
const chooseThresholds = (scores: number[][], floor: number) =>
  MODERATION_CATEGORIES.map((_, position) => {
    // A score of exactly 1 is a rule's verdict (classifier.ts), flagged whatever the threshold: left out of the choice.
    const benignScores = scores
      .map((score) => score[position]!)
      .filter((score) => score < 1)
      .sort((a, b) => b - a);
    const allowed = Math.floor(benignScores.length * shareOf(MODERATION_CATEGORIES[position]!));
    // Just above the (allowed+1)-th highest benign score, and never below the floor.
    return Math.max(floor, Math.min(0.99, (benignScores[allowed] ?? 0) + 1e-6));
  });
// Chosen on the benign texts of the sets of whole texts (all but the train-short sets), the pool the shares above were
// set on before short texts had thresholds of their own, so the operating point of the longer texts does not drift as
// short sets are added: their benign texts score low and widen the pool from below. With them in the pool (2,112 more
// benign texts, 7,885 in all), the threats threshold was .974 and violent instructions .972 instead of .978 and .977;
// on the six model-language measurement sets .960/.897/.585/.667/.982, benign FP 4.1% (81 of 1,986), against
// .960/.895/.564/.649/.982, 3.6% (72) without them. On the texts of more than SHORT_TEXT_WORDS alone (training sets up
// to train-short-3): threats .983, violent instructions .980, recall .534/.621 for those two, benign FP 3.1% (61).
const thresholds = chooseThresholds(
  benignRows.filter(({ row }) => !row.set.startsWith('train-short')).map(({ rowIndex }) => outOfFold[rowIndex]!),
  0.5,
);
/**
 * Short texts (SHORT_TEXT_WORDS words or fewer) get thresholds of their own: their probabilities sit lower, for harm
 * and benign alike (model.ts). Each is the highest of three: what flags the category's share of the short benign texts,
 * what flags that share of the sentences of the longer benign texts read alone (pieceScores), and 0.5.
 * - Without the floor, the short violent-instruction threshold came out at 0.21, and ordinary sentences read alone
 *   ("Der Leuchtturmwärter stieg jeden Abend die Treppe hinauf.") scored above it. With the short sets up to
 *   train-short-2 in training, floor 0.2 -> 0.5: blind-set-15 (short texts, never trained on) .800/.889/.651/.825/.883,
 *   benign FP 3.3% (8/239) -> .767/.889/.651/.675/.883, 2.5% (6/239).
 * - Pooled with the short texts, the sentences lowered the thresholds (hate .727 -> .630, gore .667 -> .500): most are
 *   plainly harmless and widen the pool from below. As a bound of their own at the categories' shares they raise the
 *   threats threshold (.795 -> .800); at 0.3% for every category they raised threats to .950 and violent instructions
 *   to .761, and blind-set-15 fell to .767/.889/.507/.642/.950, benign FP 2.1% (5/239).
 */
const byShortTexts = chooseThresholds(
  benignRows.filter(({ rowIndex }) => brief[rowIndex]).map(({ rowIndex }) => outOfFold[rowIndex]!),
  0.5,
);
const byPieces = chooseThresholds(pieceScores, 0.5);
const shortThresholds = byShortTexts.map((threshold, position) => Math.max(threshold, byPieces[position]!));
/** The threshold a training text is judged against. */
const thresholdOf = (rowIndex: number, position: number) => (brief[rowIndex] ? shortThresholds : thresholds)[position]!;
/** Whether the model alone flags a training text for a category (out of fold). */
const flaggedAlone = (rowIndex: number, position: number) =>
  outOfFold[rowIndex]![position]! >= thresholdOf(rowIndex, position);

/**
 * The n-gram model of the model languages (classifier.ts blendGrams), trained on the same texts and folds, and its share
 * of the blend. Chosen on the development sets data-drop train32 and train33 (2,399 texts, 840 benign, not trained on
 * then), recall at a fixed benign FP of the model alone and blended with a share of 0.2 / 0.35 / 0.5 / 0.7 / 1 (the
 * n-gram model alone): @1% threats .664, .763, .811, .835, .833, .746, violent instructions .922, .924, .915, .906,
 * .900, .802; @2% threats .791, .840, .873, .878, .885, .791, violent .944, .956, .954, .954, .948, .848. The same trial
 * was also run on the measurement sets, whose figures were seen before 0.5 was chosen: pooled six model-language sets
 * and blind-set-16, @2% threats .766, .793, .793, .806, .819, .752.
 */
const BLEND_SHARE = argument('--blend-share', 0.5);
const blendShares = MODERATION_CATEGORIES.map((category) => (BLENDED_CATEGORIES.includes(category) ? BLEND_SHARE : 0));
const blendTrained = await blendTraining;
/** Out of fold: the blend's probabilities of the texts it reads. */
const blendOutOfFold = examples.map((_, rowIndex) =>
  blendReads[rowIndex]
    ? outOfFold[rowIndex]!.map((score, position) =>
        blendScore(score, blendTrained.outOfFold[rowIndex]![position]!, blendShares[position]!),
      )
    : undefined,
);
/** The blend's thresholds, for texts of more than SHORT_TEXT_WORDS and for the others, as the model's are. */
const blendBenign = (short: boolean) =>
  benignRows
    .filter(({ rowIndex }) => brief[rowIndex] === short)
    .map(({ rowIndex }) => blendOutOfFold[rowIndex])
    .filter((scores) => scores !== undefined);
const blendThresholds = chooseThresholds(blendBenign(false), 0.5);
const blendShortThresholds = chooseThresholds(blendBenign(true), 0.5);
/** Whether a training text is flagged for a category (out of fold): by the blend where it reads the text. */
const flaggedAt = (rowIndex: number, position: number) => {
  const blended = blendOutOfFold[rowIndex];
  if (!blended || blendShares[position] === 0) return flaggedAlone(rowIndex, position);
  return blended[position]! >= (brief[rowIndex] ? blendShortThresholds : blendThresholds)[position]!;
};

console.log(
  `training: ${examples.length} examples (${benignRows.length} benign) from ${TRAINING_SETS.join(', ')}; ${vocabulary.length} features; L2 ${L2}, ${EPOCHS} epochs`,
);
console.log(`\n${FOLDS}-fold cross-validation (thresholds chosen on it, so slightly optimistic):`);
console.log('category              threshold  short  blend  short  precision  recall  short texts: recall');
for (const [position, category] of MODERATION_CATEGORIES.entries()) {
  let truePositive = 0;
  let falsePositive = 0;
  let falseNegative = 0;
  let shortPositives = 0;
  let shortFound = 0;
  examples.forEach((row, rowIndex) => {
    const flagged = flaggedAt(rowIndex, position);
    const expected = row.labels.includes(category);
    if (flagged && expected) truePositive++;
    if (flagged && !expected) falsePositive++;
    if (!flagged && expected) falseNegative++;
    if (expected && brief[rowIndex]) {
      shortPositives++;
      if (flagged) shortFound++;
    }
  });
  console.log(
    `${category.padEnd(22)}${thresholds[position]!.toFixed(3).padStart(9)}${shortThresholds[position]!.toFixed(3).padStart(7)}${blendThresholds[position]!.toFixed(3).padStart(7)}${blendShortThresholds[position]!.toFixed(3).padStart(7)}${(truePositive / Math.max(1, truePositive + falsePositive)).toFixed(3).padStart(11)}${(truePositive / Math.max(1, truePositive + falseNegative)).toFixed(3).padStart(8)}${(shortFound / Math.max(1, shortPositives)).toFixed(3).padStart(21)} (${shortFound}/${shortPositives})`,
  );
}
const shortBenign = benignRows.filter(({ rowIndex }) => brief[rowIndex]);
const shortFlagged = shortBenign.filter(({ rowIndex }) =>
  MODERATION_CATEGORIES.some((_, position) => flaggedAt(rowIndex, position)),
).length;
console.log(
  `short benign texts flagged: ${shortFlagged}/${shortBenign.length}; short thresholds by short texts ${byShortTexts.map((value) => value.toFixed(3)).join('/')}, by ${pieceScores.length} sentences of longer ones ${byPieces.map((value) => value.toFixed(3)).join('/')}`,
);
const benignFlagged = benignRows.filter(({ rowIndex }) =>
  MODERATION_CATEGORIES.some((_, position) => flaggedAt(rowIndex, position)),
).length;
console.log(
  `benign flagged: ${((benignFlagged / benignRows.length) * 100).toFixed(1)}% (${benignFlagged}/${benignRows.length})`,
);
// The model alone, as it read short texts before the blend.
const aloneFlagged = benignRows.filter(({ rowIndex }) =>
  MODERATION_CATEGORIES.some((_, position) => flaggedAlone(rowIndex, position)),
).length;
console.log(
  `model alone: recall ${MODERATION_CATEGORIES.map((category, position) => {
    const positives = examples.flatMap((row, rowIndex) => (row.labels.includes(category) ? [rowIndex] : []));
    return (positives.filter((rowIndex) => flaggedAlone(rowIndex, position)).length / positives.length).toFixed(3);
  }).join(
    '/',
  )}, benign flagged ${((aloneFlagged / benignRows.length) * 100).toFixed(1)}% (${aloneFlagged}); the blend reads ${blendOutOfFold.filter(Boolean).length} of ${examples.length} texts (${blendTrained.size} n-grams)`,
);

// Hard negatives: benign texts with a risky word of their own (a weapon, a body part, a harm verb, a group), the ones a
// word list alone would flag. Issue 14 allows them 3% false positives against 2% for benign texts overall.
const hardNegatives = benignRows.filter(({ rowIndex }) => analysed[rowIndex]!.some((sentence) => sentence.risky));
const hardFlagged = hardNegatives.filter(({ rowIndex }) =>
  MODERATION_CATEGORIES.some((_, position) => flaggedAt(rowIndex, position)),
).length;
console.log(
  `hard negatives flagged: ${((hardFlagged / Math.max(1, hardNegatives.length)) * 100).toFixed(1)}% (${hardFlagged}/${hardNegatives.length})`,
);
// The hard negatives the writers marked as such (train3 sets): benign texts written to look like violations.
const marked = benignRows.filter(({ row }) => row.kind === 'hard_negative');
const markedFlagged = marked.filter(({ rowIndex }) =>
  MODERATION_CATEGORIES.some((_, position) => flaggedAt(rowIndex, position)),
).length;
console.log(
  `marked hard negatives flagged: ${((markedFlagged / Math.max(1, marked.length)) * 100).toFixed(1)}% (${markedFlagged}/${marked.length})`,
);
// Per language: recall over all labels (found/positives) and benign false positives, so the five European languages
// can be compared with English on cross-validation rather than on the blind sets.
const languages = [...new Set(examples.map((row) => row.language))].sort();
for (const language of languages) {
  let positives = 0;
  let found = 0;
  let benign = 0;
  let flagged = 0;
  const cells = MODERATION_CATEGORIES.map((category, position) => {
    let categoryPositives = 0;
    let categoryFound = 0;
    examples.forEach((row, rowIndex) => {
      if (row.language !== language || !row.labels.includes(category)) return;
      categoryPositives++;
      if (flaggedAt(rowIndex, position)) categoryFound++;
    });
    positives += categoryPositives;
    found += categoryFound;
    return `${category.slice(0, 7)} ${categoryFound}/${categoryPositives}`;
  });
  examples.forEach((row, rowIndex) => {
    if (row.language !== language || row.labels.length > 0) return;
    benign++;
    if (MODERATION_CATEGORIES.some((_, position) => flaggedAt(rowIndex, position))) flagged++;
  });
  console.log(
    `  ${language.padEnd(3)} recall ${(found / Math.max(1, positives)).toFixed(3)}  ${cells.join('  ')}  FP ${flagged}/${benign}`,
  );
}

if (process.argv.includes('--show')) {
  // The benign texts scored highest and the positives scored lowest, per category: where the features fall short.
  for (const [position, category] of MODERATION_CATEGORIES.entries()) {
    const scored = examples
      .map((row, rowIndex) => ({ row, rowIndex, score: outOfFold[rowIndex]![position]! }))
      .filter(({ row }) => !process.env.SHOW_LANGUAGE || row.language === process.env.SHOW_LANGUAGE);
    console.log(`\n== ${category}: benign scored highest`);
    for (const { row, score } of scored
      .filter(({ row }) => row.labels.length === 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, Number(process.env.SHOW_BENIGN) || 5))
      console.log(`  ${score.toFixed(3)} ${row.text.slice(0, 160)}`);
    console.log(`== ${category}: missed positives`);
    for (const { row, score } of scored
      .filter((entry) => entry.row.labels.includes(category) && entry.score < thresholdOf(entry.rowIndex, position))
      .sort((a, b) => a.score - b.score)
      .slice(0, Number(process.env.SHOW) || 8))
      console.log(`  ${score.toFixed(3)} ${row.text.slice(0, 160)}`);
  }
}
if (process.argv.includes('--dry-run')) process.exit(0);

// The lexicon languages' n-gram model (train-grams.ts), with the same shares of benign texts per category.
const grams = await trainGrams([...TRAINING_SETS, ...GRAM_SETS], shareOf);
console.log(`\n${grams.report.join('\n')}`);

// The final model: all training data.
const file = toModelFile(await finalTraining!, thresholds, shortThresholds);
const weights = file.weights;
(file.training as Record<string, unknown>).benign = benignRows.length;
const serialized = `${JSON.stringify(file)}\n`;
const serializedGrams = `${JSON.stringify(grams.file)}\n`;
const round = (value: number) => Math.round(value * 1e4) / 1e4;
const serializedBlend = `${JSON.stringify({
  bias: blendTrained.file.bias,
  thresholds: blendThresholds.map(round),
  shortThresholds: blendShortThresholds.map(round),
  shares: blendShares,
  grams: blendTrained.file.grams,
  weights: blendTrained.file.weights,
})}\n`;
if (process.argv.includes('--check')) {
  // The committed model must be what this script makes of the committed data and features.
  const same =
    (await Bun.file(join(directory, 'model.json')).text()) === serialized &&
    (await Bun.file(join(directory, 'grams.dat')).text()) === serializedGrams &&
    (await Bun.file(join(directory, 'model-grams.dat')).text()) === serializedBlend;
  console.log(
    same
      ? '\nmodel.json is up to date'
      : '\nmodel.json, grams.dat or model-grams.dat is STALE: run bun scripts/train-moderation.ts',
  );
  process.exit(same ? 0 : 1);
}
writeFileSync(join(directory, 'model.json'), serialized);
writeFileSync(join(directory, 'grams.dat'), serializedGrams);
writeFileSync(join(directory, 'model-grams.dat'), serializedBlend);
console.log(`\nwrote model.json: ${Object.keys(weights).length} weighted features`);
