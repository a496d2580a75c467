import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { type Browser, chromium } from 'playwright-core';
import { englishText } from '../scripts/fixtures/english.ts';
import { Mp3FrameCounter } from '../src/audio/mp3-frames.ts';
import { createHarness, type Harness } from './support/harness.ts';

// Real parts: the recite app on 127.0.0.1, Debian's chromium, ffprobe/ffmpeg, the official OpenAI client.
const environment = { RECITE_DIRECT_MAX_CHARS: '1500' };
let harness: Harness;
let server: ReturnType<typeof Bun.serve>;
let browser: Browser;
const directory = mkdtempSync(join(tmpdir(), 'recite-audio-output-'));
/** Files the Chromium page loads, by name; `stream` entries are piped from a direct POST with no Content-Length. */
const files = new Map<string, Uint8Array<ArrayBuffer>>();
let streamKey = '';
const streamText = englishText(1200);

beforeAll(async () => {
  harness = await createHarness({ environment, overrides: { runJobs: false } });
  server = Bun.serve({
    port: 0,
    // The machine is shared: a long direct synthesis may take a while before its first bytes.
    idleTimeout: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname === '/page')
        return new Response('<!doctype html><title>audio</title>', { headers: { 'content-type': 'text/html' } });
      if (url.pathname.startsWith('/file/')) {
        const bytes = files.get(url.pathname.slice(6));
        return bytes
          ? new Response(bytes, { headers: { 'content-type': 'audio/mpeg' } })
          : new Response('', { status: 404 });
      }
      if (url.pathname === '/stream.mp3') {
        // What a browser gets from a streamed direct response: chunked, no length.
        const direct = await harness.request('/api/v1/tts', {
          method: 'POST',
          key: streamKey,
          json: { text: streamText, voice: 'std-aria' },
        });
        return new Response(direct.body, { headers: { 'content-type': 'audio/mpeg' } });
      }
      return harness.app.fetch(request);
    },
  });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop(true);
  await harness?.close();
  rmSync(directory, { recursive: true, force: true });
});

async function run(command: string[], input?: Uint8Array): Promise<Uint8Array> {
  const child = Bun.spawn(command, { stdin: input ? 'pipe' : 'ignore', stdout: 'pipe', stderr: 'pipe' });
  if (input) {
    child.stdin!.write(input);
    await child.stdin!.end();
  }
  const output = new Uint8Array(await new Response(child.stdout).arrayBuffer());
  if ((await child.exited) !== 0) throw new Error(`${command[0]} failed: ${await new Response(child.stderr).text()}`);
  return output;
}

let fileCount = 0;
function save(bytes: Uint8Array, extension: string): string {
  const path = join(directory, `audio-${fileCount++}.${extension}`);
  writeFileSync(path, bytes);
  return path;
}

async function probe(path: string): Promise<{ duration: number; codec: string; sampleRate: number }> {
  const json = JSON.parse(
    new TextDecoder().decode(
      await run([
        'ffprobe',
        '-v',
        'error',
        '-show_entries',
        'format=duration:stream=codec_name,sample_rate',
        '-of',
        'json',
        path,
      ]),
    ),
  );
  return {
    duration: Number(json.format.duration),
    codec: json.streams[0].codec_name,
    sampleRate: Number(json.streams[0].sample_rate),
  };
}

/** Seconds of audio a decoder (ffmpeg) produces from the whole file. */
async function decodedSeconds(path: string, format?: string): Promise<number> {
  const pcm = await run([
    'ffmpeg',
    '-v',
    'error',
    ...(format ? ['-f', format, '-ar', '24000', '-ac', '1'] : []),
    '-i',
    path,
    '-f',
    's16le',
    '-ac',
    '1',
    '-ar',
    '24000',
    '-',
  ]);
  return pcm.length / 2 / 24000;
}

/**
 * Chromium's `audio.duration` for a URL. `blob`: the page fetches the bytes first and plays them from a Blob, as a
 * page does with a POSTed direct response (an <audio> element cannot POST); the playground works this way.
 */
