import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { CHARACTERS } from '../presenter/characters.ts';
import { VOICES } from '../modules/voices/catalog.ts';

/** How the tools reach recite: over HTTP (stdio server) or straight into the app (the /mcp endpoint). */
export type ApiCall = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<{ status: number; json: any }>;

export function httpApi(baseUrl: string, key: string): ApiCall {
  const base = baseUrl.replace(/\/+$/, '');
  return async (method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, json: await response.json().catch(() => ({})) };
  };
}

const text = (value: unknown) => ({ content: [{ type: 'text' as const, text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }] });
/** API errors become tool errors the assistant can explain (insufficient credits, rejected content …). */
const failure = (result: { status: number; json: any }) => ({
  ...text(`${result.json?.error?.code ?? `HTTP ${result.status}`}: ${result.json?.error?.message ?? 'request failed'}`),
  isError: true,
});
const voiceIds = VOICES.map((voice) => voice.id) as [string, ...string[]];
const characterIds = CHARACTERS.map((character) => character.id) as [string, ...string[]];

export function createMcpServer(api: ApiCall, options: { waitMs?: number } = {}): McpServer {
  const server = new McpServer({ name: 'recite', version: '1.0.0' });
  const waitMs = options.waitMs ?? 25_000;
  const poll = async (path: string, done: (json: any) => boolean) => {
    const deadline = Date.now() + waitMs;
    let result = await api('GET', path);
    while (result.status === 200 && !done(result.json) && Date.now() < deadline) {
      await Bun.sleep(500);
      result = await api('GET', path);
    }
    return result;
  };

  server.registerTool(
    'create_audio_story',
    {
      title: 'Create audio story',
      description: 'Narrates a script to a voiceover MP3 and returns a download link (1 credit per 10 characters). Long scripts run as a job: if it is not done within ~25 s, the job id is returned; check it with get_storybook_status.',
      inputSchema: { script: z.string().min(1).max(1_000_000), voice: z.enum(voiceIds).optional(), speed: z.enum(['slow', 'normal', 'gentle']).optional() },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ script, voice, speed }) => {
      const created = await api('POST', '/api/v1/tts', { text: script, voice, speed, delivery: 'link' });
      if (created.status !== 202) return failure(created);
      const result = await poll(`/api/v1/tts?jobId=${created.json.jobId}`, (json) => json.status === 'completed' || json.status === 'failed');
      if (result.status !== 200) return failure(result);
      if (result.json.status === 'failed') return { ...text(`The narration failed; nothing was charged. Job ${created.json.jobId}.`), isError: true };
      if (result.json.status !== 'completed') return text({ jobId: created.json.jobId, status: result.json.status, progress: result.json.progress, note: 'Still narrating; call get_storybook_status with this id.' });
      return text({ audioUrl: result.json.audioUrl, duration_ms: result.json.duration_ms, characters: result.json.characters, credits_charged: result.json.credits, jobId: created.json.jobId });
    },
  );

  server.registerTool(
    'create_talking_storybook',
    {
      title: 'Create talking storybook',
      description: 'Renders a presenter video: a drawn character reads the script with lip-sync. Costs 500 credits, charged only when the video is delivered. Returns an id; check it with get_storybook_status.',
      inputSchema: { script: z.string().min(1).max(5000), character: z.enum(characterIds), voice: z.enum(voiceIds).optional() },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async ({ script, character, voice }) => {
      const created = await api('POST', '/api/v1/storybooks', { script, character, voice });
      if (created.status !== 202) return failure(created);
      return text({ storybookId: created.json.storybookId, status: created.json.status, credits_reserved: created.json.credits_reserved, next: 'Call get_storybook_status with storybookId until status is completed, then share watch_url.' });
    },
  );

  server.registerTool(
    'get_storybook_status',
    {
      title: 'Get storybook status',
      description: 'Status and progress of a talking storybook (or of a long audio story job); when done, a watch link (video) or audio link.',
      inputSchema: { id: z.string().min(1).max(64) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ id }) => {
      const storybook = await api('GET', `/api/v1/storybooks/${encodeURIComponent(id)}`);
      if (storybook.status === 200) return text(storybook.json);
      const narration = await api('GET', `/api/v1/tts?jobId=${encodeURIComponent(id)}`);
      return narration.status === 200 ? text(narration.json) : failure(storybook);
    },
  );

  server.registerTool(
    'list_characters',
    { title: 'List characters', description: 'The presenter characters for talking storybooks, with their default voices.', inputSchema: {}, annotations: { readOnlyHint: true, openWorldHint: false } },
    async () => {
      const result = await api('GET', '/api/v1/characters');
      return result.status === 200 ? text(result.json.characters) : failure(result);
    },
  );
  return server;
}
