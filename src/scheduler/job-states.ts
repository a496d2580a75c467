/**
 * Job states and the only legal moves between them (pg-boss style). Every status write in the scheduler goes through
 * `assertTransition`, so an illegal move is a bug that fails loudly instead of corrupting a job.
 *
 *   queued ──claim──▶ running ──complete──▶ completed
 *     ▲                 │  │
 *     │ release (drain) │  └──fail (attempts left)──▶ retrying ──claim──▶ running
 *     └─────────────────┘  └──fail (no attempts left)──▶ failed
 *   queued / retrying ──cancel──▶ cancelled
 *   running (lease expired, i.e. its process died) ──claim──▶ running
 */
export const JOB_STATUSES = ['queued', 'running', 'retrying', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

const TRANSITIONS: Record<JobStatus, readonly JobStatus[]> = {
  queued: ['running', 'cancelled'],
  running: ['completed', 'retrying', 'failed', 'queued', 'running'],
  retrying: ['running', 'cancelled', 'failed'],
  completed: [],
  failed: [],
  cancelled: [],
};

export function canTransition(from: JobStatus, to: JobStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export function assertTransition(from: JobStatus, to: JobStatus): void {
  if (!canTransition(from, to)) throw new Error(`illegal job transition ${from} -> ${to}`);
}

export const TERMINAL_STATUSES: readonly JobStatus[] = ['completed', 'failed', 'cancelled'];

/** Capped exponential backoff with full jitter: attempt 1 waits up to `base`, doubling up to `cap`. */
export function retryDelayMs(
  attempt: number,
  options: { baseMs: number; capMs: number; random?: () => number },
): number {
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  const random = options.random ?? Math.random;
  // Never less than half the ceiling, so retries do not stampede straight back.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
