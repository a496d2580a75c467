import type { ModerationProviderV1, ModerationResult } from '../spec/v1/moderation.ts';
import type { Span } from './local/classifier.ts';
import { type LocalModerator, verdictOfAssessment } from './local/index.ts';

/**
 * RECITE_MODERATION=local,openai (or local,llamaguard): the local model decides the clear cases alone; what it is
 * unsure of goes to the second provider: sentences in its grey zone (close below a threshold, or kept below it only
 * by their neighbours' framing), sentences in catalog languages it reads by lexicon only (zh, ja, ko, tr, ar, hi, bn),
 * and text in scripts or languages it cannot read at all. Only those sentences travel, so a long benign English book
 * makes no remote call. If the second provider fails, the screening fails (closed): recite answers 503.
 */
export function createCascadeModerator(local: LocalModerator, second: ModerationProviderV1): ModerationProviderV1 {
  return {
    specificationVersion: 'v1',
    id: `local,${second.id}`,
    capabilities: { maxCharactersPerCall: local.capabilities.maxCharactersPerCall, concurrency: 1, offline: false },
    prepare: () => local.prepare(),
    release: () => local.release(),
    async moderate(text, options = {}): Promise<ModerationResult> {
      let assessment: Awaited<ReturnType<LocalModerator['assess']>>;
      try {
        assessment = await local.assess(text);
      } catch (error) {
        return {
          ok: false,
          reason: 'malformed_response',
          detail: error instanceof Error ? error.message : String(error),
        };
      }
      const verdict = verdictOfAssessment(assessment);
      if (verdict.flagged) return { ok: true, verdict };
      const spans = merge([...assessment.grey, ...assessment.lexiconOnly, ...assessment.unjudged]);
      if (spans.length === 0) return { ok: true, verdict };
      for (const batch of batches(text, spans, second.capabilities.maxCharactersPerCall)) {
        const result = await second.moderate(batch.text, options);
        if (!result.ok) return result;
        if (!result.verdict.flagged) continue;
        // Map the second provider's span back to the sentence of the original text it lies in.
        const at = result.verdict.span?.start ?? 0;
        const piece = batch.pieces.findLast((candidate) => candidate.offset <= at) ?? batch.pieces[0]!;
        return { ok: true, verdict: { ...result.verdict, span: { start: piece.span.start, end: piece.span.end } } };
      }
      return { ok: true, verdict };
    },
  };
}

/** Sorted, overlapping or touching spans joined. */
function merge(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start <= last.end + 1) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The spans' text in calls no larger than the provider takes (a longer span is cut into parts). */
function batches(text: string, spans: Span[], size: number) {
  const out: { text: string; pieces: { offset: number; span: Span }[] }[] = [];
  let current = { text: '', pieces: [] as { offset: number; span: Span }[] };
  const separator = '\n\n';
  for (const span of spans) {
    for (let start = span.start; start < span.end; start += size) {
      const part = { start, end: Math.min(span.end, start + size) };
      const slice = text.slice(part.start, part.end);
      if (current.text && current.text.length + separator.length + slice.length > size) {
        out.push(current);
        current = { text: '', pieces: [] };
      }
      if (current.text) current.text += separator;
      current.pieces.push({ offset: current.text.length, span: part });
      current.text += slice;
    }
  }
  if (current.text) out.push(current);
  return out;
}
