import { Resvg } from '@resvg/resvg-js';
import { Elysia, t } from 'elysia';
import { authorizeApiRequest, withOwedHeaders } from '../../auth/authorize.ts';
import { AppError } from '../../errors/index.ts';
import { countCharacters, PRESENTER_VIDEO_CREDITS } from '../../lib/characters.ts';
import { parseJsonObject } from '../../lib/json-body.ts';
import { CHARACTERS, characterSvg, findCharacter } from '../../presenter/characters.ts';
import type { JobRecord } from '../../scheduler/scheduler.ts';
import type { Services } from '../../services.ts';
import { escape, page } from '../dashboard/views.ts';
import { audioUrl } from '../jobs/service.ts';
import { reserveCredits, screenBeforeCharging } from '../tts/service.ts';
import { findVoice } from '../voices/catalog.ts';
import type { StorybookInput, StorybookResult } from './storybook-job.ts';

export const STORYBOOK_MAX_CHARACTERS = 5_000;

export function characterRecords(origin = '') {
  return CHARACTERS.map((character) => ({ id: character.id, name: character.name, description: character.description, default_voice: character.defaultVoice, preview_url: `${origin}/api/v1/characters/${character.id}/preview.png` }));
}

export async function storybookView(services: Services, job: JobRecord, origin: string) {
  const input = JSON.parse(job.input) as StorybookInput;
  const view: Record<string, unknown> = {
    storybookId: job.id,
    status: job.status,
    progress: { percent: job.status === 'completed' ? 100 : job.progressTotal ? Math.floor((job.progressDone / job.progressTotal) * 100) : 0 },
    character: input.characterId,
    voice: input.voiceId,
    credits: PRESENTER_VIDEO_CREDITS,
    created_at: new Date(job.createdAt).toISOString(),
  };
  if (job.status === 'completed' && job.result) {
    const result = JSON.parse(job.result) as StorybookResult;
    view.watch_url = `${services.config.publicUrl ?? origin}/watch/${job.id}`;
    view.video_url = (await audioUrl(services, result.videoKey, origin)).url;
    view.duration_ms = result.durationMs;
  }
  if (job.status === 'failed') view.error = { code: 'synthesis_failed', message: 'The video could not be rendered; nothing was charged.' };
  return view;
}

/** Presenter videos ("talking storybooks"): characters, rendering jobs, and the public watch page. */
export function storybooksModule(services: Services) {
  const previews = new Map<string, Uint8Array>();
  return new Elysia({ name: 'storybooks' })
    .get('/api/v1/characters', ({ request }) => {
      authorizeApiRequest(services, request);
      return withOwedHeaders(request, Response.json({ characters: characterRecords(new URL(request.url).origin) }));
    }, { detail: { tags: ['Storybooks'], summary: 'List presenter characters', security: [{ bearer: [] }] } })
    .get('/api/v1/characters/:id/preview.png', ({ params }) => {
      const character = findCharacter(params.id);
      if (!character) throw new AppError('not_found', 'No such character.');
      let png = previews.get(character.id);
      if (!png) {
        png = new Uint8Array(new Resvg(characterSvg(character, { mouth: 'wide', blink: false, sway: 0 }), { font: { loadSystemFonts: false } }).render().asPng());
        previews.set(character.id, png);
      }
      return new Response(Buffer.from(png), { headers: { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' } });
    }, { detail: { tags: ['Storybooks'], summary: 'Character preview image' } })
    .post('/api/v1/storybooks', async ({ request }) => {
      const principal = authorizeApiRequest(services, request);
      const body = parseJsonObject(await request.text());
      const script = body.script;
      if (typeof script !== 'string' || script.trim() === '') throw new AppError('invalid_request', 'The field `script` is required.');
      const characters = countCharacters(script);
      if (characters > STORYBOOK_MAX_CHARACTERS) throw new AppError('text_too_long', `A storybook script has at most ${STORYBOOK_MAX_CHARACTERS} characters.`);
      const character = findCharacter(String(body.character ?? ''));
      if (!character) throw new AppError('invalid_request', `Unknown character; GET /api/v1/characters lists them.`);
      const voice = findVoice(String(body.voice ?? character.defaultVoice));
      if (!voice) throw new AppError('invalid_voice', 'Unknown voice.');
      const speed = String(body.speed ?? 'normal');
      if (!['slow', 'normal', 'gentle'].includes(speed)) throw new AppError('invalid_speed', 'Use slow, normal or gentle.');
      await screenBeforeCharging(services, principal, { text: script, characters, credits: PRESENTER_VIDEO_CREDITS }, request.signal);
      // A presenter video costs a flat 500 credits, reserved now and captured only when the video is delivered.
      const reservationId = reserveCredits(services, principal, { characters, credits: PRESENTER_VIDEO_CREDITS }, 'presenter_video', 7 * 24 * 3600 * 1000);
      const input: StorybookInput = { script, characterId: character.id, voiceId: voice.id, speed: speed as StorybookInput['speed'] };
      const job = services.scheduler.enqueue({ kind: 'presenter_video', input, accountId: principal.accountId, apiKeyId: principal.apiKeyId, reservationId, total: 100 });
      return withOwedHeaders(request, Response.json({ storybookId: job.id, status: job.status, credits_reserved: PRESENTER_VIDEO_CREDITS }, { status: 202 }));
    }, {
      parse: 'none',
      detail: {
        tags: ['Storybooks'],
        summary: 'Render a talking storybook',
        description: 'A drawn character reads the script with lip-sync. 500 credits, reserved at once and charged only when the video is delivered. Poll GET /api/v1/storybooks/{id}; the watch link needs no sign-in.',
        security: [{ bearer: [] }],
        requestBody: { content: { 'application/json': { schema: t.Object({ script: t.String(), character: t.String(), voice: t.Optional(t.String()), speed: t.Optional(t.String()) }) as object } } },
      },
    })
    .get('/api/v1/storybooks/:id', async ({ request, params }) => {
      const principal = authorizeApiRequest(services, request);
      const job = services.scheduler.find(params.id);
      if (!job || job.kind !== 'presenter_video' || job.accountId !== principal.accountId) throw new AppError('not_found', 'No storybook with this id.');
      return withOwedHeaders(request, Response.json(await storybookView(services, job, new URL(request.url).origin)));
    }, { detail: { tags: ['Storybooks'], summary: 'Storybook status', security: [{ bearer: [] }] } })
    .get('/watch/:id', async ({ request, params }) => {
      const job = services.scheduler.find(params.id);
      if (!job || job.kind !== 'presenter_video' || job.status !== 'completed') {
        return new Response((await page({ title: 'Not found', body: '<h1>Not found</h1><section><p>This video does not exist or is not ready yet.</p></section>' }).text()), { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
      }
      const view = await storybookView(services, job, new URL(request.url).origin);
      const input = JSON.parse(job.input) as StorybookInput;
      const character = findCharacter(input.characterId);
      return page({
        title: `${character?.name ?? 'Storybook'}`,
        body: `<h1>${escape(character?.name ?? 'Storybook')}</h1><section><video controls playsinline preload="metadata" src="${escape(view.video_url)}" style="width:100%;max-width:640px;border-radius:8px" aria-label="Storybook video"></video></section>
          <section><h2>Script</h2><p style="white-space:pre-wrap">${escape(input.script)}</p></section>`,
      });
    }, { detail: { hide: true } });
}
