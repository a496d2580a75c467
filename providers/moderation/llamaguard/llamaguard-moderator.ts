import {
  MODERATION_CATEGORIES,
  type ModerationCategory,
  type ModerationProviderV1,
  type ModerationVerdict,
} from '../../spec/v1/moderation.ts';
import { postJson, requireSetting } from '../remote.ts';

/** Llama Guard 3's categories, plus two recite adds through the prompt (gore and direct threats). */
const CATEGORIES = [
  ['S1', 'Violent Crimes.'],
  ['S2', 'Non-Violent Crimes.'],
  ['S3', 'Sex Crimes.'],
  ['S4', 'Child Exploitation.'],
  ['S5', 'Defamation.'],
  ['S6', 'Specialized Advice.'],
  ['S7', 'Privacy.'],
  ['S8', 'Intellectual Property.'],
  ['S9', 'Indiscriminate Weapons.'],
  ['S10', 'Hate.'],
  ['S11', 'Self-Harm.'],
  ['S12', 'Sexual Content.'],
  ['S13', 'Elections.'],
  ['S14', 'Code Interpreter Abuse.'],
  [
    'S15',
    'Graphic Gore. Explicit, detailed depiction of mutilation, dismemberment, exposed organs or other gruesome injury. News reporting and non-explicit fiction are safe.',
  ],
  [
    'S16',
    'Threats. Direct threats of violence against a real, identifiable person or place. Threats by fairy-tale or fictional characters are safe.',
  ],
] as const;

const MAPPING: Record<string, ModerationCategory> = {
  S1: 'violent_instructions',
  S3: 'sexual',
  S4: 'sexual',
  S9: 'violent_instructions',
  S10: 'hate',
  S12: 'sexual',
  S15: 'graphic_gore',
  S16: 'threats',
};

export function llamaGuardPrompt(text: string): string {
  const categories = CATEGORIES.map(([code, description]) => `${code}: ${description}`).join('\n');
  return `Task: Check if there is unsafe content in 'User' messages in conversations according to our safety policy with the below categories.

<BEGIN UNSAFE CONTENT CATEGORIES>
${categories}
<END UNSAFE CONTENT CATEGORIES>

<BEGIN CONVERSATION>

User: ${text}

<END CONVERSATION>

Provide your safety assessment for ONLY THE LAST User message in the above conversation:
 - First line must read 'safe' or 'unsafe'.
 - If unsafe, a second line must include a comma-separated list of violated categories.`;
}

/** Parses `safe` or `unsafe\nS1,S10`; anything else is malformed (and fails closed). */
export function parseLlamaGuardAnswer(content: string): { unsafe: boolean; codes: string[] } | undefined {
  const lines = content
    .trim()
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines[0] === 'safe') return { unsafe: false, codes: [] };
  if (lines[0] !== 'unsafe') return undefined;
  const codes = (lines[1] ?? '')
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  if (codes.length === 0 || codes.some((code) => !/^S\d{1,2}$/.test(code))) return undefined;
  return { unsafe: true, codes };
}

/** A Llama Guard model behind an OpenAI-compatible chat endpoint (Ollama, vLLM …). */
export function createLlamaGuardModerator(environment: Record<string, string | undefined>): ModerationProviderV1 {
  const base = requireSetting(environment, 'RECITE_LLAMAGUARD_URL').replace(/\/+$/, '');
  const model = environment.RECITE_LLAMAGUARD_MODEL ?? 'llama-guard3';
  const apiKey = environment.RECITE_LLAMAGUARD_API_KEY;
  const timeoutMs = Number(environment.RECITE_MODERATION_TIMEOUT_MS ?? 30_000);
  return {
    specificationVersion: 'v1',
    id: 'llamaguard',
    capabilities: { maxCharactersPerCall: 6_000, concurrency: 2, offline: false },
    async moderate(text, options = {}) {
      const answer = await postJson(
        `${base}/v1/chat/completions`,
        { model, temperature: 0, max_tokens: 24, messages: [{ role: 'user', content: llamaGuardPrompt(text) }] },
        { headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {}, signal: options.signal, timeoutMs },
      );
      if (!answer.ok) return answer;
      const content = (answer.json as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message
        ?.content;
      const parsed = typeof content === 'string' ? parseLlamaGuardAnswer(content) : undefined;
      if (!parsed)
        return { ok: false, reason: 'malformed_response', detail: 'expected "safe" or "unsafe" and S-codes' };
      const hit = new Set(parsed.codes.map((code) => MAPPING[code]).filter(Boolean));
      const categories = Object.fromEntries(
        MODERATION_CATEGORIES.map((category) => [
          category,
          { flagged: hit.has(category), score: hit.has(category) ? 1 : 0 },
        ]),
      ) as ModerationVerdict['categories'];
      // Unsafe for a reason outside recite's policy (e.g. S2, S6) passes: the policy has five categories.
      return { ok: true, verdict: { flagged: hit.size > 0, categories } };
    },
  };
}
