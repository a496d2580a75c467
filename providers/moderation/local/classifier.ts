import { MODERATION_CATEGORIES, type ModerationVerdict } from '../../spec/v1/moderation.ts';
import { defaultModel, type Model } from './model.ts';
import { analyse, CONTEXT_RADIUS, windowsOf } from './windows.ts';

/**
 * The embedded moderator: a learned model (model.ts) over word, word-class and composition features (features.ts),
 * applied to windows of a text's sentences (windows.ts). A category is flagged when any window's probability reaches
 * the category's threshold; the verdict's span is that window. Swearing is in no category.
 */
export function classify(text: string, model: Model = defaultModel()): ModerationVerdict {
  const best = scoreText(text, model);
  const categories = Object.fromEntries(
    MODERATION_CATEGORIES.map((category, index) => [category, { flagged: best[index]!.score >= model.thresholds[index]!, score: Math.round(best[index]!.score * 1000) / 1000 }]),
  ) as ModerationVerdict['categories'];
  // The span of the finding furthest over its threshold.
  let worst = -1;
  MODERATION_CATEGORIES.forEach((category, index) => {
    if (categories[category].flagged && (worst < 0 || best[index]!.score - model.thresholds[index]! > best[worst]!.score - model.thresholds[worst]!)) worst = index;
  });
  return {
    flagged: worst >= 0,
    categories,
    ...(worst >= 0 ? { span: { start: best[worst]!.start, end: best[worst]!.end } } : {}),
  };
}

/** The highest probability per category (in MODERATION_CATEGORIES order) over a text's windows, with where it lies. */
export function scoreText(text: string, model: Model): { score: number; start: number; end: number }[] {
  const sentences = analyse(text);
  const rows = sentences.map((sentence) => model.rowsOf(sentence.features));
  const contextRows = sentences.map((sentence) => model.rowsOf(sentence.context));
  const best = MODERATION_CATEGORIES.map(() => ({ score: 0, start: 0, end: 0 }));
  for (const window of windowsOf(sentences)) {
    const groups = rows.slice(window.from, window.to + 1).concat(contextRows.slice(window.contextFrom, window.contextTo + 1));
    model.scoreRows(groups).forEach((score, index) => {
      if (score > best[index]!.score) best[index] = { score, start: sentences[window.from]!.start, end: sentences[window.to]!.end };
    });
  }
  // The speaker announces harm to a person ("I'm going to break your jaw", "we will burn them out") or says they are
  // bringing a weapon: a threat, unless the sentence or its neighbours set it in a contest, a story, a report or a
  // history. On the training sets it fires on 51 threats, 3 other violations and no benign text.
  const threats = MODERATION_CATEGORIES.indexOf('threats');
  sentences.forEach((sentence, index) => {
    if (best[threats]!.score >= 1) return;
    if (!sentence.features.includes('s:announce_harm_person') && !sentence.features.includes('s:bring_weapon')) return;
    if (sentence.features.includes('s:harm_in_contest')) return;
    const around = sentences.slice(Math.max(0, index - CONTEXT_RADIUS), index + CONTEXT_RADIUS + 1).flatMap((neighbour) => neighbour.context);
    if (['c:BANTER', 'c:FICTION', 'c:REPORT', 'c:HISTORY', 'c:META'].some((cue) => sentence.features.includes(cue) || around.includes(cue))) return;
    best[threats] = { score: 1, start: sentence.start, end: sentence.end };
  });
  // A slur with no innocent reading is hate wherever it is used at people; a sentence that talks about the word
  // (reporting it, condemning it, "he called me a …") is not using it.
  const hate = MODERATION_CATEGORIES.indexOf('hate');
  for (const sentence of sentences) {
    if (!sentence.features.includes('c:HARD_SLUR')) continue;
    if (['c:META', 'c:REPORT', 'c:HISTORY'].some((cue) => sentence.features.includes(cue))) continue;
    best[hate] = { score: 1, start: sentence.start, end: sentence.end };
    break;
  }
  return best;
}
