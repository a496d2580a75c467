import type { ModerationProviderV1 } from '../../spec/v1/moderation.ts';
import { classify } from './classifier.ts';

/** The embedded, offline moderator (default). It cannot be unreachable, so it only fails on a bug, and fails closed. */
export function createLocalModerator(): ModerationProviderV1 {
  return {
    specificationVersion: 'v1',
    id: 'local',
    capabilities: { maxCharactersPerCall: 1_000_000, concurrency: 1, offline: true },
    async moderate(text) {
      try {
        return { ok: true, verdict: classify(text) };
      } catch (error) {
        return { ok: false, reason: 'malformed_response', detail: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
