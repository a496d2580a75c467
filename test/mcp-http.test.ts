import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createHarness, type Harness } from './support/harness.ts';

/** /mcp over real HTTP with the MCP SDK client: links that work for the assistant, and honest charges. */
let harness: Harness;
let server: ReturnType<typeof Bun.serve>;
let origin = '';
beforeAll(async () => {
  harness = await createHarness();
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: harness.app.fetch, idleTimeout: 120 });
  origin = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.stop(true);
  await harness?.close();
});

async function withClient<T>(url: string, key: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ name: 'recite-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  try {
    await client.connect(transport);
    return await run(client);
  } finally {
    await client.close();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: tool results are JSON text the test reads field by field
const json = (result: unknown): any => JSON.parse((result as { content: { text: string }[] }).content[0]!.text);

describe('MCP over HTTP', () => {
  test('links use the origin the request reached (no RECITE_PUBLIC_URL): audioUrl, preview_url, watch_url, video_url', async () => {
    const { key } = await harness.account({ credits: 5000 });
    await withClient(`${origin}/mcp`, key, async (client) => {
      const story = json(
        await client.callTool({ name: 'create_audio_story', arguments: { script: 'A boat sails home.' } }),
      );
      expect(story.audioUrl.startsWith(`${origin}/files/`)).toBe(true);
      expect((await fetch(story.audioUrl)).status).toBe(200);
      const characters = json(await client.callTool({ name: 'list_characters', arguments: {} }));
      for (const character of characters)
        expect(character.preview_url.startsWith(`${origin}/api/v1/characters/`)).toBe(true);
      expect((await fetch(characters[0].preview_url)).status).toBe(200);
      const created = json(
        await client.callTool({
          name: 'create_talking_storybook',
          arguments: { script: 'Hello, friends.', character: 'bolt-robot' },
        }),
      );
      // Waits on the scheduler itself, so the wait spends no requests.
      for (
        let attempt = 0;
        attempt < 600 && (await harness.services.scheduler.find(created.storybookId))?.status !== 'completed';
        attempt++
      ) {
        await Bun.sleep(100);
      }
      const status = json(
        await client.callTool({ name: 'get_storybook_status', arguments: { id: created.storybookId } }),
      );
      expect(status.watch_url).toBe(`${origin}/watch/${created.storybookId}`);
      expect(status.video_url.startsWith(`${origin}/files/`)).toBe(true);
      expect(JSON.stringify(status)).not.toContain('recite.internal');
    });
  }, 90_000);

  test('5 concurrent create_audio_story calls on one key: all get their job, one rate-limit unit each, retries are free', async () => {
    // 12 a minute: the 10 /mcp requests below and one probe fit; the tools' own calls and polls would not.
    const limited = await createHarness({ environment: { RECITE_RATE_LIMIT: '12' } });
    const limitedServer = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: limited.app.fetch, idleTimeout: 120 });
    const limitedOrigin = `http://127.0.0.1:${limitedServer.port}`;
    try {
      const { key, accountId } = await limited.account({ credits: 5000 });
      const before = await limited.services.ledger.balance(accountId);
      const scripts = [1, 2, 3, 4, 5].map((index) => `Story number ${index}: a lighthouse keeper counts the ships.`);
      const results = await withClient(`${limitedOrigin}/mcp`, key, (client) =>
        Promise.all(scripts.map((script) => client.callTool({ name: 'create_audio_story', arguments: { script } }))),
      );
      const stories = results.map((result) => {
        expect(result.isError).toBeFalsy();
        return json(result) as { jobId: string; audioUrl: string; credits_charged: number };
      });
      expect(new Set(stories.map((story) => story.jobId)).size).toBe(5);
      for (const story of stories) expect(story.audioUrl.startsWith(`${limitedOrigin}/files/`)).toBe(true);
      const charged = stories.reduce((total, story) => total + story.credits_charged, 0);
      expect(await limited.services.ledger.balance(accountId)).toBe(before - charged);

      // A retry of one call (a new session, as after a dropped connection) returns the same job and charges nothing.
      const retried = await withClient(`${limitedOrigin}/mcp`, key, (client) =>
        client.callTool({ name: 'create_audio_story', arguments: { script: scripts[2]! } }),
      );
      expect(json(retried).jobId).toBe(stories[2]!.jobId);
      expect(await limited.services.ledger.balance(accountId)).toBe(before - charged);

      // Each /mcp request spent one unit (2 + 5 for the first session, 3 for the retry's), and none of the tools' own
      // calls and polls did. The fixed test clock never refills the limit, so the probe is the 11th of 12.
      const probe = await limited.request('/api/v1/voices', { key });
      expect(probe.status).toBe(200);
      expect(probe.headers.get('ratelimit')).toMatch(/^"per-key";r=1;/);
    } finally {
      await limitedServer.stop(true);
      await limited.close();
    }
  }, 120_000);

  test('links use RECITE_PUBLIC_URL when it is set', async () => {
    const behind = await createHarness({ environment: { RECITE_PUBLIC_URL: 'https://narrate.example.org/' } });
    const proxy = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: behind.app.fetch, idleTimeout: 120 });
    try {
      const { key } = await behind.account({ credits: 5000 });
      await withClient(`http://127.0.0.1:${proxy.port}/mcp`, key, async (client) => {
        const story = json(
          await client.callTool({ name: 'create_audio_story', arguments: { script: 'A fox at dawn.' } }),
        );
        expect(story.audioUrl.startsWith('https://narrate.example.org/files/')).toBe(true);
        const characters = json(await client.callTool({ name: 'list_characters', arguments: {} }));
        expect(characters[0].preview_url.startsWith('https://narrate.example.org/api/v1/characters/')).toBe(true);
      });
    } finally {
      await proxy.stop(true);
      await behind.close();
    }
  }, 90_000);
});
