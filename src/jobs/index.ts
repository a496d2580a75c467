import type { Scheduler } from '../scheduler/scheduler.ts';
import type { JobServices } from './job-services.ts';
import { narrationJobHandler } from './narration-job.ts';
import { presenterVideoJobHandler } from './presenter-video-job.ts';
import { webhookJobHandler } from './webhook-job.ts';

export type { JobServices } from './job-services.ts';

/** Every job kind's handler on the scheduler; webhook deliveries get their own slots so they never wait behind audio. */
export function registerJobHandlers(scheduler: Scheduler, services: JobServices): void {
  scheduler.register('narration', narrationJobHandler(services));
  scheduler.register('webhook', webhookJobHandler(services), { concurrency: services.config.webhookConcurrency });
  scheduler.register('presenter_video', presenterVideoJobHandler(services));
}
