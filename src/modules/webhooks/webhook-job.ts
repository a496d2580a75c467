import { createHmac } from 'node:crypto';
import type { JobHandler, Scheduler } from '../../scheduler/scheduler.ts';
import type { Services } from '../../services.ts';

export interface WebhookInput {
  url: string;
  accountId: string;
  event: 'narration.completed' | 'narration.failed';
  payload: Record<string, unknown>;
}

/** Each account's webhook signing secret, derived from the server secret (so nothing extra is stored). */
export function webhookSecret(serverSecret: string, accountId: string): string {
  return `whsec_${createHmac('sha256', serverSecret).update(`webhook:${accountId}`).digest('base64url')}`;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as receivers verify it. */
export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')}`;
}

export const WEBHOOK_MAX_ATTEMPTS = 8;

/** Queues a delivery; the scheduler retries it with capped exponential backoff until the receiver answers 2xx. */
export function enqueueWebhook(scheduler: Scheduler, input: WebhookInput, tx?: Parameters<Scheduler['enqueue']>[1]) {
  scheduler.enqueue({ kind: 'webhook', input, accountId: input.accountId, maxAttempts: WEBHOOK_MAX_ATTEMPTS }, tx);
}

export function webhookJobHandler(services: Services): JobHandler {
  return {
    async run({ job, signal, complete }) {
      const input = JSON.parse(job.input) as WebhookInput;
      const body = JSON.stringify({ event: input.event, delivery: job.id, attempt: job.attempts, data: input.payload });
      const timestamp = Math.floor(services.clock.now() / 1000);
      const response = await fetch(input.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'recite-webhooks/1',
          'recite-event': input.event,
          'recite-delivery': job.id,
          'recite-signature': signWebhook(webhookSecret(services.secret, input.accountId), body, timestamp),
        },
        body,
        signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]),
        redirect: 'manual',
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status < 200 || response.status >= 300) throw new Error(`receiver answered HTTP ${response.status}`);
      complete({ status: response.status });
    },
  };
}
