/**
 * The closed list of error codes. The spec's codes come first; the rest are recite's own and documented in OpenAPI.
 * One place maps code -> HTTP status; handlers only ever throw AppError.
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  text_too_long: 400,
  invalid_voice: 400,
  invalid_speed: 400,
  content_rejected: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  key_cap_exceeded: 402,
  not_found: 404,
  rate_limited: 429,
  synthesis_failed: 502,
  unavailable: 503,
  moderation_unavailable: 503,
  // recite's own
  idempotency_key_reused: 400,
  forbidden: 403,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export interface ErrorEnvelope {
  error: { code: ErrorCode; message: string; [detail: string]: unknown };
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { status?: number; headers?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    // The spec lists `unavailable` as both 502 (backend unreachable) and 503 (briefly unavailable).
    this.status = options.status ?? ERROR_STATUS[code];
  }

  toEnvelope(): ErrorEnvelope {
    return { error: { ...this.options.details, code: this.code, message: this.message } };
  }
}

export function errorResponse(error: AppError, extraHeaders: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(error.toEnvelope()), {
    status: error.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...extraHeaders, ...error.options.headers },
  });
}
