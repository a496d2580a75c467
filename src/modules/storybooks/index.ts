import { Elysia, t } from 'elysia';
import { apiKeyAuth, JSON_BODY } from '../../auth/api-key-auth.ts';
import { AppError } from '../../errors/index.ts';
import { AUTH_ERRORS, documentErrors, jsonResponse } from '../../errors/openapi.ts';
import { countCharacters } from '../../lib/characters.ts';
import { PRESENTER_VIDEO_CREDITS } from '../../billing/pricing.ts';
import { CHARACTERS, characterSvg, findCharacter } from '../../presenter/characters.ts';
import type { JobRecord } from '../../scheduler/scheduler.ts';
import type { Services } from '../../services.ts';
import { escape, page } from '../dashboard/views.ts';
import { audioUrl } from '../jobs/service.ts';
import { idempotent } from '../tts/idempotency.ts';
import { SpeedField } from '../tts/model.ts';
import { reserveCredits, screenBeforeCharging } from '../tts/service.ts';
import { findVoice } from '../voices/catalog.ts';
import type { StorybookInput, StorybookResult } from '../../jobs/presenter-video-job.ts';

export const STORYBOOK_MAX_CHARACTERS = 5_000;

export function characterRecords(origin = '') {
  return CHARACTERS.map((character) => ({
    id: character.id,
    name: character.name,
    description: character.description,
    default_voice: character.defaultVoice,
    preview_url: `${origin}/api/v1/characters/${character.id}/preview.png`,
  }));
}

export const StorybookRequest = t.Object({
  script: t.String({ description: `What the character says, up to ${STORYBOOK_MAX_CHARACTERS} characters.` }),
  character: t.String({ description: 'A character id from GET /api/v1/characters.' }),
  voice: t.Optional(t.String({ description: "Voice id; default: the character's voice." })),
  speed: t.Optional(SpeedField),
});

const StorybookAccepted = t.Object({ storybookId: t.String(), status: t.String(), credits_reserved: t.Integer() });
const StorybookStatus = t.Object(
  {
    storybookId: t.String(),
    status: t.String(),
    progress: t.Object({ percent: t.Integer() }),
    watch_url: t.Optional(t.String({ description: 'Public page with the video (completed).' })),
    video_url: t.Optional(t.String({ description: 'Signed link to the MP4 (completed); it expires.' })),
  },
  { additionalProperties: true },
);
const CharacterList = t.Object({
  characters: t.Array(
    t.Object({
      id: t.String(),
      name: t.String(),
      description: t.String(),
      default_voice: t.String(),
      preview_url: t.String(),
    }),
  ),
});

export async function storybookView(services: Services, job: JobRecord, origin: string) {
  const input = JSON.parse(job.input) as StorybookInput;
  const view: Record<string, unknown> = {
    storybookId: job.id,
    status: job.status,
    progress: {
      percent:
        job.status === 'completed'
          ? 100
          : job.progressTotal
            ? Math.floor((job.progressDone / job.progressTotal) * 100)
            : 0,
    },
    character: input.characterId,
    voice: input.voiceId,
    credits: PRESENTER_VIDEO_CREDITS,
    created_at: new Date(job.createdAt).toISOString(),
  };
  if (job.status === 'completed' && job.result) {
    const result = JSON.parse(job.result) as StorybookResult;
    view.watch_url = `${origin}/watch/${job.id}`;
    view.video_url = (await audioUrl(services, result.videoKey, origin)).url;
    view.duration_ms = result.durationMs;
  }
  if (job.status === 'failed')
    view.error = { code: 'synthesis_failed', message: 'The video could not be rendered; nothing was charged.' };
  return view;
}

