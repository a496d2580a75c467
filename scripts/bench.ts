/**
 * Speech pipeline benchmark (issue #2 targets). Prints figures; it is not a test.
 *   1. Throughput: a 20,000-character English text split at sentence boundaries over all cores, text -> MP3,
 *      next to the native pipeline `espeak-ng | lame -b 48` run with the same parallelism on the same parts.
 *   2. Latency: 1,000 characters -> complete MP3 over HTTP on 127.0.0.1, warm, p50/p90.
 *   3. Start-up: the compiled binary (dist/recite, built if missing) until it serves /healthz.
 * Usage: bun scripts/bench.ts [--runs 5]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { narrateInParallel } from '../src/audio/parallel-narrate.ts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';
import { silentLogger } from '../src/lib/logger.ts';
import { findVoice } from '../src/modules/voices/catalog.ts';
import { createServices } from '../src/services.ts';
import { englishText } from './fixtures/english.ts';
import { espeakVoiceSettings } from '../providers/engines/espeak/espeak-voices.ts';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const cores = availableParallelism();
const directory = mkdtempSync(join(tmpdir(), 'recite-bench-'));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

const config = loadConfig({ RECITE_DATABASE: join(directory, 'bench.db'), RECITE_LOG_LEVEL: 'error' });
const services = createServices(config, { logger: silentLogger });
await services.start();
const voice = findVoice('std-aria')!;
console.log(
  `machine: ${cores} cores; engine workers ${config.engineWorkers}, encoder workers ${config.encoderWorkers}, MP3 VBR quality ${config.mp3VbrQuality}`,
);

// 1. Throughput
const text = englishText(20_000);
// The native pipeline runs one process pair per core, on parts cut at the sentence end nearest each equal share.
const parts: { text: string }[] = [];
for (let index = 0, start = 0; index < cores; index++) {
  const end =
    index === cores - 1 ? text.length : text.indexOf('. ', Math.round(((index + 1) * text.length) / cores)) + 1;
  parts.push({ text: text.slice(start, end) });
  start = end;
}
const timings: number[] = [];
let audioSeconds = 0;
for (let run = 0; run < runs + 1; run++) {
  const started = performance.now();
  // recite narrates the whole text as one request, spread over all engine and encoder workers (as a direct request is).
  const narration = narrateInParallel(
    services.engine,
    services.encoders,
    { text, voice, speed: 'normal' },
    { parallelism: services.engine.capabilities.concurrency, segmentLength: 2_500 },
  );
  for await (const _ of narration.bytes) {
    // count nothing: the bytes are the product
  }
  const result = await narration.result;
  if (run === 0) continue; // warm-up
  timings.push(performance.now() - started);
  audioSeconds = result.samples / result.sampleRate;
}
const ourMs = median(timings);
console.log(`\n[throughput] ${text.length} characters, ${audioSeconds.toFixed(0)} s of audio`);
console.log(
  `  recite    : ${ourMs.toFixed(0)} ms median of ${runs} | ${((text.length / ourMs) * 1000).toFixed(0)} chars/s | ${(audioSeconds / (ourMs / 1000)).toFixed(0)}x real time`,
);

const hasNative = spawnSync('sh', ['-c', 'command -v espeak-ng && command -v lame']).status === 0;
if (hasNative) {
  for (const [index, part] of parts.entries()) writeFileSync(join(directory, `part${index}.txt`), part.text);
  // One `espeak-ng | lame` process pair per part, all at once; the median of `runs` timed runs after a warm-up.
  const timeNative = async (voiceArgs: string) => {
    const timings: number[] = [];
    for (let run = 0; run < runs + 1; run++) {
      const started = performance.now();
      await Promise.all(
        parts.map(
          (_, index) =>
            new Promise<void>((resolve, reject) => {
              const child = spawn(
                'sh',
                ['-c', `espeak-ng ${voiceArgs} -f part${index}.txt --stdout | lame --quiet -b 48 - part${index}.mp3`],
                { cwd: directory },
              );
              child.on('exit', (code) =>
                code === 0 ? resolve() : reject(new Error(`native pipeline exited ${code}`)),
              );
            }),
        ),
      );
      if (run > 0) timings.push(performance.now() - started);
    }
    return median(timings);
  };
  const nativeMs = await timeNative('-v en-us');
  console.log(
    `  native    : ${nativeMs.toFixed(0)} ms median of ${runs} | ${((text.length / nativeMs) * 1000).toFixed(0)} chars/s (espeak-ng | lame -b 48, ${parts.length} in parallel)`,
  );
  console.log(`  ratio     : recite takes ${(ourMs / nativeMs).toFixed(2)}x the native time (target <= 1.3x)`);
  // For reference: the native pipeline speaking as std-aria does (same variant, pitch and rate), so both produce the
  // same length of audio; eSpeak's default en-us voice speaks faster, which leaves LAME fewer samples to encode.
  const settings = espeakVoiceSettings(voice.key, voice.language)!;
  const voiceArgs = `-v ${settings.voice}${settings.variant ? `+${settings.variant}` : ''} -p ${settings.pitch} -s ${settings.rate}`;
  const matchedMs = await timeNative(voiceArgs);
  console.log(
    `  native, same voice settings (${voiceArgs}): ${matchedMs.toFixed(0)} ms median -> recite takes ${(ourMs / matchedMs).toFixed(2)}x`,
  );
} else {
  console.log('  native    : skipped (apt-get install espeak-ng lame to compare)');
}

// 2. Latency over HTTP
const account = await services.accounts.createAccount({
  email: 'bench@example.test',
  password: 'bench-password',
  plan: 'studio',
});
await services.ledger.grant({ accountId: account!.id, credits: 10_000_000, source: 'admin' });
const { key } = await services.accounts.createApiKey({ accountId: account!.id });
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: createApp(services).fetch, idleTimeout: 255 });
const thousand = englishText(1000);
const latencies: number[] = [];
const firstBytes: number[] = [];
for (let run = 0; run < 3 + runs * 4; run++) {
  const started = performance.now();
  const response = await fetch(`${server.url}api/v1/tts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: JSON.stringify({ text: thousand }),
  });
  const reader = response.body!.getReader();
  let first = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    if (!first) first = performance.now() - started;
  if (run >= 3) {
    latencies.push(performance.now() - started);
    firstBytes.push(first);
  }
}
console.log(`\n[latency] ${thousand.length} characters -> complete MP3 over HTTP, warm, ${latencies.length} requests`);
console.log(
  `  p50 ${median(latencies).toFixed(0)} ms | p90 ${percentile(latencies, 0.9).toFixed(0)} ms | first byte p50 ${median(firstBytes).toFixed(0)} ms (target: complete < 700 ms)`,
);
await server.stop(true);
await services.stop();

// 3. Binary start-up
const binary = join(import.meta.dir, '..', 'dist', 'recite');
if (!(await Bun.file(binary).exists()))
  spawnSync(process.execPath, [join(import.meta.dir, 'build.ts')], {
    stdio: 'inherit',
    cwd: join(import.meta.dir, '..'),
  });
const startups: number[] = [];
for (let run = 0; run < 3; run++) {
  const port = 18_500 + run;
  const started = performance.now();
  const child = spawn(binary, [], {
    cwd: directory,
    env: { PATH: process.env.PATH, RECITE_PORT: String(port), RECITE_DATABASE: join(directory, `start${run}.db`) },
  });
  while (true) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 20_000) throw new Error('binary did not start');
    await Bun.sleep(10);
  }
  startups.push(performance.now() - started);
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
}
console.log(
  `\n[start-up] compiled binary serving /healthz after ${median(startups).toFixed(0)} ms median of 3 (includes worker warm-up; target < 1000 ms)`,
);
rmSync(directory, { recursive: true, force: true });
