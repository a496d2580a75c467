import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import {
  createLlamaGuardModerator,
  parseLlamaGuardAnswer,
} from '../providers/moderation/llamaguard/llamaguard-moderator.ts';
import { createLocalModerator, paragraphCuts, runningWorkers } from '../providers/moderation/local/index.ts';
import { assess, blendScore, isShortText, verdictOf } from '../providers/moderation/local/classifier.ts';
import { Model, type ModelFile } from '../providers/moderation/local/model.ts';
import { GramModel, gramsOf } from '../providers/moderation/local/grams.ts';
import { StringIndex } from '../providers/language/string-index.ts';
import { createOpenAIModerator } from '../providers/moderation/openai/openai-moderator.ts';
import { MODERATION_CATEGORIES, type ModerationProviderV1 } from '../providers/spec/v1/moderation.ts';
import { moderationConformance } from '../providers/testing/moderation-conformance.ts';
import { screenText, splitWindows } from '../src/moderation/screen.ts';
import { englishText } from '../scripts/fixtures/english.ts';
import { crossFit, crossFitAside } from '../scripts/train-grams.ts';
import { type NetworkInput, trainNetwork, trainNetworkAside } from '../scripts/train-network.ts';
import { createHarness, type Harness } from './support/harness.ts';

// Stub servers on 127.0.0.1 that speak the providers' documented wire formats.
type Mode = 'normal' | 'error' | 'hang' | 'malformed';
let mode: Mode = 'normal';
const seen: { path: string; authorization: string | null; body: any }[] = [];
const FLAG_WORD = 'FLAGME';
const stub = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  async fetch(request) {
    const body = await request.json().catch(() => null);
    seen.push({ path: new URL(request.url).pathname, authorization: request.headers.get('authorization'), body });
    if (mode === 'error') return new Response('upstream exploded', { status: 500 });
    if (mode === 'hang') return new Promise<Response>(() => {});
    if (mode === 'malformed')
      return new Response('{"results": "nope"', { headers: { 'content-type': 'application/json' } });
    const url = new URL(request.url);
    if (url.pathname === '/v1/moderations') {
      const hateful = String(body.input).includes(FLAG_WORD);
      const categories = {
        sexual: false,
        'sexual/minors': false,
        hate: hateful,
        'hate/threatening': false,
        harassment: hateful,
        'harassment/threatening': false,
        violence: false,
        'violence/graphic': false,
        'illicit/violent': false,
        'self-harm': false,
      };
      const scores = Object.fromEntries(Object.entries(categories).map(([key, value]) => [key, value ? 0.97 : 0.01]));
      return Response.json({
        id: 'modr-1',
        model: body.model,
        results: [{ flagged: hateful, categories, category_scores: scores }],
      });
    }
    if (url.pathname === '/v1/chat/completions') {
      const prompt = String(body.messages?.[0]?.content ?? '');
      const user = prompt.slice(prompt.indexOf('User: '), prompt.indexOf('<END CONVERSATION>'));
      const content = user.includes(FLAG_WORD) ? 'unsafe\nS10' : user.includes('SHOPLIFT') ? 'unsafe\nS2' : 'safe';
      return Response.json({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      });
    }
    return new Response('not found', { status: 404 });
  },
});
const base = `http://127.0.0.1:${stub.port}`;
const openai = (timeout = '2000') =>
  createOpenAIModerator({
    RECITE_OPENAI_API_KEY: 'sk-test',
    RECITE_OPENAI_MODERATION_URL: base,
    RECITE_MODERATION_TIMEOUT_MS: timeout,
  });
const llamaguard = (timeout = '2000') =>
  createLlamaGuardModerator({ RECITE_LLAMAGUARD_URL: base, RECITE_MODERATION_TIMEOUT_MS: timeout });
afterAll(() => stub.stop(true));

describe('conformance', () => {
  moderationConformance('local', createLocalModerator, {
    benign: 'The lighthouse keeper climbed the stairs.',
    flaggedText: 'All immigrants are vermin and should be exterminated.',
    flaggedCategory: 'hate',
  });
  moderationConformance('openai', () => openai(), {
    benign: 'A calm evening by the sea.',
    flaggedText: `${FLAG_WORD} text`,
    flaggedCategory: 'hate',
  });
  moderationConformance('llamaguard', () => llamaguard(), {
    benign: 'A calm evening by the sea.',
    flaggedText: `${FLAG_WORD} text`,
    flaggedCategory: 'hate',
  });
});

