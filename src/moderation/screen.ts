import type {
  ModerationCategory,
  ModerationProviderV1,
  ModerationVerdict,
} from '../../providers/spec/v1/moderation.ts';

/** A policy category, or `unjudged_language`: text the moderator cannot read, refused (RECITE_MODERATION_UNJUDGED). */
export type RejectionCategory = ModerationCategory | 'unjudged_language';

export type ScreeningOutcome =
  | { outcome: 'pass' }
  | { outcome: 'rejected'; category: RejectionCategory; span?: { start: number; end: number } }
  | { outcome: 'unavailable'; reason: string };

const CATEGORY_NAMES: Record<RejectionCategory, string> = {
  unjudged_language: 'a language or script the content screening cannot read',
  sexual: 'sexual content',
  hate: 'hate speech',
  threats: 'threats against real people',
  violent_instructions: 'instructions for violent wrongdoing',
  graphic_gore: 'graphic gore',
};

/** What the client is told: the category, never the text. */
export function describeRejection(category: RejectionCategory): string {
  return `The text was rejected by the content policy (category: ${CATEGORY_NAMES[category]}). Nothing was charged.`;
}

/** Overlap between windows, so a violation that straddles a cut is still seen whole by one window. */
const OVERLAP = 400;

/**
 * Screens a whole text, failing closed: the text passes only if every window got a verdict and none was flagged.
 * Texts larger than the provider takes per call are cut into overlapping windows at whitespace and screened with the
 * provider's concurrency; thrown errors and time-outs count as "unavailable", never as a pass.
 */
export async function screenText(
  provider: ModerationProviderV1,
  text: string,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<ScreeningOutcome> {
  const windows = splitWindows(text, provider.capabilities.maxCharactersPerCall);
  const controller = new AbortController();
  const forward = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forward, { once: true });
  let next = 0;
  let worst: { category: ModerationCategory; score: number; span?: { start: number; end: number } } | undefined;
  let unjudged: { start: number; end: number } | undefined;
  let failure: string | undefined;

  const screenOne = async (window: { text: string; offset: number }) => {
    const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(options.timeoutMs ?? 15_000)]);
    let verdict: ModerationVerdict;
    try {
      const result = await provider.moderate(window.text, { signal });
      if (!result.ok) {
        failure ??= `${result.reason}: ${result.detail}`;
        return;
      }
      verdict = result.verdict;
    } catch (error) {
      failure ??= error instanceof Error ? error.message : String(error);
      return;
    }
    if (verdict.unjudged && !unjudged)
      unjudged = { start: verdict.unjudged.start + window.offset, end: verdict.unjudged.end + window.offset };
    for (const [category, entry] of Object.entries(verdict.categories) as [
      ModerationCategory,
      { flagged: boolean; score: number },
    ][]) {
      if (!entry.flagged || (worst && worst.score >= entry.score)) continue;
      const span = verdict.span
        ? { start: verdict.span.start + window.offset, end: verdict.span.end + window.offset }
        : undefined;
      worst = { category, score: entry.score, span };
    }
  };

  const lanes = Array.from(
    { length: Math.max(1, Math.min(provider.capabilities.concurrency, windows.length)) },
    async () => {
      while (next < windows.length && !failure && !worst) await screenOne(windows[next++]!);
    },
  );
  try {
    await Promise.all(lanes);
  } finally {
    options.signal?.removeEventListener('abort', forward);
    controller.abort();
  }
  if (worst) return { outcome: 'rejected', category: worst.category, span: worst.span };
  if (failure) return { outcome: 'unavailable', reason: failure };
  if (next < windows.length) return { outcome: 'unavailable', reason: 'screening stopped early' };
  if (unjudged) return { outcome: 'rejected', category: 'unjudged_language', span: unjudged };
  return { outcome: 'pass' };
}

export function splitWindows(text: string, size: number): { text: string; offset: number }[] {
  if (text.length <= size) return [{ text, offset: 0 }];
  const step = Math.max(1, size - OVERLAP);
  const windows: { text: string; offset: number }[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > start + step / 2) end = space;
    }
    windows.push({ text: text.slice(start, end), offset: start });
    if (end >= text.length) break;
    start = Math.max(start + 1, end - OVERLAP);
  }
  return windows;
}
