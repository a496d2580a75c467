import { Elysia, t } from 'elysia';
import { authorizeApiRequest, withOwedHeaders } from '../../auth/authorize.ts';
import { AppError } from '../../errors/index.ts';
import { countCharacters, creditsForCharacters } from '../../lib/characters.ts';
import { parseJsonObject } from '../../lib/json-body.ts';
import type { Services } from '../../services.ts';
import { reserveCredits, screenBeforeCharging, synthesizeDirect, type ValidSpeechRequest } from '../tts/service.ts';
import { findVoice } from '../voices/catalog.ts';

/**
 * OpenAI-compatible speech: `POST /v1/audio/speech` as the official clients send it, on the same keys, ledger and
 * moderation as /api/v1/tts. OpenAI's voice names are recite's expressive voices; any catalog id works too.
 */
export const OpenAISpeechRequest = t.Object({
  model: t.String({ description: 'Accepted for compatibility (tts-1, tts-1-hd, gpt-4o-mini-tts …); recite has one engine.' }),
  input: t.String({ description: 'Text to speak, up to the direct limit (default 20,000 characters).' }),
  voice: t.String({ description: 'alloy, ash, ballad, coral, echo, fable, onyx, nova, sage, shimmer, verse, marin, cedar, or any recite voice id.' }),
  response_format: t.Optional(t.String({ default: 'mp3', description: 'Only mp3 is produced.' })),
  speed: t.Optional(t.Number({ minimum: 0.25, maximum: 4, default: 1 })),
  instructions: t.Optional(t.String({ description: 'Accepted and ignored.' })),
});

export function openaiModule(services: Services) {
  return new Elysia({ name: 'openai' }).post(
    '/v1/audio/speech',
    async ({ request }) => {
      const principal = authorizeApiRequest(services, request);
      const body = parseJsonObject(await request.text());
      const { input, voice: voiceId, model, response_format: format = 'mp3', speed = 1 } = body;
      if (typeof model !== 'string') throw new AppError('invalid_request', 'The field `model` is required.');
      if (typeof input !== 'string' || input.trim() === '') throw new AppError('invalid_request', 'The field `input` is required.');
      if (typeof voiceId !== 'string') throw new AppError('invalid_request', 'The field `voice` is required.');
      const voice = findVoice(voiceId.toLowerCase());
      if (!voice) throw new AppError('invalid_voice', `Unknown voice "${voiceId.slice(0, 40)}".`);
      if (format !== 'mp3') throw new AppError('invalid_request', 'Only response_format "mp3" is supported.');
      if (typeof speed !== 'number' || !(speed >= 0.25 && speed <= 4)) throw new AppError('invalid_speed', '`speed` must be a number from 0.25 to 4.');
      const characters = countCharacters(input);
      if (characters > services.config.directMaxCharacters) {
        throw new AppError('text_too_long', `This endpoint speaks up to ${services.config.directMaxCharacters} characters; use POST /api/v1/tts for long narrations.`);
      }
      const speech: ValidSpeechRequest = { text: input, voice, speed: 'normal', format: 'mp3', characters, credits: creditsForCharacters(characters), rateScale: speed };
      await screenBeforeCharging(services, principal, speech, request.signal);
      const reservationId = reserveCredits(services, principal, speech, 'speech');
      return withOwedHeaders(request, await synthesizeDirect(services, speech, reservationId, request.signal));
    },
    {
      parse: 'none',
      detail: {
        tags: ['OpenAI compatible'],
        summary: 'Create speech (OpenAI-compatible)',
        description: 'Drop-in for OpenAI\'s `audio.speech.create`: point an OpenAI client\'s base URL at `<recite>/v1` and use a recite key. Billed and screened like /api/v1/tts.',
        security: [{ bearer: [] }],
        requestBody: { required: true, content: { 'application/json': { schema: OpenAISpeechRequest as object } } },
      },
    },
  );
}