describe('local moderator', () => {
  const local = createLocalModerator();
  const flagged = async (text: string) => {
    const result = await local.moderate(text);
    if (!result.ok) throw new Error('local moderator failed');
    return Object.entries(result.verdict.categories)
      .filter(([, entry]) => entry.flagged)
      .map(([category]) => category);
  };
  test('each category is recognised in context', async () => {
    expect(
      await flagged('He ripped her stomach open and her intestines spilled out, steaming, onto the floor.'),
    ).toEqual(['graphic_gore']);
    expect(await flagged('I am going to kill you, Mark, and nobody will find your body.')).toEqual(['threats']);
    expect(
      await flagged(
        'Step 1: mix the ammonium nitrate with fuel oil. Step 2: pack it into the container and insert the detonator.',
      ),
    ).toEqual(['violent_instructions']);
    expect(await flagged('She licked his cock slowly while he moaned.')).toEqual(['sexual']);
  });
  test('reporting, history, medicine, fairy tales and swearing pass', async () => {
    for (const text of [
      'The man was convicted of threatening to kill his neighbour, police said.',
      'In 1938 Nazi propaganda claimed that Jews were vermin, historians note.',
      "The doctor examined the patient's breasts during a cancer screening.",
      'Once upon a time the big bad wolf ate grandma, and the huntsman cut him open.',
      'Fuck this traffic, I am so damn late again.',
      "Here's how to make a bath bomb: mix baking soda, citric acid and a few drops of oil.",
    ])
      expect(await flagged(text)).toEqual([]);
  });
});

/**
 * Training (cross-validation, then the final model) on 38,829 examples, with the n-gram blend's model trained in a
 * worker meanwhile, took 356 s on a 2-core machine: more than the suite's 4-minute default. On 47,229 examples, on a
 * 2-core machine about 2.5 times slower (the moderation benchmark's English book: 81 ms against 31), the check took
 * 1,007 s with the main model's trainings one after the other, and 501 s with them in worker threads beside each
 * other (train-moderation.ts). Up to 20 minutes are allowed.
 */
const TRAINING_TIMEOUT_MS = 1_200_000;

