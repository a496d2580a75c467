import { signPath, verifySignedPath } from '../../lib/signed-url.ts';
import type { JobRecord } from '../../scheduler/scheduler.ts';
import type { Services } from '../../services.ts';
import type { NarrationJobInput, NarrationJobResult } from '../../jobs/narration-job.ts';

export const FILES_PREFIX = '/files/';

/** A link to a stored object: presigned by the storage when it can, otherwise served by recite with an HMAC signature. */
export async function audioUrl(
  services: Services,
  key: string,
  origin: string,
): Promise<{ url: string; expiresAt: number }> {
  const ttl = services.config.audioUrlTtlSeconds;
  const expiresAt = Math.floor(services.clock.now() / 1000) + ttl;
  if (services.storage.capabilities.presignedUrls && services.storage.presign) {
    return {
      url: await services.storage.presign(key, { expiresInSeconds: ttl, contentType: 'audio/mpeg' }),
      expiresAt,
    };
  }
  const path = `${FILES_PREFIX}${key}`;
  const signature = signPath(services.secret, path, expiresAt);
  const base = services.config.publicUrl ?? origin;
  return { url: `${base}${path}?expires=${expiresAt}&signature=${signature}`, expiresAt };
}

export function checkFileSignature(
  services: Services,
  path: string,
  expires: string | undefined,
  signature: string | undefined,
): boolean {
  const expiresAt = Number(expires);
  if (!Number.isInteger(expiresAt) || !signature) return false;
  return verifySignedPath(services.secret, path, expiresAt, signature, Math.floor(services.clock.now() / 1000));
}

/** The job record clients see. */
export async function jobView(services: Services, job: JobRecord, origin: string) {
  const input = JSON.parse(job.input) as NarrationJobInput;
  const percent = job.progressTotal > 0 ? Math.min(100, Math.floor((job.progressDone / job.progressTotal) * 100)) : 0;
  const view: Record<string, unknown> = {
    jobId: job.id,
    status: job.status,
    progress: {
      percent: job.status === 'completed' ? 100 : percent,
      characters_done: Math.round((percent / 100) * input.characters),
      characters_total: input.characters,
    },
    characters: input.characters,
    credits: input.credits,
    voice: input.voiceId,
    speed: input.speed,
    attempts: job.attempts,
    created_at: new Date(job.createdAt).toISOString(),
    updated_at: new Date(job.updatedAt).toISOString(),
  };
  if (job.status === 'completed' && job.result) {
    const result = JSON.parse(job.result) as NarrationJobResult;
    const link = await audioUrl(services, result.audioKey, origin);
    view.audioUrl = link.url;
    view.audio_expires_at = new Date(link.expiresAt * 1000).toISOString();
    view.duration_ms = result.durationMs;
    view.bytes = result.bytes;
    view.completed_at = job.finishedAt ? new Date(job.finishedAt).toISOString() : undefined;
    if (result.captions) {
      view.captions = {
        vtt: (await audioUrl(services, result.captions.vtt, origin)).url,
        srt: (await audioUrl(services, result.captions.srt, origin)).url,
      };
    }
  }
  if (job.status === 'failed')
    view.error = {
      code: 'synthesis_failed',
      message: 'The narration failed; nothing was charged. Please submit it again.',
    };
  return view;
}
