import { AppError } from '../errors/index.ts';

/** Parses a request body that must be a JSON object, or throws the spec's 400 `invalid_request`. */
export function parseJsonObject(raw: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError('invalid_request', 'The request body must be JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new AppError('invalid_request', 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}