describe('local model', () => {
  // scripts/test.sh runs this check beside the whole suite, at the lowest priority, and fails the run if it fails.
  test.skipIf(process.env.TEST_MODEL_CHECK_ASIDE === '1')(
    'the committed model.json is what the training script makes of the committed data',
    () => {
      const run = Bun.spawnSync([process.execPath, 'scripts/train-moderation.ts', '--check'], {
        cwd: `${import.meta.dir}/..`,
      });
      expect(run.stdout.toString()).toContain('model.json is up to date');
      expect(run.exitCode).toBe(0);
    },
    TRAINING_TIMEOUT_MS,
  );
  test("the committed threat lexicon is what its script makes of the writers' drafts and the training sets", () => {
    const run = Bun.spawnSync([process.execPath, 'scripts/threat-lexicon.ts', '--check'], {
      cwd: `${import.meta.dir}/..`,
    });
    expect(run.stdout.toString()).toContain('threat-lexicon.json is up to date');
    expect(run.exitCode).toBe(0);
  });
  test("the committed Traditional Chinese table is what its script makes of Unicode's Unihan variants", () => {
    const run = Bun.spawnSync([process.execPath, 'scripts/chinese-variants.ts', '--check'], {
      cwd: `${import.meta.dir}/..`,
    });
    expect(run.stdout.toString()).toContain('traditional-chinese.json is up to date');
    expect(run.exitCode).toBe(0);
  });
  test('n-gram regressions trained side by side, or in a worker, come out as each does trained alone', async () => {
    // Rows of n-gram numbers (16 of them), in 5 folds, with two lists of targets that different n-grams tell.
    const rows = Array.from({ length: 80 }, (_, row) =>
      Int32Array.from(new Set([row % 7, 7 + ((row * 3) % 5), 12 + (row % 4)])),
    );
    const folds = rows.map((_, row) => Math.floor(row / 16));
    const first = rows.map((_, row) => (row % 7 < 2 ? 1 : 0));
    const second = rows.map((_, row) => ((row * 3) % 5 === 4 ? 1 : 0));
    const together = crossFit(rows, folds, [first, second], 16, [2, 1.5]);
    const alone = [crossFit(rows, folds, [first], 16, [2]), crossFit(rows, folds, [second], 16, [1.5])];
    alone.forEach((fitted, target) => {
      expect(together.outOfFold.map((odds) => odds[target])).toEqual(fitted.outOfFold.map((odds) => odds[0]));
      expect([...together.models[target]!.weights]).toEqual([...fitted.models[0]!.weights]);
      expect(together.models[target]!.bias).toBe(fitted.models[0]!.bias);
    });
    // They learned: out of fold, the positives' log-odds are above the negatives' on average.
    [first, second].forEach((targets, target) => {
      const mean = (expected: number) => {
        const odds = together.outOfFold.flatMap((scores, row) => (targets[row] === expected ? [scores[target]!] : []));
        return odds.reduce((sum, value) => sum + value, 0) / odds.length;
      };
      expect(mean(1)).toBeGreaterThan(mean(0) + 1);
    });
    expect(await crossFitAside(rows, folds, [first, second], 16, [2, 1.5])).toEqual(together);
  });
  test('the network trained in a worker comes out as trained in this thread, and it learns', async () => {
    // 120 rows of 12 features: 0-5 are words (not read by the hidden layer), 6-11 classes; feature 2 marks threats,
    // features 7 and 8 together mark violent instructions.
    const features = Array.from({ length: 120 }, (_, row) =>
      Int32Array.from(new Set([row % 6, 6 + (row % 5), 6 + ((row * 7) % 6)])),
    );
    const labels = features.map((list) => [
      ...(list.includes(2) ? (['threats'] as const) : []),
      ...(list.includes(7) && list.includes(8) ? (['violent_instructions'] as const) : []),
    ]);
    const input: NetworkInput = {
      features,
      labels,
      size: 12,
      penalty: new Float64Array(12).fill(1e-4),
      hiddenIndex: Int32Array.from({ length: 12 }, (_, feature) => (feature < 6 ? -1 : feature - 6)),
      hiddenInputs: 6,
      units: 4,
      hiddenPenalty: 3e-3,
      epochs: 60,
    };
    const here = trainNetwork(input);
    expect(await trainNetworkAside(input)).toEqual(here);
    const threats = MODERATION_CATEGORIES.indexOf('threats');
    const weights = here.models[threats]!.weights;
    expect(weights[2]!).toBeGreaterThan(Math.max(...[0, 1, 3, 4, 5].map((feature) => weights[feature]!)) + 1);
  });
  test('a paragraph of up to six sentences in a lexicon language is read whole by the n-gram model too, in a text of any length; a longer one by the lists alone', () => {
    const threats = MODERATION_CATEGORIES.indexOf('threats');
    // An n-gram model that reads "学校" (school) as a threat, and nothing else.
    const model = new Model({
      version: 1,
      categories: [...MODERATION_CATEGORIES],
      bias: MODERATION_CATEGORIES.map(() => -5),
      thresholds: MODERATION_CATEGORIES.map(() => 0.5),
      weights: {},
      grams: {
        bias: MODERATION_CATEGORIES.map(() => -4),
        thresholds: MODERATION_CATEGORIES.map(() => 0.6),
        grams: ['zh:学校'],
        weights: MODERATION_CATEGORIES.map((_, category) => (category === threats ? 6 : 0)),
      },
      training: {},
    });
    const flagged = (text: string) => verdictOf(assess(text, model).best, model).categories.threats.flagged;
    expect(flagged('你女儿的学校就在回家的路上，对吧。')).toBe(true);
    expect(flagged('你女儿的公司就在回家的路上，对吧。')).toBe(false);
    // A paragraph of seven sentences, which the lists alone read; a short one after it, read by the model too.
    const week = Array.from({ length: 7 }, (_, day) => `第${day + 1}天我们去学校上课。`).join('');
    expect(flagged(week)).toBe(false);
    expect(flagged(`${week}\n\n你女儿的公司就在回家的路上，对吧。`)).toBe(false);
    expect(flagged(`${week}\n\n你女儿的学校就在回家的路上，对吧。`)).toBe(true);
  });
  test('a short paragraph in a model language is read by the n-gram blend too; a long one, or one with a lexicon language, is not', () => {
    const threats = MODERATION_CATEGORIES.indexOf('threats');
    const file: ModelFile = {
      version: 1,
      categories: [...MODERATION_CATEGORIES],
      // sigmoid(-1) = 0.269 for any text: over half the threshold, so a short text's sentence is scored.
      bias: MODERATION_CATEGORIES.map(() => -1),
      thresholds: MODERATION_CATEGORIES.map(() => 0.5),
      weights: {},
      training: {},
    };
    // An n-gram model that reads "zor" as a threat, and nothing else; half the blend.
    const blend = () => ({
      bias: MODERATION_CATEGORIES.map(() => -4),
      thresholds: MODERATION_CATEGORIES.map(() => 0.6),
      shares: MODERATION_CATEGORIES.map((_, category) => (category === threats ? 0.5 : 0)),
      grams: ['en:zor'],
      weights: MODERATION_CATEGORIES.map((_, category) => (category === threats ? 20 : 0)),
    });
    const model = new Model(file, undefined, blend);
    const score = (text: string, on = model) => assess(text, on).best[threats]!.score;
    const flagged = (text: string, on = model) => verdictOf(assess(text, on).best, on).categories.threats.flagged;
    // Blended in log-odds, half and half: (-1 + 16) / 2 = 7.5, over the blend's threshold (0.6), so over the model's.
    const sigmoid = (value: number) => 1 / (1 + Math.exp(-value));
    expect(score('The zorblat is here.')).toBeCloseTo(0.5 + ((sigmoid(7.5) - 0.6) * 0.5) / 0.4, 10);
    expect(flagged('The zorblat is here.')).toBe(true);
    // Without the n-gram: (-1 - 4) / 2, far under.
    expect(flagged('The cat is here.')).toBe(false);
    expect(score('The cat is here.')).toBeCloseTo((sigmoid(-2.5) * 0.5) / 0.6, 10);
    // The model alone, and a long text (seven sentences), are read without the blend.
    expect(flagged('The zorblat is here.', new Model(file))).toBe(false);
    const long = Array.from({ length: 7 }, (_, day) => `On day ${day + 1} the zorblat walked to the market.`).join(' ');
    expect(flagged(long)).toBe(false);
    // A sentence in a lexicon language leaves the text to the lists and their own n-gram model.
    expect(flagged('The zorblat is here. 今天天气很好，我们下午去公园散步吧。')).toBe(false);
    // Each paragraph is read alone: a paragraph that passes alone still passes beside another.
    expect(flagged('The cat is here.\n\nThe zorblat is here.')).toBe(true);
    expect(flagged('The cat is here.\n\nThe dog is here.')).toBe(false);
    // A rule's verdict is never lowered.
    expect(blendScore(1, -50, 0.5)).toBe(1);
  });
  test('a string index finds each key from a stretch of a text, and nothing else', () => {
    // Keys sharing prefixes and code units, an empty key, a surrogate pair, and one key listed twice (the last counts).
    const keys = ['ab', 'abc', 'abcd', 'ba', 'b', '', 'ça', 'ça ', '😈x', 'ab', 'zzzz'];
    const index = StringIndex.of(keys);
    expect(index.find('ab')).toBe(9);
    expect(index.find('abc')).toBe(1);
    expect(index.find('')).toBe(5);
    expect(index.find('😈x')).toBe(8);
    expect(index.find('abd')).toBe(-1);
    expect(index.find('a')).toBe(-1);
    expect(index.find('xx ça va', 3, 2)).toBe(6);
    expect(index.find('xx ça va', 3, 3)).toBe(7);
    // Many keys: their hashes collide in places, and each is still found as itself.
    const many = Array.from({ length: 5_000 }, (_, at) => `k${(at * 7919) % 100_003}`);
    const large = StringIndex.of(many);
    many.forEach((key, at) => {
      expect(large.find(key)).toBe(at);
      expect(large.find(`${key}x`)).toBe(-1);
    });
    // findAll gives, for every stretch of 2 to 4 units, what find gives for it.
    const text = ' abcd ba ça abcab ';
    const entries = new Int32Array(3 * text.length).fill(-2);
    index.findAll(text, 2, 4, entries);
    for (let size = 2; size <= 4; size++)
      for (let start = 0; start + size <= text.length; start++)
        expect(entries[(size - 2) * text.length + start]).toBe(index.find(text, start, size));
  });
  test('an n-gram model reads the n-grams of a text where they lie, each once, as gramsOf names them', () => {
    const texts: [string, string][] = [
      ['es', 'Mañana  VOY a esperarte\ta la salida; mañana, ya sabes.'],
      ['fr', 'Je sais ou tu habites 😈 et je viendrai ce soir 😈.'],
      ['de', 'Straße und STRASSE und straße.'],
      ['zh', '你女儿的学校就在回家的路上，对吧。𠀀'],
    ];
    // A weight for every n-gram of the texts but a few, different per category.
    const names = [...new Set(texts.flatMap(([language, text]) => gramsOf(text, language)))].filter(
      (_, at) => at % 7 !== 3,
    );
    const weights = names.flatMap((_, row) =>
      MODERATION_CATEGORIES.map((_, category) => ((row * 7 + category) % 11) / 10),
    );
    const model = new GramModel({
      bias: [0.1, 0.2, 0.3, 0.4, 0.5],
      thresholds: [0.5, 0.5, 0.5, 0.5, 0.5],
      grams: names,
      weights,
    });
    const reference = (pairs: [string, string][]) => {
      const sums = [0.1, 0.2, 0.3, 0.4, 0.5];
      const seen = new Set(pairs.flatMap(([language, text]) => gramsOf(text, language)));
      for (const gram of seen) {
        const row = names.indexOf(gram);
        if (row >= 0) for (let category = 0; category < 5; category++) sums[category]! += weights[row * 5 + category]!;
      }
      return sums;
    };
    const close = (sums: number[], expected: number[]) =>
      sums.forEach((sum, category) => {
        expect(sum).toBeCloseTo(expected[category]!, 10);
      });
    for (const pair of texts) close(model.logOddsOf([pair]), reference([pair]));
    // Several texts read together: an n-gram they share counts once.
    const both: [string, string][] = [texts[0]!, ['es', 'Ya sabes: mañana.']];
    close(model.logOddsOf(both), reference(both));
  });
  test('the committed n-gram model passes everyday messages in the seven lexicon languages', () => {
    for (const text of [
      '今天天气很好，我们下午去公园散步吧。',
      '明日の会議は十時からです。資料を忘れないでください。',
      '내일 점심에 같이 김밥 먹을래? 학교 앞 분식집 어때?',
      'Yarın akşam annemlerde yemek var, tatlıyı sen getirir misin?',
      'هل يمكنك أن تشتري الخبز والحليب في طريق عودتك إلى البيت؟',
      'कल सुबह हम सब मंदिर जाएंगे, तुम भी तैयार रहना।',
      'আগামীকাল সকালে আমরা বাজারে যাব, তুমি কি আসবে?',
    ])
      expect({ text, flagged: verdictOf(assess(text).best).flagged }).toEqual({ text, flagged: false });
  });
  test('the hidden layer weighs classes together: each alone adds nothing, both together raise a category', () => {
    const zero = MODERATION_CATEGORIES.map(() => 0);
    const model = new Model({
      version: 1,
      categories: [...MODERATION_CATEGORIES],
      bias: zero,
      thresholds: MODERATION_CATEGORIES.map(() => 0.5),
      weights: { 'c:ROUTINE': zero, 'w:parti': [0, 0, -1, 0, 0] },
      // One unit: active only when both classes are there (1 + 1 - 1.5 > 0), and it speaks for threats.
      hidden: { width: 1, bias: [-1.5], out: [[0], [0], [4], [0], [0]], weights: { 'c:ROUTINE': [1], 'c:MINOR': [1] } },
      training: {},
    });
    const threats = MODERATION_CATEGORIES.indexOf('threats');
    expect(model.score(['c:ROUTINE'])[threats]).toBe(0.5);
    expect(model.score(['c:MINOR'])[threats]).toBe(0.5);
    expect(model.score(['c:ROUTINE', 'c:MINOR'])[threats]).toBeCloseTo(1 / (1 + Math.exp(-2)), 10);
    // The words still add as in a logistic regression, and a feature counts once however often it is listed.
    expect(model.score(['c:ROUTINE', 'c:MINOR', 'w:parti', 'c:MINOR'])[threats]).toBeCloseTo(
      1 / (1 + Math.exp(-1)),
      10,
    );
  });
  test('every sentence of a short text is scored whatever its words; a long text scores the sentences with a risky word', () => {
    const zero = MODERATION_CATEGORIES.map(() => 0);
    const threats = MODERATION_CATEGORIES.indexOf('threats');
    // A word of no risk class that the model learned as a threat: sigmoid(0.6) = 0.646 alone.
    const model = new Model({
      version: 1,
      categories: [...MODERATION_CATEGORIES],
      bias: zero,
      thresholds: [0.5, 0.5, 0.6, 0.5, 0.5],
      weights: { 'w:zorblat': [0, 0, 0.6, 0, 0] },
      training: {},
    });
    expect(assess('The zorblat is here.', model).best[threats]!.score).toBeCloseTo(1 / (1 + Math.exp(-0.6)), 10);
    expect(verdictOf(assess('The zorblat is here. Monday, nine.', model).best, model).categories.threats.flagged).toBe(
      true,
    );
    // Eight sentences: a long text, where a sentence with no risky word is not scored (a book is mostly such).
    const long = Array.from({ length: 8 }, (_, index) => `Line ${index + 1} says the zorblat is here.`).join(' ');
    expect(assess(long, model).best[threats]!.score).toBe(0);
  });
  test('a short text is judged against the short-text thresholds, its scores mapped onto the common scale', () => {
    const zero = MODERATION_CATEGORIES.map(() => 0);
    const threats = MODERATION_CATEGORIES.indexOf('threats');
    const file: ModelFile = {
      version: 1,
      categories: [...MODERATION_CATEGORIES],
      bias: zero,
      thresholds: [0.5, 0.5, 0.9, 0.5, 0.5],
      shortThresholds: [0.5, 0.5, 0.6, 0.5, 0.5],
      // One word the model learned as a threat: sigmoid(1) = 0.731 alone.
      weights: { 'w:zorblat': [0, 0, 1, 0, 0] },
      training: {},
    };
    const model = new Model(file);
    const short = 'The zorblat is here.';
    const long = `${short} We walked along the quiet river bank and talked about the weather for a long while this afternoon.`;
    expect(isShortText(short)).toBe(true);
    expect(isShortText(long)).toBe(false);
    // Alone, 0.731 is over the short threshold (0.6): on the common scale it lies as far into the range above 0.9.
    const alone = assess(short, model).best[threats]!.score;
    expect(alone).toBeCloseTo(0.9 + ((1 / (1 + Math.exp(-1)) - 0.6) * 0.1) / 0.4, 10);
    expect(verdictOf(assess(short, model).best, model).categories.threats.flagged).toBe(true);
    // In a longer text the same words score 0.731 against 0.9: not flagged.
    const inLong = assess(long, model).best[threats]!.score;
    expect(inLong).toBeCloseTo(1 / (1 + Math.exp(-1)), 10);
    expect(verdictOf(assess(long, model).best, model).categories.threats.flagged).toBe(false);
    // A model without short thresholds judges both alike.
    const plain = new Model({ ...file, shortThresholds: undefined });
    expect(verdictOf(assess(short, plain).best, plain).categories.threats.flagged).toBe(false);
  });
  test('one bad sentence keeps its weight deep inside a long benign text, and its span points at it', async () => {
    const threat = 'I am going to break your legs tonight, Oliver, and then your wife is next.';
    const text = `${englishText(20_000)}\n\n${threat}\n\n${englishText(20_000)}`;
    const result = await createLocalModerator().moderate(text);
    if (!result.ok) throw new Error('local moderator failed');
    expect(result.verdict.categories.threats.flagged).toBe(true);
    expect(text.slice(result.verdict.span!.start, result.verdict.span!.end)).toContain('break your legs');
    const clean = await createLocalModerator().moderate(`${englishText(20_000)}\n\n${englishText(20_000)}`);
    expect(clean.ok && clean.verdict.flagged).toBe(false);
  });
  test('a long text is screened in parts at paragraph breaks: findings keep their place in the whole text', async () => {
    const first = 'I am going to break your legs tonight, Oliver, and then your wife is next.';
    const second = 'Get out of our street, you filthy kike.';
    const text = `${englishText(60_000)}\n\n${first}\n\n${englishText(60_000)}\n\n${second}\n\n${englishText(30_000)}`;
    expect(paragraphCuts(text, 2).length).toBe(2);
    // Workers prepared in advance, as the server does after start-up, read the parts the same way.
    const moderator = createLocalModerator();
    moderator.prepare();
    const result = await moderator.assess(text);
    const spanOf = (category: number) => text.slice(result.best[category]!.start, result.best[category]!.end);
    expect(result.best[MODERATION_CATEGORIES.indexOf('threats')]!.score).toBeGreaterThan(0.5);
    expect(spanOf(MODERATION_CATEGORIES.indexOf('threats'))).toContain('break your legs');
    expect(spanOf(MODERATION_CATEGORIES.indexOf('hate'))).toContain('filthy kike');
  });
  test('a book is cut into more parts than workers, which take them in turn: findings keep their place', async () => {
    const threat = 'I am going to break your legs tonight, Oliver, and then your wife is next.';
    const slur = 'Get out of our street, you filthy kike.';
    // Eight parts of ~125,000 characters: the threat in the fourth, the slur in the last.
    const chapters = Array.from({ length: 16 }, () => englishText(60_000));
    chapters.splice(7, 0, threat);
    chapters.splice(16, 0, slur);
    const text = chapters.join('\n\n');
    expect(paragraphCuts(text, 8).length).toBe(8);
    const moderator = createLocalModerator({ workersIdleStopMs: 60_000 });
    const screening = moderator.assess(text);
    // release() during the screening stops the workers only once every part is done.
    moderator.release();
    const result = await screening;
    expect(runningWorkers()).toBe(0);
    const spanOf = (category: number) => text.slice(result.best[category]!.start, result.best[category]!.end);
    expect(spanOf(MODERATION_CATEGORIES.indexOf('threats'))).toContain('break your legs');
    expect(spanOf(MODERATION_CATEGORIES.indexOf('hate'))).toContain('filthy kike');
    const clean = await moderator.moderate(text.replace(threat, '').replace(slur, ''));
    expect(clean.ok && clean.verdict.flagged).toBe(false);
  });
  test("the workers score with the server's tables (shared, not rebuilt), as the server scores", async () => {
    // Short paragraphs, read whole and blended with the n-gram model, far from where the text is cut in four; each is
    // written twice, in two parts, so a worker that screens both reads the second from its readings of the first.
    const plan =
      'Wait for him behind the depot at six. Take the van, keep your foot down when you reach the crowd by the gate, and leave by the back road.';
    const threat = 'I know where your kids go to school, Ruiz, and I know when the bus leaves. Last chance.';
    const chapters = Array.from({ length: 16 }, () => englishText(30_000));
    for (const at of [13, 9, 5, 1]) chapters.splice(at, 0, at % 8 === 1 ? plan : threat);
    const text = chapters.join('\n\n');
    expect(Math.round(text.length / 125_000)).toBe(4);
    const inWorkers = await createLocalModerator({ workersIdleStopMs: 60_000 }).assess(text);
    const here = assess(text);
    for (const category of ['threats', 'violent_instructions'] as const) {
      const at = MODERATION_CATEGORIES.indexOf(category);
      expect(inWorkers.best[at]).toEqual(here.best[at]!);
      expect(here.best[at]!.score).toBeGreaterThan(0.5);
    }
  });
  test('the long-text workers stop when idle and start again for the next long text', async () => {
    const moderator = createLocalModerator({ workersIdleStopMs: 300 });
    try {
      const book = `${englishText(30_000)}\n\n${englishText(30_000)}`;
      const first = await moderator.moderate(book);
      expect(first.ok && first.verdict.flagged).toBe(false);
      expect(runningWorkers()).toBe(2);
      const deadline = Date.now() + 10_000;
      while (runningWorkers() > 0 && Date.now() < deadline) await Bun.sleep(50);
      expect(runningWorkers()).toBe(0);
      const again = await moderator.moderate(`${book}\n\nGet out of our street, you filthy kike.`);
      expect(again.ok && again.verdict.categories.hate.flagged).toBe(true);
    } finally {
      // The workers are shared by the process: later tests keep the default.
      createLocalModerator({ workersIdleStopMs: 60_000 });
    }
  });
  test('release() stops the long-text workers once the screening in flight is done', async () => {
    const moderator = createLocalModerator({ workersIdleStopMs: 60_000 });
    const book = `${englishText(30_000)}\n\n${englishText(30_000)}`;
    const screening = moderator.moderate(book);
    expect(runningWorkers()).toBe(2);
    moderator.release();
    expect(runningWorkers()).toBe(2);
    const result = await screening;
    expect(result.ok && result.verdict.flagged).toBe(false);
    expect(runningWorkers()).toBe(0);
    // Idle workers stop at once, and the next long text starts them again and is screened as before.
    moderator.prepare();
    await moderator.moderate(book);
    expect(runningWorkers()).toBe(2);
    moderator.release();
    expect(runningWorkers()).toBe(0);
    const again = await moderator.moderate(`${book}\n\nGet out of our street, you filthy kike.`);
    expect(again.ok && again.verdict.categories.hate.flagged).toBe(true);
  });
  test('neighbours advise, they do not decide: two texts that pass alone pass side by side', async () => {
    const local = createLocalModerator();
    const texts = [
      'At the range, keep the muzzle pointed downrange and your finger off the trigger until the instructor calls it.',
      'Once the deer is down, field-dress it at once and hang the carcass somewhere cool and airy for a few days.',
      'Our chemistry teacher showed how a little sodium fizzes and skitters across a bowl of water.',
      'Fillet the trout along the spine, then lift the bones out in one piece with the tip of the knife.',
    ];
    const flagged = async (text: string) => {
      const result = await local.moderate(text);
      if (!result.ok) throw new Error('local moderator failed');
      return result.verdict.flagged;
    };
    for (const text of texts) expect(await flagged(text)).toBe(false);
    for (let index = 1; index < texts.length; index++)
      expect(await flagged(`${texts[index - 1]}\n\n${texts[index]}`)).toBe(false);
    // A book of them, long enough to be screened in parts.
    expect(await flagged(Array.from({ length: 600 }, (_, index) => texts[index % texts.length]).join('\n\n'))).toBe(
      false,
    );
  });
  test('a slur is hate when used, not when the sentence talks about it', async () => {
    const local = createLocalModerator();
    const hate = async (text: string) => {
      const result = await local.moderate(text);
      if (!result.ok) throw new Error('local moderator failed');
      return result.verdict.categories.hate.flagged;
    };
    expect(await hate('Get out of our street, you filthy kike.')).toBe(true);
    expect(await hate('A man on the train called me a kike, and I reported him to the transport police.')).toBe(false);
    // Matched as written: a stemmer folds "spices" into a slur.
    expect(await hate('Rub the spices into the lamb and roast it slowly.')).toBe(false);
  });
});

