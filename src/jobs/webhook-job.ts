import { createHmac } from 'node:crypto';
import { pinnedUrl, resolveCallbackTarget, type HostResolver } from '../modules/webhooks/callback-target.ts';
import type { JobDraft, JobHandler, Scheduler } from '../scheduler/scheduler.ts';
import type { JobServices } from './job-services.ts';

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

/**
 * A delivery to add with the job that causes it (in its completing or failing transaction); the scheduler retries it
 * with capped exponential backoff until the receiver answers 2xx.
 */
export function webhookJob(scheduler: Scheduler, input: WebhookInput): JobDraft {
  return scheduler.draft({ kind: 'webhook', input, accountId: input.accountId, maxAttempts: WEBHOOK_MAX_ATTEMPTS });
}

export class RefusedCallbackError extends Error {
  override name = 'RefusedCallbackError';
}

/**
 * Delivers one webhook. The target is resolved and checked on every attempt, and the POST goes to the address that
 * was checked (TLS still verifies the certificate against the host name), so neither a private target nor DNS
 * rebinding gets through. A refused target fails for good at once; it would be refused on every retry.
 */
export function webhookJobHandler(services: JobServices, options: { resolver?: HostResolver } = {}): JobHandler {
  return {
    async run({ job, signal, complete }) {
      const input = JSON.parse(job.input) as WebhookInput;
      const target = await resolveCallbackTarget(input.url, {
        allowPrivate: services.config.webhookAllowPrivate,
        resolver: options.resolver,
      });
      if (!target.ok) throw new RefusedCallbackError(`callback refused: ${target.reason}`);
      const body = JSON.stringify({ event: input.event, delivery: job.id, attempt: job.attempts, data: input.payload });
      const timestamp = Math.floor(services.clock.now() / 1000);
      const timeout = AbortSignal.timeout(services.config.webhookTimeoutMs);
      const response = await fetch(pinnedUrl(target), {
        method: 'POST',
        headers: {
          host: target.url.host,
          'content-type': 'application/json',
          'user-agent': 'recite-webhooks/1',
          'recite-event': input.event,
          'recite-delivery': job.id,
          'recite-signature': signWebhook(webhookSecret(services.secret, input.accountId), body, timestamp),
        },
        body,
        signal: AbortSignal.any([signal, timeout]),
        redirect: 'manual',
        ...(target.url.protocol === 'https:' ? { tls: { serverName: target.hostname } } : {}),
      });
      // The body read shares the deadline, so a receiver that sends headers and then stalls is cut off too.
      await response.arrayBuffer().catch(() => undefined);
      if (response.status < 200 || response.status >= 300) throw new Error(`receiver answered HTTP ${response.status}`);
      await complete({ status: response.status });
    },
    isPermanent: (error) => error instanceof RefusedCallbackError,
  };
}
