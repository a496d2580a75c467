import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_CODES, ERROR_STATUS } from '../src/errors/index.ts';
import { MAX_REQUEST_BODY_BYTES } from '../src/lib/body-limit.ts';
import { createHarness, type Harness } from './support/harness.ts';

const root = join(import.meta.dir, '..');
const directory = mkdtempSync(join(tmpdir(), 'recite-pipeline-'));
let harness: Harness;
beforeAll(async () => {
  harness = await createHarness({ overrides: { runJobs: false } });
});
afterAll(async () => {
  await harness?.close();
  rmSync(directory, { recursive: true, force: true });
});

async function expectEnvelope(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
}

describe('405 method_not_allowed', () => {
  test('a wrong method on a route gets 405 with Allow; an unknown path is still 404', async () => {
    const put = await harness.request('/api/v1/tts', { method: 'PUT', json: { text: 'hi' } });
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    await expectEnvelope(put, 405, 'method_not_allowed');
    const deleteVoices = await harness.request('/api/v1/voices', { method: 'DELETE' });
    expect(deleteVoices.headers.get('allow')).toBe('GET, HEAD');
    await expectEnvelope(deleteVoices, 405, 'method_not_allowed');
    const storybook = await harness.request('/api/v1/storybooks/sb_123', { method: 'POST' });
    expect(storybook.headers.get('allow')).toBe('GET, HEAD');
    await expectEnvelope(storybook, 405, 'method_not_allowed');
    // /mcp serves POST only (stateless, JSON responses): no server-initiated stream, no sessions.
    const mcp = await harness.request('/mcp', { method: 'GET' });
    expect(mcp.headers.get('allow')).toBe('POST');
    await expectEnvelope(mcp, 405, 'method_not_allowed');
    await expectEnvelope(await harness.request('/api/v1/nothing-here', { method: 'PUT' }), 404, 'not_found');
  });
});

describe('auth macro and body models', () => {
  test('the key is checked before the body: a bad key with a bad body is 401, a good key with it is 400', async () => {
    const { key } = await harness.account();
    const garbage = { method: 'POST', body: 'not json', headers: { 'content-type': 'application/json' } };
    await expectEnvelope(await harness.request('/api/v1/tts', garbage), 401, 'unauthorized');
    await expectEnvelope(await harness.request('/api/v1/tts', { ...garbage, key }), 400, 'invalid_request');
    const bad = await harness.request('/api/v1/tts', { method: 'POST', key, json: { text: 'hi', speed: 'warp' } });
    expect(bad.headers.get('ratelimit')).toMatch(/^"per-key";r=\d+;t=\d+$/);
    await expectEnvelope(bad, 400, 'invalid_speed');
    await expectEnvelope(
      await harness.request('/api/v1/tts', { method: 'POST', key, json: { text: 5 } }),
      400,
      'invalid_request',
    );
    await expectEnvelope(
      await harness.request('/api/v1/tts', { method: 'POST', key, json: [1, 2] }),
      400,
      'invalid_request',
    );
    await expectEnvelope(await harness.request('/api/v1/tts', { key }), 400, 'invalid_request');
    const storybook = await harness.request('/api/v1/storybooks', {
      method: 'POST',
      key,
      json: { script: 'Hello.', character: 'fenn-fox', speed: 'warp' },
    });
    await expectEnvelope(storybook, 400, 'invalid_speed');
  });
});

describe('OpenAPI', () => {
  test('the document passes `redocly lint` with the recommended rules: 0 errors, 0 warnings', async () => {
    const response = await harness.request('/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { paths: Record<string, Record<string, { operationId?: string }>> };
    expect(Object.keys(document.paths['/mcp']!)).toEqual(['post']);
    const file = join(directory, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const lint = spawnSync(
      join(root, 'node_modules/.bin/redocly'),
      ['lint', '--extends', 'recommended', '--format', 'json', file],
      {
        cwd: directory,
        encoding: 'utf8',
        // No telemetry or update check: the test runs offline.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
        timeout: 120_000,
      },
    );
    const report = JSON.parse(lint.stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(lint.status).toBe(0);
  }, 120_000);
});

describe('docs/api.md', () => {
  test('documents every operation of /openapi.json and every error code, and links nothing outside the repository', async () => {
    const reference = readFileSync(join(root, 'docs/api.md'), 'utf8');
    const document = (await (await harness.request('/openapi.json')).json()) as { paths: Record<string, object> };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        const heading = `### ${method.toUpperCase()} ${path.replace('/files/*', '/files/{key}')}`;
        expect(reference.split('\n').some((line) => line === heading || line.startsWith(`${heading}?`))).toBe(true);
      }
    }
    for (const code of ERROR_CODES) expect(reference).toContain(`| ${ERROR_STATUS[code]} | \`${code}\` |`);
    for (const readme of [reference, readFileSync(join(root, 'README.md'), 'utf8')]) {
      expect(readme).not.toMatch(/\]\(\.\.\//);
      expect(readme).not.toContain('shared/spec');
    }
  });
});

describe('413 payload_too_large', () => {
  test('the real server answers a body over the limit with the JSON envelope, not a bare 413', async () => {
    const environment = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      RECITE_DATABASE: join(directory, 'recite.db'),
      RECITE_STORAGE: `file:${join(directory, 'audio')}`,
      RECITE_PORT: '0',
      RECITE_ENGINE_WORKERS: '1',
      RECITE_ENCODER_WORKERS: '1',
      RECITE_LOG_LEVEL: 'info',
    };
    const child: ChildProcess = spawn(process.execPath, ['src/index.ts'], { cwd: root, env: environment });
    const gone = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      let log = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr!.on('data', (chunk: Buffer) => {
          log += chunk.toString();
          const match = /"url":"([^"]+)"/.exec(log);
          if (match) resolve(match[1]!);
        });
        child.on('exit', (code) => reject(new Error(`server exited ${code}: ${log}`)));
      });
      const body = JSON.stringify({ text: 'a'.repeat(MAX_REQUEST_BODY_BYTES) });
      const headers = { 'content-type': 'application/json', authorization: 'Bearer ksk_live_none' };
      await expectEnvelope(
        await fetch(`${url}api/v1/tts`, { method: 'POST', headers, body }),
        413,
        'payload_too_large',
      );
    } finally {
      child.kill('SIGKILL');
      await gone;
    }
  }, 60_000);

  test('a chunked body (no Content-Length) is refused while it is read', async () => {
    const { key } = await harness.account();
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('{"text":"'));
        const chunk = encoder.encode('a'.repeat(1024 * 1024));
        for (let index = 0; index * chunk.byteLength <= MAX_REQUEST_BODY_BYTES; index++) controller.enqueue(chunk);
        controller.enqueue(encoder.encode('"}'));
        controller.close();
      },
    });
    const init = { method: 'POST', key, body: stream, duplex: 'half' } as RequestInit & { key: string };
    await expectEnvelope(await harness.request('/api/v1/tts', init), 413, 'payload_too_large');
  });
});