describe('remote moderators fail closed', () => {
  test('openai: sends the key and model; 5xx, hang, malformed and unreachable are errors, not verdicts', async () => {
    mode = 'normal';
    seen.length = 0;
    expect((await openai().moderate('hello')).ok).toBe(true);
    expect(seen[0]!.authorization).toBe('Bearer sk-test');
    expect(seen[0]!.body.model).toBe('omni-moderation-latest');
    mode = 'error';
    expect(await openai().moderate('hello')).toMatchObject({ ok: false, reason: 'bad_status' });
    mode = 'malformed';
    expect(await openai().moderate('hello')).toMatchObject({ ok: false, reason: 'malformed_response' });
    mode = 'hang';
    expect(await openai('200').moderate('hello')).toMatchObject({ ok: false, reason: 'timeout' });
    mode = 'normal';
    const closed = createOpenAIModerator({
      RECITE_OPENAI_API_KEY: 'sk',
      RECITE_OPENAI_MODERATION_URL: 'http://127.0.0.1:1',
    });
    expect(await closed.moderate('hello')).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(() => createOpenAIModerator({})).toThrow('RECITE_OPENAI_API_KEY');
  });

  test('llamaguard: S-codes map to the policy; codes outside it pass; garbage fails closed', async () => {
    mode = 'normal';
    const hate = await llamaguard().moderate(`${FLAG_WORD} something`);
    expect(hate.ok && hate.verdict.categories.hate.flagged).toBe(true);
    const other = await llamaguard().moderate('SHOPLIFT tips');
    expect(other.ok && other.verdict.flagged).toBe(false);
    expect(parseLlamaGuardAnswer('unsafe\nS15')).toEqual({ unsafe: true, codes: ['S15'] });
    expect(parseLlamaGuardAnswer('I think this is fine')).toBeUndefined();
    expect(parseLlamaGuardAnswer('unsafe')).toBeUndefined();
    mode = 'malformed';
    expect(await llamaguard().moderate('x')).toMatchObject({ ok: false, reason: 'malformed_response' });
    mode = 'error';
    expect(await llamaguard().moderate('x')).toMatchObject({ ok: false, reason: 'bad_status' });
    mode = 'normal';
  });
});

