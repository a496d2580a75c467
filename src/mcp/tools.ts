import { createHash } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { SPEEDS } from '../modules/tts/model.ts';
import { VOICES } from '../modules/voices/catalog.ts';
import { CHARACTERS } from '../presenter/characters.ts';

/** How the tools reach recite: over HTTP (stdio server) or straight into the app (the /mcp endpoint). */
export type ApiCall = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ status: number; json: any }>;

/**
 * The Idempotency-Key of a tool call: the same tool with the same arguments is the same request, so an assistant that
 * retries (after a timeout, a dropped connection, an error it misread) gets the first job back instead of paying again.
 */
export function toolCallKey(tool: string, args: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(args)
      .sort()
      .map((name) => [name, args[name] ?? null]),
  );
  return `mcp-${tool}-${createHash('sha256').update(canonical).digest('hex').slice(0, 40)}`;
}

export function httpApi(baseUrl: string, key: string): ApiCall {
  const base = baseUrl.replace(/\/+$/, '');
  return async (method, path, body, headers = {}) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, json: await response.json().catch(() => ({})) };
  };
}

const text = (value: unknown) => ({
  content: [{ type: 'text' as const, text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }],
});
/** API errors become tool errors the assistant can explain (insufficient credits, rejected content …). */
const failure = (result: { status: number; json: any }) => ({
  ...text(`${result.json?.error?.code ?? `HTTP ${result.status}`}: ${result.json?.error?.message ?? 'request failed'}`),
  isError: true,
});
const voiceIds = VOICES.map((voice) => voice.id) as [string, ...string[]];
const characterIds = CHARACTERS.map((character) => character.id) as [string, ...string[]];

export function createMcpServer(api: ApiCall, options: { waitMs?: number; pauseMs?: number } = {}): McpServer {
  const server = new McpServer({ name: 'recite', version: '1.0.0' });
  const waitMs = options.waitMs ?? 25_000;
  const pause = options.pauseMs ?? 500;
  /**
   * Polls until `done` or the deadline. A failed poll (a 429 over stdio, a blip) is not the job's outcome: the job
   * exists, so polling goes on and the caller always gets the job id back.
   */
  const poll = async (path: string, done: (json: any) => boolean) => {
    const deadline = Date.now() + waitMs;
    let result = await api('GET', path);
    while (!(result.status === 200 && done(result.json)) && Date.now() < deadline) {
      await Bun.sleep(pause);
      result = await api('GET', path);
    }
    return result;
  };
  /** Creates with a derived Idempotency-Key; a 409 means the same call is still being accepted, so wait for it. */
  const create = async (path: string, body: Record<string, unknown>, key: string) => {
    const deadline = Date.now() + waitMs;
    let result = await api('POST', path, body, { 'idempotency-key': key });
    while (result.status === 409 && Date.now() < deadline) {
      await Bun.sleep(pause);
      result = await api('POST', path, body, { 'idempotency-key': key });
    }
    return result;
  };

  server.registerTool(
    'create_audio_story',
    {
      title: 'Create audio story',
      description:
        'Narrates a script to a voiceover MP3 and returns a download link (1 credit per 10 characters). Long scripts run as a job: if it is not done within ~25 s, the job id is returned; check it with get_storybook_status.',
      inputSchema: {
        script: z.string().min(1).max(1_000_000),
        voice: z.enum(voiceIds).optional(),
        speed: z.enum(SPEEDS).optional(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ script, voice, speed }) => {
      const body = { text: script, voice, speed, delivery: 'link' };
      const created = await create('/api/v1/tts', body, toolCallKey('create_audio_story', { script, voice, speed }));
      if (created.status !== 202) return failure(created);
      const jobId = created.json.jobId as string;
      const result = await poll(
        `/api/v1/tts?jobId=${jobId}`,
        (json) => json.status === 'completed' || json.status === 'failed',
      );
      if (result.status !== 200) {
        const still = 'Narrating; the job exists and its credits are held. Call get_storybook_status with this id.';
        return text({ jobId, status: 'unknown', note: still });
      }
      if (result.json.status === 'failed')
        return { ...text(`The narration failed; nothing was charged. Job ${jobId}.`), isError: true };
      if (result.json.status !== 'completed') {
        const note = 'Still narrating; call get_storybook_status with this id.';
        return text({ jobId, status: result.json.status, progress: result.json.progress, note });
      }
      const { audioUrl, duration_ms, characters, credits } = result.json;
      return text({ audioUrl, duration_ms, characters, credits_charged: credits, jobId });
    },
  );

  server.registerTool(
    'create_talking_storybook',
    {
      title: 'Create talking storybook',
      description:
        'Renders a presenter video: a drawn character reads the script with lip-sync. Costs 500 credits, charged only when the video is delivered. Returns an id; check it with get_storybook_status.',
      inputSchema: {
        script: z.string().min(1).max(5000),
        character: z.enum(characterIds),
        voice: z.enum(voiceIds).optional(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ script, character, voice }) => {
      const key = toolCallKey('create_talking_storybook', { script, character, voice });
      const created = await create('/api/v1/storybooks', { script, character, voice }, key);
      if (created.status !== 202) return failure(created);
      return text({
        storybookId: created.json.storybookId,
        status: created.json.status,
        credits_reserved: created.json.credits_reserved,
        next: 'Call get_storybook_status with storybookId until status is completed, then share watch_url.',
      });
    },
  );

  server.registerTool(
    'get_storybook_status',
    {
      title: 'Get storybook status',
      description:
        'Status and progress of a talking storybook (or of a long audio story job); when done, a watch link (video) or audio link.',
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
    {
      title: 'List characters',
      description: 'The presenter characters for talking storybooks, with their default voices.',
      inputSchema: {},
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => {
      const result = await api('GET', '/api/v1/characters');
      return result.status === 200 ? text(result.json.characters) : failure(result);
    },
  );
  return server;
}
