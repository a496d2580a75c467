import { Elysia } from 'elysia';
import { authorizeApiRequest, withOwedHeaders } from '../../auth/authorize.ts';
import { idempotent } from './idempotency.ts';
import { AppError } from '../../errors/index.ts';
import type { Services } from '../../services.ts';
import { ErrorBody, JobAccepted, SpeechJsonResponse, SpeechRequest } from './model.ts';
import { jobView } from '../jobs/service.ts';
import { enqueueNarration, parseSpeechRequest, reserveCredits, screenBeforeCharging, synthesizeDirect } from './service.ts';

/** On every response to a Bearer-authenticated request, errors included (draft-ietf-httpapi-ratelimit-headers). */
const rateLimitHeaders = {
  RateLimit: { description: 'Requests left for this key and seconds until the quota is full again, e.g. `"per-key";r=57;t=3`.', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'Requests allowed per window per key, e.g. `"per-key";q=60;w=60` (RECITE_RATE_LIMIT).', schema: { type: 'string' } },
};

const errorResponses = (...codes: string[]) =>
  Object.fromEntries(
    codes.map((entry) => {
      const [status, description] = entry.split(':');
      return [status, { description, content: { 'application/json': { schema: ErrorBody } } }];
    }),
  );

export function ttsModule(services: Services) {
  return new Elysia({ name: 'tts' })
    .post(
      '/api/v1/tts/estimate',
      async ({ request }) => {
        const principal = authorizeApiRequest(services, request);
        const speech = parseSpeechRequest(await request.text());
        const balance = services.ledger.balance(principal.accountId);
        const mode = speech.characters > services.config.directMaxCharacters ? 'job' : 'direct';
        return withOwedHeaders(
          request,
          Response.json({
            characters: speech.characters,
            credits: speech.credits,
            mode,
            voice: speech.voice.id,
            // Catalog rates are tuned to about 15 characters per second at normal speed.
            estimated_duration_ms: Math.round((speech.characters / 15) * 1000 * (speech.speed === 'slow' ? 1.28 : speech.speed === 'gentle' ? 1.14 : 1)),
            balance,
            sufficient: balance >= speech.credits,
          }),
        );
      },
      {
        parse: 'none',
        detail: {
          tags: ['Speech'],
          summary: 'Estimate a narration (dry run)',
          description: 'Validates the same body as POST /api/v1/tts and returns its characters, credits, whether it would run directly or as a job, and whether the balance covers it. Nothing is synthesised, screened or charged.',
          security: [{ bearer: [] }],
          requestBody: { required: true, content: { 'application/json': { schema: SpeechRequest } } },
        },
      },
    )
    .get(
      '/api/v1/tts',
      async ({ request, query }) => {
        const principal = authorizeApiRequest(services, request);
        const jobId = query.jobId;
        if (!jobId) throw new AppError('invalid_request', 'The query parameter `jobId` is required.');
        // The view needs the input's small fields, never its text.
        const job = services.scheduler.find(jobId, { omitInput: ['text'] });
        // Another account's job is as unknown as a job that does not exist.
        if (!job || job.kind !== 'narration' || job.accountId !== principal.accountId) throw new AppError('not_found', 'No job with this jobId.');
        return withOwedHeaders(request, Response.json(await jobView(services, job, new URL(request.url).origin)));
      },
      {
        detail: {
          tags: ['Speech'],
          summary: 'Poll a long narration',
          description:
            'Status of a job from a 202 response: `queued`, `running`, `retrying` (a transient failure, retried automatically), `completed` (with `audioUrl`, a signed link that expires) or `failed` (nothing charged). `progress.percent` tells how far it is.',
          security: [{ bearer: [] }],
          responses: { ...errorResponses('400:invalid_request (no jobId)', '401:unauthorized', '404:not_found') },
        },
      },
    )
    .post(
    '/api/v1/tts',
    async ({ request }) => {
      const principal = authorizeApiRequest(services, request);
      const raw = await request.text();
      return withOwedHeaders(request, await idempotent(services, request, principal, raw, async () => {
        const speech = parseSpeechRequest(raw);
        // Balance and cap first, then screened whole before anything is reserved or synthesised, long texts included.
        await screenBeforeCharging(services, principal, speech, request.signal);
        if (speech.characters > services.config.directMaxCharacters || speech.delivery === 'link') return enqueueNarration(services, principal, speech, request.signal);
        const reservationId = reserveCredits(services, principal, speech, 'speech');
        return synthesizeDirect(services, speech, reservationId, request.signal);
      }));
    },
    {
      parse: 'none',
      detail: {
        tags: ['Speech'],
        summary: 'Narrate text',
        description:
          'Texts up to the direct limit (default 20,000 characters) return audio at once: binary `audio/mpeg` with `X-Characters` and `X-Credits-Charged`, or JSON with `format: "json"`. Longer texts (up to 1,000,000) return 202 with a `jobId` to poll. Text is screened before synthesis; a failed request is never charged.',
        security: [{ bearer: [] }],
        parameters: [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'Makes a retry safe: the first successful (2xx) response is kept for 24 hours and a retry with the same key and the same body gets it again, byte for byte, with `Idempotent-Replayed: true` and no second charge. The same key with another body is 400 `idempotency_key_reused`; a retry while the first is still running is 409 `conflict`. Failures are not kept, so a retry after one runs afresh. Keys are per account.',
            schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
          },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: SpeechRequest } } },
        responses: {
          200: {
            description: 'The narration.',
            headers: {
              'X-Characters': { description: 'Characters billed (Unicode code points).', schema: { type: 'integer' } },
              'X-Credits-Charged': { description: 'Credits deducted.', schema: { type: 'integer' } },
              'Idempotent-Replayed': { description: '`true` when this is the stored response to an earlier request with the same Idempotency-Key.', schema: { type: 'string' } },
              ...rateLimitHeaders,
            },
            content: { 'audio/mpeg': { schema: { type: 'string', format: 'binary' } }, 'application/json': { schema: SpeechJsonResponse } },
          },
          202: { description: 'Long text accepted as a job; poll GET /api/v1/tts?jobId=…', content: { 'application/json': { schema: JobAccepted } } },
          ...errorResponses(
            '400:invalid_request, text_too_long, invalid_voice, invalid_speed, content_rejected, or idempotency_key_reused (the Idempotency-Key was used with another body)',
            '401:unauthorized',
            '402:insufficient_credits or key_cap_exceeded',
            '409:conflict (a request with this Idempotency-Key is still running; see Retry-After)',
            '429:rate_limited (checked before anything is reserved, so never charged; see Retry-After and RateLimit)',
            '502:synthesis_failed or unavailable',
            '503:moderation_unavailable or unavailable',
          ),
        },
      },
    },
  );
}