async function chromiumDuration(path: string, blob = false): Promise<number> {
  const page = await browser.newPage();
  try {
    await page.goto(`${server.url}page`);
    return await page.evaluate(
      async ({ source, blob }) => {
        const audio = new Audio();
        audio.preload = 'auto';
        const finite = new Promise<number>((resolve, reject) => {
          const check = () => Number.isFinite(audio.duration) && audio.duration > 0 && resolve(audio.duration);
          audio.addEventListener('loadedmetadata', check);
          audio.addEventListener('durationchange', check);
          audio.addEventListener('error', () => reject(new Error(`media error ${audio.error?.code}`)));
        });
        audio.src = blob ? URL.createObjectURL(await (await fetch(source)).blob()) : source;
        return await finite;
      },
      { source: `${server.url}${path.replace(/^\//, '')}`, blob },
    );
  } finally {
    await page.close();
  }
}

const figures: string[] = [];
async function checkMp3(kind: string, bytes: Uint8Array, url: string, blob = false) {
  const path = save(bytes, 'mp3');
  const decoded = await decodedSeconds(path);
  const probed = await probe(path);
  const shown = await chromiumDuration(url, blob);
  figures.push(
    `${kind}: decoded ${decoded.toFixed(3)} s, ffprobe ${probed.duration.toFixed(3)} s, Chromium ${shown.toFixed(3)} s`,
  );
  expect(Math.abs(shown - decoded) / decoded).toBeLessThan(0.01);
  expect(Math.abs(probed.duration - decoded) / decoded).toBeLessThan(0.01);
}

function hasXing(bytes: Uint8Array): { tag: string; frames: number; bytes: number } | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 64));
  const at = Math.max(head.indexOf('Xing'), head.indexOf('Info'));
  if (at < 0) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { tag: head.slice(at, at + 4), frames: view.getUint32(at + 8), bytes: view.getUint32(at + 12) };
}

describe('MP3 length: Xing/Info frames and what players show', () => {
  test('json audio carries a Xing frame whose counts match the file; Chromium and ffprobe agree with the decoder', async () => {
    const { key } = await harness.account({ credits: 10_000 });
    const response = await harness.request('/api/v1/tts', {
      method: 'POST',
      key,
      json: { text: englishText(900), voice: 'std-davis', format: 'json' },
    });
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(Buffer.from(((await response.json()) as { audio: string }).audio, 'base64'));
    const xing = hasXing(bytes);
    expect(xing?.bytes).toBe(bytes.length);
    const counter = new Mp3FrameCounter();
    counter.push(bytes);
    expect(xing?.frames).toBe(counter.frames - 1);
    files.set('json.mp3', bytes);
    await checkMp3('json audio', bytes, '/file/json.mp3');
  });

  test('voice samples are complete files with a Xing/Info frame', async () => {
    const response = await harness.request('/api/v1/voices/std-aria/sample.mp3');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(hasXing(bytes)?.bytes).toBe(bytes.length);
    await checkMp3('voice sample', bytes, '/api/v1/voices/std-aria/sample.mp3');
  });

  test('job MP3s are stored with a Xing frame (spooled, then uploaded)', async () => {
    const long = await createHarness({
      environment: { RECITE_DIRECT_MAX_CHARS: '400' },
      overrides: { runJobs: false },
    });
    try {
      const { key } = await long.account({ credits: 10_000 });
      const accepted = (await (
        await long.request('/api/v1/tts', {
          method: 'POST',
          key,
          json: { text: englishText(2000), voice: 'std-davis' },
        })
      ).json()) as { jobId: string };
      expect(await long.services.scheduler.runDue()).toBe(1);
      const done = (await (await long.request(`/api/v1/tts?jobId=${accepted.jobId}`, { key })).json()) as {
        audioUrl: string;
      };
      const bytes = new Uint8Array(await (await long.app.handle(new Request(done.audioUrl))).arrayBuffer());
      expect(hasXing(bytes)?.tag).toBe('Xing');
      expect(hasXing(bytes)?.bytes).toBe(bytes.length);
      files.set('job.mp3', bytes);
      await checkMp3('job MP3', bytes, '/file/job.mp3');
    } finally {
      await long.close();
    }
  });

  test('a streamed direct MP3 is constant-bitrate, so a player that has its bytes knows its length', async () => {
    streamKey = (await harness.account({ credits: 10_000 })).key;
    const streamed = new Uint8Array(await (await fetch(`${server.url}stream.mp3`)).arrayBuffer());
    const counter = new Mp3FrameCounter();
    counter.push(streamed);
    expect(counter.constantBitrate).toBe(true);
    await checkMp3('streamed direct MP3 (played from a Blob)', streamed, '/stream.mp3', true);
  });

  afterAll(() => console.log(figures.join('\n')));
});

