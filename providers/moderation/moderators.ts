import type { ModerationProviderV1 } from '../spec/v1/moderation.ts';
import { createCascadeModerator } from './cascade.ts';
import { createLlamaGuardModerator } from './llamaguard/llamaguard-moderator.ts';
import { createLocalModerator, type UnjudgedPolicy } from './local/index.ts';
import { createOpenAIModerator } from './openai/openai-moderator.ts';

const unjudgedPolicy = (environment: Record<string, string | undefined>): UnjudgedPolicy => {
  const value = environment.RECITE_MODERATION_UNJUDGED ?? 'reject';
  if (value !== 'reject' && value !== 'accept')
    throw new Error(`RECITE_MODERATION_UNJUDGED must be reject or accept (got "${value}")`);
  return value;
};

/** How the server sets up its moderators beyond the environment. */
export interface ModeratorOptions {
  /** The local moderator's long-text workers stop after this long unused (RECITE_ENGINE_IDLE_STOP_MS); 0 keeps them. */
  workersIdleStopMs?: number;
}

const createLocal = (environment: Record<string, string | undefined>, options: ModeratorOptions) =>
  createLocalModerator({ unjudged: unjudgedPolicy(environment), workersIdleStopMs: options.workersIdleStopMs });

/** Static map from RECITE_MODERATION to provider factory (static imports keep them in the compiled binary). */
const MODERATORS: Record<
  string,
  (environment: Record<string, string | undefined>, options: ModeratorOptions) => ModerationProviderV1
> = {
  local: createLocal,
  openai: createOpenAIModerator,
  llamaguard: createLlamaGuardModerator,
};

/** A provider id, or a cascade `local,<second>` (the local model first, the second for what it is unsure of). */
export function createModerator(
  id: string,
  environment: Record<string, string | undefined>,
  options: ModeratorOptions = {},
): ModerationProviderV1 {
  const stages = id.split(',').map((stage) => stage.trim());
  if (stages.length === 2) {
    const [first, second] = stages as [string, string];
    if (first !== 'local' || second === 'local' || !MODERATORS[second])
      throw new Error(`RECITE_MODERATION: a cascade is local,openai or local,llamaguard (got "${id}")`);
    return createCascadeModerator(createLocal(environment, options), MODERATORS[second](environment, options));
  }
  const factory = MODERATORS[id];
  if (!factory)
    throw new Error(
      `RECITE_MODERATION: unknown moderation provider "${id}" (known: ${Object.keys(MODERATORS).join(', ')}, local,openai, local,llamaguard)`,
    );
  return factory(environment, options);
}
