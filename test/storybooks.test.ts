import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Resvg } from '@resvg/resvg-js';
import { createFfmpegRenderer } from '../providers/renderers/ffmpeg/ffmpeg-renderer.ts';
import { createWasmRenderer } from '../providers/renderers/wasm/wasm-renderer.ts';
import type { VideoRendererV1 } from '../providers/spec/v1/video-renderer.ts';
import { narrate } from '../src/audio/narrate.ts';
import { CHARACTERS, characterSvg, VISEMES } from '../src/presenter/characters.ts';
import { renderPresenterVideo } from '../src/presenter/render.ts';
import { visemeFor, visemeTimeline } from '../src/presenter/visemes.ts';
import { findVoice } from '../src/modules/voices/catalog.ts';
import { createHarness, type Harness } from './support/harness.ts';

const directory = mkdtempSync(join(tmpdir(), 'recite-video-'));
let harness: Harness;
let server: ReturnType<typeof Bun.serve>;
beforeAll(async () => {
  harness = await createHarness();
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: harness.app.fetch, idleTimeout: 120 });
});
afterAll(async () => {
  await server.stop(true);
  await harness.close();
  rmSync(directory, { recursive: true, force: true });
});

/** ffprobe (Debian's ffmpeg) as the real decoder that judges the MP4. */
function probe(bytes: Uint8Array) {
  const file = join(directory, `${crypto.randomUUID()}.mp4`);
  writeFileSync(file, bytes);
  const result = spawnSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file], {
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; duration?: string }[];
    format: { duration: string };
  };
}

describe('characters and lip-sync', () => {
  test('at least six characters, each with a catalog voice and every mouth shape drawable', () => {
    expect(CHARACTERS.length).toBeGreaterThanOrEqual(6);
    for (const character of CHARACTERS) {
      expect(findVoice(character.defaultVoice)).toBeDefined();
      for (const mouth of VISEMES) {
        const image = new Resvg(characterSvg(character, { mouth, blink: mouth === 'rest', sway: 2 }), {
          font: { loadSystemFonts: false },
        }).render();
        expect(image.width).toBe(640);
      }
    }
  });

  test('phonemes map to mouth shapes; silence closes the mouth; open vowels open it', () => {
    expect(visemeFor("'a")).toBe('open');
    expect(visemeFor('ˈəʊ')).toBe('round');
    expect(visemeFor('m')).toBe('mbp');
    expect(visemeFor('f')).toBe('fv');
    expect(visemeFor('_:')).toBe('rest');
    const events = [
      { type: 'phoneme' as const, textOffset: 0, textLength: 0, sample: 22050, phoneme: 'm' },
      { type: 'phoneme' as const, textOffset: 0, textLength: 0, sample: 22050 + 2205, phoneme: 'ˈa' },
      { type: 'phoneme' as const, textOffset: 0, textLength: 0, sample: 22050 + 8820, phoneme: '_:' },
    ];
    const timeline = visemeTimeline(events, { sampleRate: 22050, fps: 24, frames: 72 });
    expect(timeline.slice(0, 20).every((viseme) => viseme === 'rest')).toBe(true); // the first second is silent
    expect(timeline.slice(27, 32)).toContain('open');
    expect(timeline.at(-1)).toBe('rest');
  });
});

describe('rendering', () => {
  const renderers: VideoRendererV1[] = [createWasmRenderer(), createFfmpegRenderer()];
  for (const renderer of renderers) {
    test(`${renderer.id}: an MP4 with H.264 640x360 and the narration, as long as the audio`, async () => {
      if (!(await renderer.capabilities()).available) {
        console.warn(`skipped: ${renderer.id} renderer not available here`);
        return;
      }
      const narration = narrate(harness.services.engine, harness.services.encoders, {
        text: 'Hello! I am Fenn the fox, and this is my story.',
        voice: findVoice('playful-elf')!,
        speed: 'normal',
        events: { phonemes: true },
      });
      const parts: Uint8Array[] = [];
      for await (const part of narration.bytes) parts.push(part);
      const result = await narration.result;
      const seconds = result.decodedSamples / result.sampleRate;
      const video = await renderPresenterVideo({
        character: CHARACTERS[0]!,
        audio: new Uint8Array(Buffer.concat(parts)),
        durationSeconds: seconds,
        events: result.events,
        sampleRate: result.sampleRate,
        renderer,
      });
      const info = probe(video.mp4);
      const videoStream = info.streams.find((stream) => stream.codec_type === 'video')!;
      expect(videoStream).toMatchObject({ codec_name: 'h264', width: 640, height: 360 });
      expect(info.streams.find((stream) => stream.codec_type === 'audio')).toBeDefined();
      expect(Math.abs(Number(info.format.duration) - seconds)).toBeLessThan(0.15);
      expect(video.distinctFrames).toBeLessThan(video.frames);
    });
  }
});