describe('OpenAI response formats and speed', () => {
  const client = () => new OpenAI({ apiKey: openaiKey, baseURL: `${server.url}v1`, maxRetries: 0 });
  let openaiKey = '';
  beforeAll(async () => {
    openaiKey = (await harness.account({ credits: 100_000 })).key;
  });
  const input = 'The quick brown fox jumps over the lazy dog, and then it rests in the shade.';
  const expected: Record<string, { type: string; codec: string }> = {
    mp3: { type: 'audio/mpeg', codec: 'mp3' },
    wav: { type: 'audio/wav', codec: 'pcm_s16le' },
    flac: { type: 'audio/flac', codec: 'flac' },
    opus: { type: 'audio/ogg; codecs=opus', codec: 'opus' },
    pcm: { type: 'audio/pcm', codec: 'pcm_s16le' },
  };

  test('mp3, wav, flac, opus and pcm: right Content-Type, real audio of the same length, charged the same', async () => {
    const lengths: Record<string, number> = {};
    for (const [format, want] of Object.entries(expected)) {
      const response = await client()
        .audio.speech.create({ model: 'tts-1', voice: 'alloy', input, response_format: format as 'mp3' })
        .asResponse();
      expect(response.headers.get('content-type')).toBe(want.type);
      expect(response.headers.get('x-credits-charged')).toBe(String(Math.ceil(input.length / 10)));
      const bytes = new Uint8Array(await response.arrayBuffer());
      const path = save(bytes, format === 'pcm' ? 'raw' : format);
      if (format === 'pcm') {
        const probed = await probe(path).catch(() => undefined);
        expect(probed).toBeUndefined(); // raw samples: no container to probe
        lengths[format] = bytes.length / 2 / 24000;
        expect(await decodedSeconds(path, 's16le')).toBeCloseTo(lengths[format]!, 2);
      } else {
        const probed = await probe(path);
        expect(probed.codec).toBe(want.codec);
        if (format !== 'mp3') expect(probed.sampleRate).toBe(format === 'opus' ? 48000 : 24000);
        lengths[format] = probed.duration;
        expect(Math.abs(probed.duration - (await decodedSeconds(path))) / probed.duration).toBeLessThan(0.01);
      }
    }
    console.log('format lengths (s):', JSON.stringify(lengths));
    const reference = lengths.wav!;
    for (const length of Object.values(lengths)) expect(Math.abs(length - reference) / reference).toBeLessThan(0.03);
  });

  test('aac is a clear 400 listing the supported formats, and nothing is charged', async () => {
    const { key, accountId } = await harness.account({ credits: 100 });
    const refused = await new OpenAI({ apiKey: key, baseURL: `${server.url}v1`, maxRetries: 0 }).audio.speech
      .create({ model: 'tts-1', voice: 'alloy', input, response_format: 'aac' })
      .catch((error) => error);
    expect(refused.status).toBe(400);
    expect(refused.error.code).toBe('invalid_request');
    expect(refused.error.message).toContain('mp3, opus, pcm, wav, flac');
    expect(await harness.services.ledger.balance(accountId)).toBe(100);
  });

  test('speed 0.25-4: the length ratio to speed 1 is within 10 % of the request', async () => {
    const text = englishText(300);
    const length = async (speed: number) => {
      const response = await client().audio.speech.create({
        model: 'tts-1',
        voice: 'alloy',
        input: text,
        response_format: 'wav',
        speed,
      });
      return (await probe(save(new Uint8Array(await response.arrayBuffer()), 'wav'))).duration;
    };
    const normal = await length(1);
    const ratios: string[] = [];
    for (const speed of [0.25, 0.5, 2, 4]) {
      const ratio = normal / (await length(speed));
      ratios.push(`speed ${speed}: ratio ${ratio.toFixed(3)}`);
      expect(Math.abs(ratio - speed) / speed).toBeLessThan(0.1);
    }
    console.log(ratios.join('\n'));
  });
});
