import type { ModerationProviderV1 } from '../spec/v1/moderation.ts';
import { createLlamaGuardModerator } from './llamaguard/llamaguard-moderator.ts';
import { createLocalModerator } from './local/index.ts';
import { createOpenAIModerator } from './openai/openai-moderator.ts';

/** Static map from RECITE_MODERATION to provider factory (static imports keep them in the compiled binary). */
const MODERATORS: Record<string, (environment: Record<string, string | undefined>) => ModerationProviderV1> = {
  local: () => createLocalModerator(),
  openai: createOpenAIModerator,
  llamaguard: createLlamaGuardModerator,
};

export function createModerator(id: string, environment: Record<string, string | undefined>): ModerationProviderV1 {
  const factory = MODERATORS[id];
  if (!factory) throw new Error(`RECITE_MODERATION: unknown moderation provider "${id}" (known: ${Object.keys(MODERATORS).join(', ')})`);
  return factory(environment);
}
