// One "node" for scripts/bench-nodes.ts: a Scheduler on Postgres in a process of its own, so the bench can kill -9 it.
// Its narration handler holds the job on the first attempt (a long job in progress) and completes at once on a later
// one (the node that takes over). Prints `started <job id> <attempt> <ms>` and `completed <job id> <ms>` on stdout.
// Usage: bun scripts/bench-nodes-worker.ts <postgres url> <lease ms>
import { randomIds } from '../src/db/ids.ts';
import { openPostgres } from '../src/db/postgres/client.ts';
import { silentLogger } from '../src/lib/logger.ts';
import { PostgresJobStore } from '../src/scheduler/postgres-job-store.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';

const [url, lease] = process.argv.slice(2);
const db = openPostgres(url!, { max: 2 });
const scheduler = new Scheduler(new PostgresJobStore(db), randomIds, silentLogger, {
  leaseMs: Number(lease),
  pollMs: 250,
});
scheduler.register('narration', {
  async run({ job, signal, complete }) {
    console.log(`started ${job.id} ${job.attempts} ${Date.now()}`);
    if (job.attempts === 1) await new Promise((_, reject) => signal.addEventListener('abort', reject));
    await complete({ node: process.pid });
    console.log(`completed ${job.id} ${Date.now()}`);
  },
});
scheduler.start();
// The scheduler's timers do not hold the process open (in recite the HTTP server does); this does, until a signal.
setInterval(() => {}, 60_000);
process.on('SIGTERM', async () => {
  await scheduler.drain(0);
  await db.$client.end();
  process.exit(0);
});