/** Presenter videos ("talking storybooks"): characters, rendering jobs, and the public watch page. */
export function storybooksModule(services: Services) {
  const previews = new Map<string, Uint8Array>();
  return new Elysia({ name: 'storybooks' })
    .use(apiKeyAuth(services))
    .get(
      '/api/v1/characters',
      ({ request }) => ({ characters: characterRecords(services.config.publicUrl ?? new URL(request.url).origin) }),
      {
        auth: 'apiKey',
        detail: {
          tags: ['Storybooks'],
          operationId: 'listCharacters',
          summary: 'List presenter characters',
          responses: { 200: jsonResponse('The characters.', CharacterList), ...documentErrors(...AUTH_ERRORS) },
        },
      },
    )
    .get(
      '/api/v1/characters/:id/preview.png',
      async ({ params }) => {
        const character = findCharacter(params.id);
        if (!character) throw new AppError('not_found', 'No such character.');
        let png = previews.get(character.id);
        if (!png) {
          // Loaded on the first preview: the native renderer took tens of milliseconds of every start-up.
          const { Resvg } = await import('@resvg/resvg-js');
          png = new Uint8Array(
            new Resvg(characterSvg(character, { mouth: 'wide', blink: false, sway: 0 }), {
              font: { loadSystemFonts: false },
            })
              .render()
              .asPng(),
          );
          previews.set(character.id, png);
        }
        return new Response(Buffer.from(png), {
          headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' },
        });
      },
      {
        detail: {
          tags: ['Storybooks'],
          operationId: 'getCharacterPreview',
          security: [],
          summary: 'Character preview image',
          responses: {
            200: { description: 'A PNG.', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } },
            ...documentErrors('not_found'),
          },
        },
      },
    )
    .post(
      '/api/v1/storybooks',
      async ({ request, body, principal, rawBody }) => {
        return idempotent(services, request, principal, rawBody, async () => {
          const { script } = body;
          if (script.trim() === '') throw new AppError('invalid_request', 'The field `script` is required.');
          const characters = countCharacters(script);
          if (characters > STORYBOOK_MAX_CHARACTERS) {
            throw new AppError(
              'text_too_long',
              `A storybook script has at most ${STORYBOOK_MAX_CHARACTERS} characters.`,
            );
          }
          const character = findCharacter(body.character);
          if (!character)
            throw new AppError('invalid_request', 'Unknown character; GET /api/v1/characters lists them.');
          const voice = findVoice(body.voice ?? character.defaultVoice);
          if (!voice) throw new AppError('invalid_voice', 'Unknown voice.');
          const speed = body.speed ?? 'normal';
          // A presenter video costs a flat 500 credits, reserved now and captured only when the video is delivered.
          const cost = { characters, credits: PRESENTER_VIDEO_CREDITS };
          await screenBeforeCharging(services, principal, { text: script, ...cost }, request.signal);
          const hold = await reserveCredits(services, principal, cost, 'presenter_video', 7 * 24 * 3600 * 1000);
          const input: StorybookInput = { script, characterId: character.id, voiceId: voice.id, speed };
          const job = await services.scheduler
            .enqueue({
              kind: 'presenter_video',
              input,
              accountId: principal.accountId,
              apiKeyId: principal.apiKeyId,
              reservationId: hold.reservationId,
              total: 100,
            })
            .catch((error: unknown) => {
              // Not queued, so not charged: the hold goes back at once.
              hold.voidEventually('enqueue_failed');
              throw error;
            });
          const accepted = { storybookId: job.id, status: job.status, credits_reserved: PRESENTER_VIDEO_CREDITS };
          return Response.json(accepted, { status: 202 });
        });
      },
      {
        auth: 'apiKey',
        parse: JSON_BODY,
        body: StorybookRequest,
        detail: {
          tags: ['Storybooks'],
          operationId: 'createStorybook',
          summary: 'Render a talking storybook',
          description:
            'A drawn character reads the script with lip-sync. 500 credits, reserved at once and charged only when ' +
            'the video is delivered. Poll GET /api/v1/storybooks/{id}; the watch link needs no sign-in. An ' +
            '`Idempotency-Key` header works as on POST /api/v1/tts.',
          responses: {
            202: jsonResponse('Accepted; poll GET /api/v1/storybooks/{id}.', StorybookAccepted),
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
              'moderation_unavailable',
              ...AUTH_ERRORS,
            ),
          },
        },
      },
    )
    .get(
      '/api/v1/storybooks/:id',
      async ({ request, params, principal }) => {
        const job = await services.scheduler.find(params.id);
        if (!job || job.kind !== 'presenter_video' || job.accountId !== principal.accountId) {
          throw new AppError('not_found', 'No storybook with this id.');
        }
        return storybookView(services, job, services.config.publicUrl ?? new URL(request.url).origin);
      },
      {
        auth: 'apiKey',
        detail: {
          tags: ['Storybooks'],
          operationId: 'getStorybook',
          summary: 'Storybook status',
          responses: {
            200: jsonResponse('The storybook.', StorybookStatus),
            ...documentErrors('not_found', ...AUTH_ERRORS),
          },
        },
      },
    )
    .get(
      '/watch/:id',
      async ({ request, params }) => {
        const job = await services.scheduler.find(params.id);
        if (!job || job.kind !== 'presenter_video' || job.status !== 'completed') {
          return new Response(
            await page({
              title: 'Not found',
              body: '<h1>Not found</h1><section><p>This video does not exist or is not ready yet.</p></section>',
            }).text(),
            { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } },
          );
        }
        const view = await storybookView(services, job, new URL(request.url).origin);
        const input = JSON.parse(job.input) as StorybookInput;
        const character = findCharacter(input.characterId);
        return page({
          title: `${character?.name ?? 'Storybook'}`,
          body: `<h1>${escape(character?.name ?? 'Storybook')}</h1><section><video controls playsinline preload="metadata" src="${escape(view.video_url)}" style="width:100%;max-width:640px;border-radius:8px" aria-label="Storybook video"></video></section>
          <section><h2>Script</h2><p style="white-space:pre-wrap">${escape(input.script)}</p></section>`,
        });
      },
      { detail: { hide: true } },
    );
}
