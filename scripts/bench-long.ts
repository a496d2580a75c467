/**
 * Long-narration benchmark (issue #4 targets: under 5 minutes, peak RSS under 512 MB on this 2-core machine).
 * Starts a real recite server, submits one 1,000,000-character job over HTTP, polls it to completion and reports wall
 * time, x real time, the server's peak RSS (VmHWM, workers included) and the output's duration (decoded with ffprobe
 * when present). Usage: [RECITE_…=…] bun scripts/bench-long.ts [--characters 1000000] [--voice std-aria] [--settle 3]
 * The request goes in once /readyz answers and `--settle` seconds have passed. Right after start-up the workers that
 * load-checked the voices, the loudness calibration's (30 s after start) and the prepared screening workers are still
 * there; they stop after RECITE_ENGINE_IDLE_STOP_MS (60 s) unused, so `--settle 150` measures a server that has been
 * idle a while (measured: 225 MB before the request, against 290-384 MB with --settle 3 to 90; since the language
 * detector's table is compact and shared, 280-282 MB with --settle 3).
 * Targets by engine: eSpeak NG voices under 5 minutes, Flite voices (the US English default) under 12 minutes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { englishText } from './fixtures/english.ts';
import { findVoice } from '../src/modules/voices/catalog.ts';

const characters = Number(process.argv[process.argv.indexOf('--characters') + 1]) || 1_000_000;
const voiceId = process.argv.includes('--voice') ? process.argv[process.argv.indexOf('--voice') + 1]! : 'std-aria';
const settleSeconds = process.argv.includes('--settle')
  ? Number(process.argv[process.argv.indexOf('--settle') + 1])
  : 3;
const voiceEngine = findVoice(voiceId)?.engine ?? 'unknown';
const targetSeconds = ((voiceEngine === 'flite' ? 720 : 300) * characters) / 1_000_000;
const root = join(import.meta.dir, '..');
const directory = mkdtempSync(join(tmpdir(), 'recite-bench-long-'));
// The caller's RECITE_* settings and BUN_JSC_* engine options pass through, to compare configurations; the bench's own
// database and storage win.
const environment = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => /^(RECITE|BUN_JSC)_/.test(name))),
  PATH: process.env.PATH,
  RECITE_DATABASE: join(directory, 'recite.db'),
  RECITE_STORAGE: `file:${join(directory, 'audio')}`,
  RECITE_PORT: '0',
  RECITE_LOG_LEVEL: 'warn',
};
const admin = (...args: string[]) =>
  JSON.parse(
    spawnSync(process.execPath, ['src/index.ts', 'admin', ...args], { cwd: root, env: environment, encoding: 'utf8' })
      .stdout,
  );
const account = admin(
  'create-account',
  '--email',
  'bench@example.test',
  '--password',
  'bench-password',
  '--plan',
  'studio',
);
admin('grant-credits', '--account', account.id, '--credits', '200000');
const { key } = admin('create-key', '--account', account.id);

const server = spawn(process.execPath, ['src/index.ts'], {
  cwd: root,
  env: { ...environment, RECITE_LOG_LEVEL: 'info' },
});
let log = '';
const url = await new Promise<string>((resolve) =>
  server.stderr.on('data', (chunk: Buffer) => {
    log += chunk.toString();
    const match = /"url":"([^"]+)"/.exec(log);
    if (match) resolve(match[1]!);
  }),
);
/** A memory figure of the server process (all its threads), in MB: VmHWM is the peak, VmRSS the present. */
const statusMb = (field: 'VmHWM' | 'VmRSS') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) /
  1024;
let sampledPeak = { mb: 0, seconds: 0, percent: 0 };
// Start-up (compiling the engines, load-checking every voice) runs after the server listens; a request waits for it.
while ((await fetch(`${url}readyz`).catch(() => undefined))?.status !== 200) await Bun.sleep(100);
await Bun.sleep(settleSeconds * 1000);
const idleRss = statusMb('VmRSS');
const startupPeak = statusMb('VmHWM');
// From here VmHWM is the peak of the request and the job only (writing 5 to clear_refs resets it, Linux >= 4.0).
writeFileSync(`/proc/${server.pid}/clear_refs`, '5');

