import { Elysia } from 'elysia';
import { apiKeyAuth, JSON_BODY } from '../../auth/api-key-auth.ts';
import { AppError } from '../../errors/index.ts';
import { AUTH_ERRORS, documentErrors, jsonResponse } from '../../errors/openapi.ts';
import type { Services } from '../../services.ts';
import { jobView } from '../jobs/service.ts';
import { idempotent } from './idempotency.ts';
import { JobAccepted, JobStatusQuery, JobView, SpeechEstimate, SpeechJsonResponse, SpeechRequest } from './model.ts';
import {
  enqueueNarration,
  parseSpeechRequest,
  reserveCredits,
  screenBeforeCharging,
  synthesizeDirect,
} from './service.ts';

/** On every response to a Bearer-authenticated request, errors included (draft-ietf-httpapi-ratelimit-headers). */
export const rateLimitHeaders = {
  RateLimit: {
    description: 'Requests left for this key and seconds until the quota is full again, e.g. `"per-key";r=57;t=3`.',
    schema: { type: 'string' as const },
  },
  'RateLimit-Policy': {
    description: 'Requests allowed per window per key, e.g. `"per-key";q=60;w=60` (RECITE_RATE_LIMIT).',
    schema: { type: 'string' as const },
  },
};

export function ttsModule(services: Services) {
  return new Elysia({ name: 'tts' })
    .use(apiKeyAuth(services))
    .post(
      '/api/v1/tts/estimate',
      async ({ principal, rawBody }) => {
        const speech = parseSpeechRequest(rawBody);
        const balance = await services.ledger.balance(principal.accountId);
        const mode = speech.characters > services.config.directMaxCharacters ? 'job' : 'direct';
        // Catalog rates are tuned to about 15 characters per second at normal speed.
        const pace = speech.speed === 'slow' ? 1.28 : speech.speed === 'gentle' ? 1.14 : 1;
        return {
          characters: speech.characters,
          credits: speech.credits,
          mode,
          voice: speech.voice.id,
          estimated_duration_ms: Math.round((speech.characters / 15) * 1000 * pace),
          balance,
          sufficient: balance >= speech.credits,
        };
      },
      {
        auth: 'apiKey',
        parse: JSON_BODY,
        body: SpeechRequest,
        detail: {
          tags: ['Speech'],
          operationId: 'estimateSpeech',
          summary: 'Estimate a narration (dry run)',
          description:
            'Validates the same body as POST /api/v1/tts and returns its characters, credits, whether it would run ' +
            'directly or as a job, and whether the balance covers it. Nothing is synthesised, screened or charged.',
          responses: {
            200: jsonResponse('The estimate.', SpeechEstimate),
            ...documentErrors('invalid_request', 'text_too_long', 'invalid_voice', 'invalid_speed', ...AUTH_ERRORS),
          },
        },
      },
    )
    .get(
      '/api/v1/tts',
      async ({ request, query, principal }) => {
        // The view needs the input's small fields, never its text.
        const job = await services.scheduler.find(query.jobId, { omitInput: ['text'] });
        // Another account's job is as unknown as a job that does not exist.
        if (!job || job.kind !== 'narration' || job.accountId !== principal.accountId) {
          throw new AppError('not_found', 'No job with this jobId.');
        }
        return jobView(services, job, services.config.publicUrl ?? new URL(request.url).origin);
      },
      {
        auth: 'apiKey',
        query: JobStatusQuery,
        detail: {
          tags: ['Speech'],
          operationId: 'getSpeechJob',
          summary: 'Poll a long narration',
          description:
            'Status of a job from a 202 response: `queued`, `running`, `retrying` (a transient failure, retried ' +
            'automatically), `completed` (with `audioUrl`, a signed link that expires) or `failed` (nothing ' +
            'charged). `progress.percent` tells how far it is.',
          responses: {
            200: jsonResponse('The job.', JobView),
            ...documentErrors('invalid_request', 'not_found', ...AUTH_ERRORS),
          },
        },
      },
    )
    .post(
      '/api/v1/tts',
      async ({ request, principal, rawBody }) => {
        return idempotent(services, request, principal, rawBody, async () => {
          const speech = parseSpeechRequest(rawBody);
          // Balance and cap first, then screened whole before anything is reserved or synthesised, long texts
          // included, so a rejection is a 400 and an account that cannot pay costs no screening.
          await screenBeforeCharging(services, principal, speech, request.signal);
          if (speech.characters > services.config.directMaxCharacters || speech.delivery === 'link') {
            return enqueueNarration(services, principal, speech, request.signal);
          }
          const hold = await reserveCredits(services, principal, speech, 'speech');
          return synthesizeDirect(services, speech, hold, request.signal);
        });
      },
      {
        auth: 'apiKey',
        parse: JSON_BODY,
        body: SpeechRequest,
        detail: {
          tags: ['Speech'],
          operationId: 'createSpeech',
          summary: 'Narrate text',
          description:
            'Texts up to the direct limit (default 20,000 characters) return audio at once: binary `audio/mpeg` ' +
            'with `X-Characters` and `X-Credits-Charged`, or JSON with `format: "json"`. Longer texts (up to ' +
            '1,000,000) return 202 with a `jobId` to poll. Text is screened before synthesis; a failed request is ' +
            'never charged.',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description:
                'Makes a retry safe: the first successful (2xx) response is kept for 24 hours and a retry with the ' +
                'same key and the same body gets it again, byte for byte, with `Idempotent-Replayed: true` and no ' +
                'second charge. The same key with another body is 400 `idempotency_key_reused`; a retry while the ' +
                'first is still running is 409 `conflict`. Failures are not kept, so a retry after one runs afresh. ' +
                'Keys are per account.',
              schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
            },
          ],
          responses: {
            200: {
              description: 'The narration.',
              headers: {
                'X-Characters': {
                  description: 'Characters billed (Unicode code points).',
                  schema: { type: 'integer' },
                },
                'X-Credits-Charged': { description: 'Credits deducted.', schema: { type: 'integer' } },
                'Idempotent-Replayed': {
                  description: '`true` when this is the stored response to an earlier request with the same key.',
                  schema: { type: 'string' as const },
                },
                ...rateLimitHeaders,
              },
              content: {
                'audio/mpeg': { schema: { type: 'string', format: 'binary' } },
                'application/json': { schema: SpeechJsonResponse as object },
              },
            },
            202: jsonResponse('Long text accepted as a job; poll GET /api/v1/tts?jobId=…', JobAccepted),
            ...documentErrors(
              'invalid_request',
              'text_too_long',
              'invalid_voice',
              'invalid_speed',
              'content_rejected',
              'idempotency_key_reused',
              'insufficient_credits',
              'key_cap_exceeded',
              'conflict',
              'payload_too_large',
              'synthesis_failed',
              'moderation_unavailable',
              ...AUTH_ERRORS,
            ),
          },
        },
      },
    );
}
