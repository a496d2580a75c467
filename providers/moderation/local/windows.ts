/**
 * How the learned model sees a text: sentence by sentence. A short text (up to SHORT_SENTENCES sentences) is scored
 * whole, as the model was trained. Every sentence with a risky word is also scored on its own and with the sentence
 * after it, each time together with the context cues (reporting, history, fiction, medicine, banter, …) of the
 * sentences around it but not their other words: one bad sentence deep in a long benign text keeps its full weight,
 * and "police said" in the next sentence still counts.
 */
import { classesOf, CONTEXT_CLASSES, HARD_SLUR, normalize, RISK_CLASSES, sentenceFeatures, tokenClasses, tokens } from './features.ts';
import { splitSentences } from './text.ts';

export const SHORT_SENTENCES = 6;
/** Sentences on each side whose context cues join a sentence's window. */
export const CONTEXT_RADIUS = 1;

export interface AnalysedSentence {
  start: number;
  end: number;
  features: string[];
  /** The context-cue class features of this sentence (a subset of `features`). */
  context: string[];
  risky: boolean;
}

export function analyse(text: string): AnalysedSentence[] {
  return splitSentences(text).map((sentence) => {
    const normalized = normalize(sentence.original);
    const stems = tokens(normalized);
    const at = tokenClasses(stems);
    const classes = classesOf(stems, at);
    const features = sentenceFeatures(stems, at, classes);
    if (HARD_SLUR.test(normalized)) features.push('c:HARD_SLUR');
    return {
      start: sentence.start,
      end: sentence.end,
      features,
      context: CONTEXT_CLASSES.filter((klass) => classes.has(klass)).map((klass) => `c:${klass}`),
      risky: RISK_CLASSES.some((klass) => classes.has(klass)),
    };
  });
}

/** A window: the sentences whose features all count, and the range of sentences whose context cues count. */
export interface Window {
  from: number;
  to: number;
  contextFrom: number;
  contextTo: number;
}

/** The windows to score. */
export function windowsOf(sentences: AnalysedSentence[]): Window[] {
  const windows: Window[] = [];
  const last = sentences.length - 1;
  if (sentences.length > 0 && sentences.length <= SHORT_SENTENCES) windows.push({ from: 0, to: last, contextFrom: 0, contextTo: last });
  sentences.forEach((sentence, index) => {
    if (!sentence.risky) return;
    const contextFrom = Math.max(0, index - CONTEXT_RADIUS);
    windows.push({ from: index, to: index, contextFrom, contextTo: Math.min(last, index + CONTEXT_RADIUS) });
    if (index < last) windows.push({ from: index, to: index + 1, contextFrom, contextTo: Math.min(last, index + 1 + CONTEXT_RADIUS) });
  });
  return windows;
}

/** Features of a whole short text, as the model is trained on them. */
export function textFeatures(text: string): Set<string> {
  const features = new Set<string>();
  for (const sentence of analyse(text)) for (const feature of sentence.features) features.add(feature);
  return features;
}
