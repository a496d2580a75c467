import { completeMp3 } from '../../audio/complete-file.ts';
import { Elysia, t } from 'elysia';
import { apiKeyAuth } from '../../auth/api-key-auth.ts';
import { AUTH_ERRORS, documentErrors, jsonResponse } from '../../errors/openapi.ts';
import { AppError } from '../../errors/index.ts';
import type { Services } from '../../services.ts';
import { narrate } from '../../audio/narrate.ts';
import { findVoice, VOICES, type CatalogVoice } from './catalog.ts';
import { sampleText } from './samples.ts';

export const VoiceRecord = t.Object({
  id: t.String(),
  name: t.String(),
  language: t.Object({ code: t.String({ description: 'BCP 47 tag' }), name: t.String() }),
  group: t.Union([t.Literal('character'), t.Literal('narration'), t.Literal('expressive')]),
  gender: t.String(),
  age: t.String(),
  description: t.String(),
  engine: t.String(),
  sample_url: t.String({ description: 'A short MP3 sample; public, no key needed.' }),
});

export const VoiceList = t.Object({ voices: t.Array(VoiceRecord), count: t.Integer() });

export function voiceRecord(voice: CatalogVoice) {
  return {
    id: voice.id,
    name: voice.name,
    language: { code: voice.language, name: voice.languageName },
    group: voice.group,
    gender: voice.gender,
    age: voice.age,
    description: voice.description,
    engine: voice.engine,
    sample_url: `/api/v1/voices/${voice.id}/sample.mp3`,
  };
}

export function voicesModule(services: Services) {
  // Samples are fixed texts, rendered once per voice and kept in memory (a few KB each).
  const samples = new Map<string, Promise<Uint8Array>>();
  const renderSample = async (voice: CatalogVoice) => {
    const parts: Uint8Array[] = [];
    for await (const part of narrate(services.engine, services.encoders, {
      text: sampleText(voice),
      voice,
      speed: 'normal',
    }).bytes)
      parts.push(part);
    return completeMp3(parts);
  };

  return new Elysia({ name: 'voices' })
    .use(apiKeyAuth(services))
    .get('/api/v1/voices', () => ({ voices: VOICES.map((voice) => voiceRecord(voice)), count: VOICES.length }), {
      auth: 'apiKey',
      detail: {
        tags: ['Voices'],
        operationId: 'listVoices',
        summary: 'List voices',
        description: 'Every valid `voice` id with its language, group and a sample link.',
        responses: { 200: jsonResponse('The voices.', VoiceList), ...documentErrors(...AUTH_ERRORS) },
      },
    })
    .get(
      '/api/v1/voices/:id/sample.mp3',
      async ({ params }) => {
        const voice = findVoice(params.id);
        if (!voice) throw new AppError('not_found', `Unknown voice "${params.id.slice(0, 40)}".`);
        let sample = samples.get(voice.id);
        if (!sample) {
          sample = renderSample(voice);
          samples.set(voice.id, sample);
          sample.catch(() => samples.delete(voice.id));
        }
        return new Response(Buffer.from(await sample), {
          headers: { 'content-type': 'audio/mpeg', 'cache-control': 'public, max-age=86400' },
        });
      },
      {
        detail: {
          tags: ['Voices'],
          operationId: 'getVoiceSample',
          security: [],
          summary: 'Voice sample',
          description: 'A fixed sample sentence in the voice. Needs no key and costs nothing.',
          responses: {
            200: {
              description: 'The sample.',
              content: { 'audio/mpeg': { schema: { type: 'string', format: 'binary' } } },
            },
            ...documentErrors('not_found'),
          },
        },
      },
    );
}
