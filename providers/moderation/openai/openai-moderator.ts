import {
  MODERATION_CATEGORIES,
  type ModerationCategory,
  type ModerationProviderV1,
  type ModerationVerdict,
} from '../../spec/v1/moderation.ts';
import { postJson, requireSetting } from '../remote.ts';

/** OpenAI's moderation categories that make up each of recite's five. */
const MAPPING: Record<ModerationCategory, string[]> = {
  sexual: ['sexual', 'sexual/minors'],
  hate: ['hate', 'hate/threatening'],
  threats: ['harassment/threatening', 'hate/threatening'],
  violent_instructions: ['illicit/violent'],
  graphic_gore: ['violence/graphic'],
};

interface OpenAIModerationResponse {
  results: { flagged: boolean; categories: Record<string, boolean>; category_scores: Record<string, number> }[];
}

/** OpenAI's moderation endpoint (omni-moderation). RECITE_OPENAI_API_KEY is required. */
export function createOpenAIModerator(environment: Record<string, string | undefined>): ModerationProviderV1 {
  const apiKey = requireSetting(environment, 'RECITE_OPENAI_API_KEY');
  const base = (environment.RECITE_OPENAI_MODERATION_URL ?? 'https://api.openai.com').replace(/\/+$/, '');
  const model = environment.RECITE_OPENAI_MODERATION_MODEL ?? 'omni-moderation-latest';
  const timeoutMs = Number(environment.RECITE_MODERATION_TIMEOUT_MS ?? 10_000);
  return {
    specificationVersion: 'v1',
    id: 'openai',
    capabilities: { maxCharactersPerCall: 20_000, concurrency: 4, offline: false },
    async moderate(text, options = {}) {
      const answer = await postJson(
        `${base}/v1/moderations`,
        { model, input: text },
        { headers: { authorization: `Bearer ${apiKey}` }, signal: options.signal, timeoutMs },
      );
      if (!answer.ok) return answer;
      const result = (answer.json as OpenAIModerationResponse)?.results?.[0];
      if (
        !result ||
        typeof result.categories !== 'object' ||
        typeof result.category_scores !== 'object' ||
        result.categories === null ||
        result.category_scores === null
      ) {
        return { ok: false, reason: 'malformed_response', detail: 'no results[0].categories / category_scores' };
      }
      const categories = Object.fromEntries(
        MODERATION_CATEGORIES.map((category) => {
          const sources = MAPPING[category];
          const flagged = sources.some((source) => result.categories[source] === true);
          const score = Math.max(
            0,
            ...sources.map((source) => Number(result.category_scores[source] ?? 0)).filter(Number.isFinite),
          );
          return [category, { flagged, score: Math.min(1, score) }];
        }),
      ) as ModerationVerdict['categories'];
      return { ok: true, verdict: { flagged: Object.values(categories).some((entry) => entry.flagged), categories } };
    },
  };
}
