/**
 * Moderation provider, specification v1.
 *
 * recite screens every text before synthesis and fails closed: a provider that cannot give a verdict must return
 * `{ ok: false }` (or throw), never a guess. A verdict is a value; an outage is an error.
 */

/** The policy's five categories (see the spec's "What the service does"). */
export const MODERATION_CATEGORIES = ['sexual', 'hate', 'threats', 'violent_instructions', 'graphic_gore'] as const;
export type ModerationCategory = (typeof MODERATION_CATEGORIES)[number];

export interface CategoryVerdict {
  flagged: boolean;
  /** 0..1, provider-calibrated; comparable within one provider only. */
  score: number;
}

export interface ModerationVerdict {
  /** True when any category is flagged. */
  flagged: boolean;
  categories: Record<ModerationCategory, CategoryVerdict>;
  /** Where the worst finding lies (UTF-16 offsets into the screened text), when the provider knows. */
  span?: { start: number; end: number };
  /**
   * Set when the provider could not read part of the text (a language or script it does not judge) and is configured
   * to refuse what it cannot judge (RECITE_MODERATION_UNJUDGED=reject): recite then rejects the text with
   * content_rejected, even though no category is flagged. Absent when the provider judged everything, or was told to
   * accept what it cannot read.
   */
  unjudged?: { start: number; end: number };
}

export type ModerationResult =
  | { ok: true; verdict: ModerationVerdict }
  | { ok: false; reason: 'unreachable' | 'timeout' | 'bad_status' | 'malformed_response'; detail: string };

export interface ModerationCapabilities {
  /** Largest text one call screens; recite splits longer texts (with overlap) and screens the parts in parallel. */
  maxCharactersPerCall: number;
  /** Parallel calls recite may make. */
  concurrency: number;
  /** Runs without network (embedded). */
  offline: boolean;
}

export interface ModerationProviderV1 {
  readonly specificationVersion: 'v1';
  readonly id: string;
  readonly capabilities: ModerationCapabilities;
  moderate(text: string, options?: { signal?: AbortSignal }): Promise<ModerationResult>;
  /**
   * Optional: load now what the first call would otherwise load (models, worker threads), in the background. The
   * server calls it once, after start-up, so the first long screening does not pay for it.
   */
  prepare?(): void;
  /**
   * Optional: let go now of warm state the next call can rebuild (worker threads, tables, caches). The server calls it
   * when it starts work that needs the memory more, such as a narration job's synthesis, which runs its engine workers
   * for minutes just after its text was screened.
   */
  release?(): void;
}

export type ModerationProviderFactory = (options: {
  environment: Record<string, string | undefined>;
}) => ModerationProviderV1;
