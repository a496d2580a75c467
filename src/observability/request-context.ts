import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What ties a log line to its cause: the id of the HTTP request that led to it and, inside a job, the job's id.
 * Held in AsyncLocalStorage so every log line written while a request or job runs carries them, however deep the
 * call that writes it, without passing a logger through every function.
 */
export interface RequestContext {
  requestId?: string;
  jobId?: string;
  /** Route template the request matched (for metrics); set once routing is done. */
  route?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

export function runWithContext<T>(context: RequestContext, run: () => T): T {
  return storage.run(context, run);
}

/** Request ids we accept from a trusted proxy: short, printable, no spaces, so they cannot forge log structure. */
const REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function isValidRequestId(value: string | null | undefined): value is string {
  return value != null && REQUEST_ID.test(value);
}