describe('storybook API, watch page and MCP tools', () => {
  test('a storybook is rendered as a job, watched without sign-in, and charged 500 credits only on delivery', async () => {
    const { key, accountId } = await harness.account({ credits: 600 });
    const created = await harness.request('/api/v1/storybooks', {
      method: 'POST',
      key,
      json: { script: 'The owl looked at the moon and smiled.', character: 'olive-owl' },
    });
    expect(created.status).toBe(202);
    const { storybookId } = (await created.json()) as { storybookId: string };
    expect(await harness.services.ledger.heldCredits(accountId)).toBe(500);
    let view: any;
    for (let attempt = 0; attempt < 200; attempt++) {
      view = await (await harness.request(`/api/v1/storybooks/${storybookId}`, { key })).json();
      if (view.status === 'completed' || view.status === 'failed') break;
      await Bun.sleep(100);
    }
    expect(view.status).toBe('completed');
    expect(await harness.services.ledger.balance(accountId)).toBe(100);
    expect(await harness.services.ledger.heldCredits(accountId)).toBe(0);
    const watch = await harness.request(new URL(view.watch_url).pathname);
    expect(watch.status).toBe(200);
    const html = await watch.text();
    expect(html).toContain('<video');
    expect(html).toContain('The owl looked at the moon');
    const video = new Uint8Array(await (await harness.app.handle(new Request(view.video_url))).arrayBuffer());
    expect(
      probe(video)
        .streams.map((stream) => stream.codec_name)
        .sort(),
    ).toEqual(['h264', 'mp3']);
    // Not enough credits for another: 402, nothing held.
    const refused = await harness.request('/api/v1/storybooks', {
      method: 'POST',
      key,
      json: { script: 'Again!', character: 'olive-owl' },
    });
    expect(refused.status).toBe(402);
    expect((await harness.request('/watch/job_doesnotexist00')).status).toBe(404);
  }, 60_000);

  test('stdio MCP server (recite mcp) drives the API with the key from RECITE_API_KEY', async () => {
    const { key } = await harness.account({ credits: 2000 });
    const client = new Client({ name: 'recite-test', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['src/index.ts', 'mcp'],
      cwd: join(import.meta.dir, '..'),
      env: { PATH: process.env.PATH ?? '', RECITE_URL: `http://127.0.0.1:${server.port}`, RECITE_API_KEY: key },
    });
    try {
      // Inside the try: a failed handshake still closes the transport, which ends the child process.
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'create_audio_story',
        'create_talking_storybook',
        'get_storybook_status',
        'list_characters',
      ]);
      expect(tools.find((tool) => tool.name === 'create_talking_storybook')!.annotations?.readOnlyHint).toBe(false);
      expect(tools.find((tool) => tool.name === 'list_characters')!.annotations?.readOnlyHint).toBe(true);
      const characters = await client.callTool({ name: 'list_characters', arguments: {} });
      expect(JSON.parse((characters.content as any)[0].text).length).toBeGreaterThanOrEqual(6);
      const story = await client.callTool({
        name: 'create_audio_story',
        arguments: { script: 'A short story about a brave little boat.' },
      });
      const storyResult = JSON.parse((story.content as any)[0].text);
      expect(storyResult.audioUrl).toContain('/files/narrations/');
      expect((await fetch(storyResult.audioUrl)).status).toBe(200);
      const storybook = await client.callTool({
        name: 'create_talking_storybook',
        arguments: { script: 'Beep boop, hello friends.', character: 'bolt-robot' },
      });
      const { storybookId } = JSON.parse((storybook.content as any)[0].text);
      let status: any;
      for (let attempt = 0; attempt < 200; attempt++) {
        status = JSON.parse(
          ((await client.callTool({ name: 'get_storybook_status', arguments: { id: storybookId } })).content as any)[0]
            .text,
        );
        if (status.status === 'completed') break;
        await Bun.sleep(100);
      }
      expect(status.watch_url).toContain(`/watch/${storybookId}`);
      const rejected = await client.callTool({
        name: 'create_audio_story',
        arguments: { script: 'All immigrants are vermin and should be exterminated.' },
      });
      expect(rejected.isError).toBe(true);
      expect((rejected.content as any)[0].text).toContain('content_rejected');
    } finally {
      await client.close();
      await transport.close();
    }
  }, 90_000);

  test('/mcp over Streamable HTTP with the Bearer key; insufficient credits are a tool error', async () => {
    const { key } = await harness.account({ credits: 100 });
    const client = new Client({ name: 'recite-test', version: '1.0.0' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.port}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${key}` } },
        }),
      );
      const result = await client.callTool({
        name: 'create_talking_storybook',
        arguments: { script: 'Hello there.', character: 'fenn-fox' },
      });
      expect(result.isError).toBe(true);
      expect((result.content as any)[0].text).toContain('insufficient_credits');
    } finally {
      await client.close();
    }
    const anonymous = await fetch(`http://127.0.0.1:${server.port}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
  });
});
