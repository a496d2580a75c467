import { Database } from 'bun:sqlite';
import { afterAll, expect, test } from 'bun:test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { englishText } from '../scripts/fixtures/english.ts';

// Real server processes on 127.0.0.1, killed the hard way (SIGKILL) and the polite way (SIGTERM).
const root = join(import.meta.dir, '..');
const directory = mkdtempSync(join(tmpdir(), 'recite-crash-'));
const environment = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  // A server killed while it spools a job's MP3 leaves the temporary file behind: in this directory, removed below.
  TMPDIR: directory,
  RECITE_DATABASE: join(directory, 'recite.db'),
  RECITE_STORAGE: `file:${join(directory, 'audio')}`,
  RECITE_PORT: '0',
  RECITE_DIRECT_MAX_CHARS: '300',
  RECITE_JOB_LEASE_MS: '1500',
  RECITE_ENGINE_WORKERS: '1',
  RECITE_ENCODER_WORKERS: '1',
  RECITE_LOG_LEVEL: 'info',
};
/** Every server this file starts; whatever is still running when the file ends (a failed test) is killed. */
const children = new Set<ChildProcess>();
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = exited(child);
      child.kill('SIGKILL');
      await gone;
    }
  }
  rmSync(directory, { recursive: true, force: true });
});

function admin(...args: string[]) {
  const result = spawnSync(process.execPath, ['src/index.ts', 'admin', ...args], {
    cwd: root,
    env: environment,
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Record<string, any>;
}

async function startServer(): Promise<{ child: ChildProcess; url: string; log: () => string }> {
  const child = spawn(process.execPath, ['src/index.ts'], { cwd: root, env: environment });
  children.add(child);
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = /"url":"([^"]+)"/.exec(log);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${log}`)));
  });
  return { child, url, log: () => log };
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await Bun.sleep(250);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * fetch that waits out a 429 (Retry-After) instead of failing: the test polls one key for minutes, and under load a
 * burst of polls can pass the per-key limit. A 429 is the limiter doing its job, not the outcome under test.
 */
async function patientFetch(url: string, init?: RequestInit): Promise<Response> {
  for (;;) {
    const response = await fetch(url, init);
    if (response.status !== 429) return response;
    await response.arrayBuffer();
    await Bun.sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
  }
}

function exited(child: ChildProcess) {
  return new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });
}

test('kill -9 during jobs: every job completes exactly once (one object, one capture); SIGTERM loses nothing', async () => {
  const account = admin(
    'create-account',
    '--email',
    'crash@example.test',
    '--password',
    'crash-password',
    '--plan',
    'studio',
  );
  const { key } = admin('create-key', '--account', account.id);
  const startBalance = admin('balance', '--account', account.id).balance as number;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

  let server = await startServer();
  const submit = async (text: string) => {
    const response = await patientFetch(`${server.url}api/v1/tts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text }),
    });
    expect(response.status).toBe(202);
    return (await response.json()) as { jobId: string; credits_reserved: number };
  };
  const status = async (jobId: string) => {
    const response = await patientFetch(`${server.url}api/v1/tts?jobId=${jobId}`, { headers });
    return (await response.json()) as Record<string, any>;
  };

  const jobs = [await submit(englishText(5000)), await submit(englishText(4000)), await submit(englishText(3000))];
  await waitFor('the first job to make progress', async () => {
    const view = await status(jobs[0]!.jobId);
    return view.status === 'running' && view.progress.percent > 0 ? true : undefined;
  });
  const killed = exited(server.child);
  const killedPid = server.child.pid!;
  server.child.kill('SIGKILL');
  await killed;
  // What a process killed while spooling a job's MP3 leaves behind, and a spool file of a process still running (this
  // test's): the next server removes the first once it is ready, and leaves the second.
  const orphan = join(directory, `recite-${killedPid}-${Date.now()}-orphan0.mp3`);
  const live = join(directory, `recite-${process.pid}-${Date.now()}-live0.mp3`);
  writeFileSync(orphan, 'half an MP3');
  writeFileSync(live, 'an MP3 being spooled');

  // A new process takes the orphaned job over once its lease runs out, and runs the rest.
  server = await startServer();
  await waitFor('the orphaned spool file to be removed, and said so', async () =>
    !existsSync(orphan) && server.log().includes('removed spool files of stopped processes') ? true : undefined,
  );
  expect(existsSync(live)).toBe(true);
  for (const job of jobs) {
    await waitFor(`job ${job.jobId} to complete`, async () =>
      (await status(job.jobId)).status === 'completed' ? true : undefined,
    );
  }

  // SIGTERM while a job runs: the process drains and exits cleanly; the job finishes here or after the restart.
  const last = await submit(englishText(6000));
  await waitFor('the last job to start', async () =>
    (await status(last.jobId)).status === 'running' ? true : undefined,
  );
  const stopped = exited(server.child);
  server.child.kill('SIGTERM');
  expect(await stopped).toBe(0);
  server = await startServer();
  await waitFor('the last job to complete', async () =>
    (await status(last.jobId)).status === 'completed' ? true : undefined,
  );
  const finalView = await status(last.jobId);
  const audio = await fetch(finalView.audioUrl);
  expect(audio.status).toBe(200);
  expect((await audio.arrayBuffer()).byteLength).toBe(finalView.bytes);
  const end = exited(server.child);
  server.child.kill('SIGTERM');
  await end;

  const all = [...jobs, last];
  const files = readdirSync(join(directory, 'audio', 'narrations'));
  // One MP3 and its two caption files per job; nothing half-written left behind.
  expect(files.sort()).toEqual(
    all.flatMap((job) => ['mp3', 'srt', 'vtt'].map((extension) => `${job.jobId}.${extension}`)).sort(),
  );
  const db = new Database(environment.RECITE_DATABASE, { readonly: true });
  for (const job of all) {
    const row = db
      .query<{ status: string; reservation_id: string }, [string]>(
        'SELECT status, reservation_id FROM jobs WHERE id = ?',
      )
      .get(job.jobId)!;
    expect(row.status).toBe('completed');
    const captures = db
      .query<{ count: number }, [string]>(
        "SELECT count(*) AS count FROM ledger_entries WHERE reservation_id = ? AND kind = 'capture'",
      )
      .get(row.reservation_id)!;
    expect(captures.count).toBe(1);
    const reservation = db
      .query<{ status: string }, [string]>('SELECT status FROM reservations WHERE id = ?')
      .get(row.reservation_id)!;
    expect(reservation.status).toBe('captured');
  }
  db.close();
  const charged = all.reduce((total, job) => total + job.credits_reserved, 0);
  expect(admin('balance', '--account', account.id).balance).toBe(startBalance - charged);
}, 240_000);