describe('screening whole texts', () => {
  test('a violation at character 999,990 of 1,000,000 is caught, locally and through a remote provider in windows', async () => {
    // Exactly 1,000,000 characters; the last ten, from character 999,990, are a slur-laden insult.
    const full = `${englishText(999_990).padEnd(999_990, ' ')}Die, kike.`;
    expect(full.length).toBe(1_000_000);
    const local = await screenText(createLocalModerator(), full);
    expect(local).toMatchObject({ outcome: 'rejected', category: 'hate' });
    if (local.outcome === 'rejected') expect(local.span!.end).toBeGreaterThan(999_990);
    // And a threat in the last sentence of a long text.
    expect(await screenText(createLocalModerator(), `${englishText(999_000)} I will kill you, Mark.`)).toMatchObject({
      outcome: 'rejected',
      category: 'threats',
    });
    mode = 'normal';
    seen.length = 0;
    const remote = await screenText(openai(), `${englishText(100_000)} ${FLAG_WORD}`);
    expect(remote).toMatchObject({ outcome: 'rejected', category: 'hate' });
    expect(seen.length).toBeGreaterThan(4);
  });

  test('windows overlap so nothing falls between them; one failed window fails the whole screening', async () => {
    const text = englishText(50_000);
    const windows = splitWindows(text, 6000);
    for (let index = 1; index < windows.length; index++) {
      const previous = windows[index - 1]!;
      expect(windows[index]!.offset).toBeLessThan(previous.offset + previous.text.length);
    }
    expect(windows.at(-1)!.offset + windows.at(-1)!.text.length).toBe(text.length);
    let calls = 0;
    const flaky: ModerationProviderV1 = {
      specificationVersion: 'v1',
      id: 'flaky',
      capabilities: { maxCharactersPerCall: 6000, concurrency: 2, offline: false },
      async moderate(part) {
        calls++;
        if (calls === 3) throw new Error('socket hang up');
        return createLocalModerator().moderate(part);
      },
    };
    expect(await screenText(flaky, text)).toMatchObject({ outcome: 'unavailable' });
  });
});

