import type { ModerationResult } from '../spec/v1/moderation.ts';

/** POSTs JSON and classifies every way it can go wrong as a provider error (never as a verdict). */
export async function postJson(
  url: string,
  body: unknown,
  options: { headers?: Record<string, string>; signal?: AbortSignal; timeoutMs: number },
): Promise<{ ok: true; json: unknown } | Extract<ModerationResult, { ok: false }>> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (timeout.aborted) return { ok: false, reason: 'timeout', detail: `no answer within ${options.timeoutMs} ms` };
    return { ok: false, reason: 'unreachable', detail: error instanceof Error ? error.message : String(error) };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return {
      ok: false,
      reason: timeout.aborted ? 'timeout' : 'unreachable',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  if (!response.ok) return { ok: false, reason: 'bad_status', detail: `HTTP ${response.status}` };
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch {
    return { ok: false, reason: 'malformed_response', detail: 'answer is not JSON' };
  }
}

export function requireSetting(environment: Record<string, string | undefined>, name: string): string {
  const value = environment[name];
  if (!value) throw new Error(`${name} must be set for this moderation provider`);
  return value;
}