const text = englishText(characters);
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
const started = performance.now();
const accepted = (await (
  await fetch(`${url}api/v1/tts`, { method: 'POST', headers, body: JSON.stringify({ text, voice: voiceId }) })
).json()) as { jobId: string };
const acceptedMs = performance.now() - started;
let view: Record<string, any> = {};
let lastPercent = -1;
while (true) {
  view = (await (await fetch(`${url}api/v1/tts?jobId=${accepted.jobId}`, { headers })).json()) as Record<string, any>;
  if (view.status === 'completed' || view.status === 'failed') break;
  if (view.progress?.percent !== lastPercent && view.progress?.percent % 10 === 0) {
    lastPercent = view.progress.percent;
    console.log(`  ${((performance.now() - started) / 1000).toFixed(0)} s: ${view.status} ${view.progress.percent}%`);
  }
  // VmHWM says how high RSS went, not when: sampling it on each poll says whether the peak came at submission (the
  // screening) or during the synthesis.
  const now = statusMb('VmRSS');
  if (now > sampledPeak.mb)
    sampledPeak = { mb: now, seconds: (performance.now() - started) / 1000, percent: view.progress?.percent ?? 0 };
  await Bun.sleep(500);
}
const wallSeconds = (performance.now() - started) / 1000;
const rss = statusMb('VmHWM');
// CPU time of the server (every thread), which other work on a shared machine does not inflate the way it does wall
// time: divided by the cores, it is the wall time the job would take with them to itself.
const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
const cpuSeconds = (Number(stat[11]) + Number(stat[12])) / 100;
server.kill('SIGTERM');
if (view.status !== 'completed') throw new Error(`job ${view.status}: ${JSON.stringify(view)}`);
const file = join(directory, 'audio', 'narrations', `${accepted.jobId}.mp3`);
// Counting MP3 frames (576 samples each at 22,050 Hz) measures the real length; ffprobe's format duration is a guess from the bitrate.
const probe = spawnSync(
  'ffprobe',
  [
    '-v',
    'error',
    '-count_packets',
    '-select_streams',
    'a:0',
    '-show_entries',
    'stream=nb_read_packets,sample_rate',
    '-of',
    'csv=p=0',
    file,
  ],
  { encoding: 'utf8' },
);
const [sampleRate, packets] =
  probe.status === 0 ? probe.stdout.trim().split(',').map(Number) : [Number.NaN, Number.NaN];
const decodedSeconds = (packets! * 576) / sampleRate!;
const audioSeconds = view.duration_ms / 1000;
console.log(
  `\n[long narration] ${text.length.toLocaleString('en-US')} characters -> ${(view.bytes / 1024 / 1024).toFixed(1)} MB MP3`,
);
console.log(
  `  voice ${voiceId} (${voiceEngine}); 202 after ${acceptedMs.toFixed(0)} ms; completed after ${wallSeconds.toFixed(1)} s (target < ${targetSeconds.toFixed(0)} s)`,
);
console.log(
  `  audio ${(audioSeconds / 3600).toFixed(2)} h (${audioSeconds.toFixed(0)} s; ffprobe: ${decodedSeconds.toFixed(0)} s) -> ${(audioSeconds / wallSeconds).toFixed(0)}x real time`,
);
console.log(
  `  server peak RSS ${rss.toFixed(0)} MB (target < 512 MB), request and job; ${idleRss.toFixed(0)} MB before the request, ` +
    `${settleSeconds} s after ready (start-up peak ${startupPeak.toFixed(0)} MB); highest sampled ` +
    `${sampledPeak.mb.toFixed(0)} MB at ${sampledPeak.seconds.toFixed(0)} s (${sampledPeak.percent}%)`,
);
console.log(
  `  server CPU ${cpuSeconds.toFixed(1)} s (start-up included) -> ${(audioSeconds / cpuSeconds).toFixed(0)}x real time per core; ` +
    `${(cpuSeconds / 2).toFixed(0)} s on 2 idle cores (target < ${targetSeconds.toFixed(0)} s)`,
);
rmSync(directory, { recursive: true, force: true });