describe('HTTP: screening before synthesis', () => {
  let harness: Harness;
  let engineCalls = 0;
  beforeAll(async () => {
    harness = await createHarness({ environment: { RECITE_DIRECT_MAX_CHARS: '400' }, overrides: { runJobs: false } });
    const synthesize = harness.services.engine.synthesize.bind(harness.services.engine);
    harness.services.engine.synthesize = (request, options) => {
      engineCalls++;
      return synthesize(request, options);
    };
  });
  afterAll(() => harness.close());

  test('400 content_rejected names the category, never echoes the text, charges nothing, synthesises nothing', async () => {
    const { key, accountId } = await harness.account({ credits: 100 });
    const text = 'All immigrants are vermin and should be exterminated.';
    engineCalls = 0;
    const response = await harness.request('/api/v1/tts', { method: 'POST', key, json: { text } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('content_rejected');
    expect(body.error.message).toContain('hate speech');
    expect(body.error.message).not.toContain('vermin');
    expect(engineCalls).toBe(0);
    expect(await harness.services.ledger.balance(accountId)).toBe(100);
  });

  test('a long text with a violation at its end is rejected with 400 before any job exists', async () => {
    const { key, accountId } = await harness.account({ credits: 10_000 });
    const response = await harness.request('/api/v1/tts', {
      method: 'POST',
      key,
      json: { text: `${englishText(5000)} I am going to shoot you tomorrow, Daniel.` },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error.code).toBe('content_rejected');
    expect(await harness.services.scheduler.backlog()).toBe(0);
    expect(await harness.services.ledger.heldCredits(accountId)).toBe(0);
  });

  test('503 moderation_unavailable when the provider is down: fails closed, nothing synthesised or charged', async () => {
    mode = 'error';
    const down = await createHarness({ overrides: { moderator: openai(), runJobs: false } });
    try {
      const { key, accountId } = await down.account({ credits: 100 });
      const response = await down.request('/api/v1/tts', {
        method: 'POST',
        key,
        json: { text: 'A perfectly nice sentence.' },
      });
      expect(response.status).toBe(503);
      expect(((await response.json()) as any).error.code).toBe('moderation_unavailable');
      expect(await down.services.ledger.balance(accountId)).toBe(100);
      mode = 'hang';
      const slow = await createHarness({
        environment: { RECITE_MODERATION_TIMEOUT_MS: '300' },
        overrides: { moderator: openai('60000'), runJobs: false },
      });
      try {
        const other = await slow.account({ credits: 100 });
        const timedOut = await slow.request('/api/v1/tts', {
          method: 'POST',
          key: other.key,
          json: { text: 'Another nice sentence.' },
        });
        expect(timedOut.status).toBe(503);
        expect(await slow.services.ledger.balance(other.accountId)).toBe(100);
      } finally {
        await slow.close();
      }
    } finally {
      mode = 'normal';
      await down.close();
    }
  });
});
