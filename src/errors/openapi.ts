import { Type } from '@sinclair/typebox';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from './index.ts';

/** An OpenAPI response object; schemas are TypeBox models, which are JSON Schema. */
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI types do not accept TypeBox's schema types
export type OpenApiResponse = { description: string; content: Record<string, { schema: any }> };

/** The `{ error: { code, message } }` envelope as an OpenAPI schema (the one shape every error has). */
export const ErrorEnvelopeSchema = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.Union(
          ERROR_CODES.map((code) => Type.Literal(code)),
          { description: 'One of the closed list of error codes.' },
        ),
        message: Type.String({ description: 'What went wrong and what to do, for people.' }),
      },
      { additionalProperties: true },
    ),
  },
  { $id: 'ErrorEnvelope' },
);

/**
 * OpenAPI responses for the error codes a route can answer, grouped by status, each with the envelope schema.
 * `documentErrors('invalid_request', 'unauthorized')` -> { 400: {...}, 401: {...} }.
 */
export function documentErrors(...codes: ErrorCode[]): Record<string, OpenApiResponse> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.map((code) => `\`${code}\``).join(', '),
        content: { 'application/json': { schema: ErrorEnvelopeSchema } },
      },
    ]),
  );
}

/** The errors any API-key route can answer before its handler runs. */
export const AUTH_ERRORS: ErrorCode[] = ['unauthorized', 'rate_limited', 'internal_error'];

/** An OpenAPI response with a JSON body described by a TypeBox model. */
export function jsonResponse(description: string, schema: object): OpenApiResponse {
  return { description, content: { 'application/json': { schema } } };
}
