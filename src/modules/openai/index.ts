import { Elysia, t } from 'elysia';
import { concatBytes, STREAM_MP3_KBPS, wavFile } from '../../audio/complete-file.ts';
import { apiKeyAuth, JSON_BODY } from '../../auth/api-key-auth.ts';
import { AppError } from '../../errors/index.ts';
import { AUTH_ERRORS, documentErrors } from '../../errors/openapi.ts';
import { countCharacters } from '../../lib/characters.ts';
import { creditsForCharacters } from '../../billing/pricing.ts';
import type { Services } from '../../services.ts';
import {
  type DirectOutput,
  reserveCredits,
  screenBeforeCharging,
  synthesizeDirect,
  type ValidSpeechRequest,
} from '../tts/service.ts';
import { findVoice } from '../voices/catalog.ts';

/**
 * OpenAI-compatible speech: `POST /v1/audio/speech` as the official clients send it, on the same keys, ledger and
 * moderation as /api/v1/tts. OpenAI's voice names are recite's expressive voices; any catalog id works too.
 */
/** Every format is made at OpenAI's 24 kHz except mp3, which keeps the engine's rate. */
const OUTPUT_RATE = 24_000;

/**
 * How each `response_format` is made and sent. mp3, pcm and opus stream as they are encoded (mp3 at a constant
 * bitrate, Ogg Opus pages carry their own timing); wav and flac are sent whole so their headers state the true length.
 * aac is not offered: no maintained AAC encoder compiled to WASM is published on npm.
 */
const FORMATS: Record<string, DirectOutput> = {
  mp3: { encoding: { format: 'mp3', bitrate: STREAM_MP3_KBPS }, contentType: 'audio/mpeg' },
  opus: { encoding: { format: 'opus', outputSampleRate: OUTPUT_RATE }, contentType: 'audio/ogg; codecs=opus' },
  pcm: { encoding: { format: 'pcm', outputSampleRate: OUTPUT_RATE }, contentType: 'audio/pcm' },
  wav: {
    encoding: { format: 'wav', outputSampleRate: OUTPUT_RATE },
    contentType: 'audio/wav',
    complete: (parts) => wavFile(parts, OUTPUT_RATE),
  },
  flac: {
    encoding: { format: 'flac', outputSampleRate: OUTPUT_RATE },
    contentType: 'audio/flac',
    complete: concatBytes,
  },
};
const SUPPORTED = Object.keys(FORMATS).join(', ');

export const OpenAISpeechRequest = t.Object({
  model: t.String({
    description: 'Accepted for compatibility (tts-1, tts-1-hd, gpt-4o-mini-tts …); recite has one engine.',
  }),
  input: t.String({ description: 'Text to speak, up to the direct limit (default 20,000 characters).' }),
  voice: t.String({
    description:
      'alloy, ash, ballad, coral, echo, fable, onyx, nova, sage, shimmer, verse, marin, cedar, or any recite voice id.',
  }),
  response_format: t.Optional(
    t.String({
      default: 'mp3',
      description: 'mp3, opus (Ogg), wav, flac or pcm (24 kHz 16-bit mono little-endian). aac is refused.',
    }),
  ),
  speed: t.Optional(t.Number({ minimum: 0.25, maximum: 4, default: 1, errorCode: 'invalid_speed' })),
  instructions: t.Optional(t.String({ description: 'Accepted and ignored.' })),
});

export function openaiModule(services: Services) {
  return new Elysia({ name: 'openai' }).use(apiKeyAuth(services)).post(
    '/v1/audio/speech',
    async ({ request, principal, body }) => {
      // Shapes and ranges come from the model (a bad `speed` is invalid_speed); what it cannot say is checked here.
      const { input, voice: voiceId, response_format: format = 'mp3', speed = 1 } = body;
      if (input.trim() === '') throw new AppError('invalid_request', 'The field `input` is empty.');
      const voice = findVoice(voiceId.toLowerCase());
      if (!voice) throw new AppError('invalid_voice', `Unknown voice "${voiceId.slice(0, 40)}".`);
      const output = Object.hasOwn(FORMATS, format) ? FORMATS[format] : undefined;
      if (!output)
        throw new AppError(
          'invalid_request',
          `response_format ${JSON.stringify(String(format).slice(0, 20))} is not supported; use one of: ${SUPPORTED}.`,
        );
      const characters = countCharacters(input);
      if (characters > services.config.directMaxCharacters) {
        throw new AppError(
          'text_too_long',
          `This endpoint speaks up to ${services.config.directMaxCharacters} characters; use POST /api/v1/tts for long narrations.`,
        );
      }
      const credits = creditsForCharacters(characters);
      await screenBeforeCharging(services, principal, { text: input, characters, credits }, request.signal);
      // Speeds the engine cannot reach are made up by a time stretch, measured per voice (loudness-calibration.ts).
      const plan = await services.encoders.loudness.ratePlan(services.engine, voice, speed);
      const speech: ValidSpeechRequest = {
        text: input,
        voice,
        speed: 'normal',
        format: 'mp3',
        characters,
        credits,
        rateScale: plan.rateScale,
      };
      const hold = await reserveCredits(services, principal, speech, 'speech');
      const encoding = { ...output.encoding, stretch: plan.stretch };
      return await synthesizeDirect(services, speech, hold, request.signal, { ...output, encoding });
    },
    {
      auth: 'apiKey',
      parse: JSON_BODY,
      body: OpenAISpeechRequest,
      detail: {
        tags: ['OpenAI compatible'],
        operationId: 'createOpenAISpeech',
        summary: 'Create speech (OpenAI-compatible)',
        description:
          "Drop-in for OpenAI's `audio.speech.create`: point an OpenAI client's base URL at `<recite>/v1` and use a recite key. Billed and screened like /api/v1/tts.",
        requestBody: { required: true, content: { 'application/json': { schema: OpenAISpeechRequest as object } } },
        responses: {
          200: {
            description: 'The audio.',
            content: { 'audio/mpeg': { schema: { type: 'string', format: 'binary' } } },
          },
          ...documentErrors(
            'invalid_request',
            'text_too_long',
            'invalid_voice',
            'invalid_speed',
            'content_rejected',
            'insufficient_credits',
            'key_cap_exceeded',
            'synthesis_failed',
            'moderation_unavailable',
            ...AUTH_ERRORS,
          ),
        },
      },
    },
  );
}
