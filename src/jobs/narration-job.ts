import { spoolCompleteMp3 } from '../audio/complete-file.ts';
import type { AudioStorageV1 } from '../../providers/spec/v1/audio-storage.ts';
import type { SpeechSpeed } from '../../providers/spec/v1/speech-engine.ts';
import { toSrt, toWebVtt, wordTimings } from '../audio/captions.ts';
import { durationMs } from '../audio/narrate.ts';
import { narrateInParallel } from '../audio/parallel-narrate.ts';
import type { JobHandler } from '../scheduler/scheduler.ts';
import { findVoice } from '../modules/voices/catalog.ts';
import type { JobServices } from './job-services.ts';
import { webhookJob } from './webhook-job.ts';

export interface NarrationJobInput {
  /**
   * Where the text is stored (see `storeNarrationText`): never in the job row, so polls and listings on any node
   * carry a few hundred bytes, not up to a megabyte. Deleted once the job ends.
   */
  textKey?: string;
  /** The text itself, in jobs queued before texts moved to storage. */
  text?: string;
  /** The text's first characters, for listings. */
  title?: string;
  voiceId: string;
  /** Forced language for the whole text; absent = per sentence for multilingual voices. */
  language?: string;
  speed: SpeechSpeed;
  characters: number;
  credits: number;
  callbackUrl?: string;
}

export interface NarrationJobResult {
  audioKey: string;
  bytes: number;
  durationMs: number;
  captions?: { vtt: string; srt: string };
}

/** Characters per part; parts are cut at sentence ends and spread over the engine workers. */
export const JOB_SEGMENT_CHARACTERS = 2_500;

export function narrationAudioKey(jobId: string): string {
  return `narrations/${jobId}.mp3`;
}

/** Characters of the text kept in the job row as its title. */
export const NARRATION_TITLE_CHARACTERS = 80;

/** Stores a job's text before the job exists; returns its key for `NarrationJobInput.textKey`. */
export async function storeNarrationText(storage: AudioStorageV1, jobId: string, text: string): Promise<string> {
  const key = `job-texts/${jobId}.txt`;
  await storage.put(key, textBody(text), { contentType: 'text/plain; charset=utf-8' });
  return key;
}

async function narrationText(storage: AudioStorageV1, input: NarrationJobInput): Promise<string> {
  if (!input.textKey) return input.text ?? '';
  const object = await storage.get(input.textKey);
  if (!object) throw new PermanentJobError('the narration text is missing from storage');
  return await new Response(object.body).text();
}

/**
 * Runs a long narration: synthesis and encoding spread over every worker, MP3 streamed straight to storage (memory
 * stays bounded), then the job is completed and its credits captured in one transaction. A retry or a take-over after
 * a crash writes the same key again, so there is only ever one object, and the capture is guarded so it happens once.
 */
export function narrationJobHandler(services: JobServices): JobHandler {
  return {
    async run({ job, signal, progress, complete }) {
      const input = JSON.parse(job.input) as NarrationJobInput;
      const voice = findVoice(input.voiceId);
      if (!voice) throw new PermanentJobError(`voice ${input.voiceId} no longer exists`);
      const key = narrationAudioKey(job.id);
      const text = await narrationText(services.storage, input);
      const total = text.length;
      // The text was screened just before; the screening workers would otherwise sit beside the engine workers for
      // the whole job (a 1M-character Flite job peaked at 655 MB with them, ~470 MB without).
      services.moderator.release?.();
      const narration = narrateInParallel(
        services.engine,
        services.encoders,
        { text, voice, language: input.language, speed: input.speed, events: { words: true } },
        {
          signal,
          parallelism: services.engine.capabilities.concurrency,
          segmentLength: JOB_SEGMENT_CHARACTERS,
          // Progress is stored in the same unit as the total (UTF-16 units of the text) and shown as a percentage.
          onProgress: (done) => void progress(done, total),
        },
      );
      // Spooled to a temporary file first: the Xing/Info frame that gives players the length goes before the audio.
      const spooled = await spoolCompleteMp3(narration.bytes);
      let stored: Awaited<ReturnType<typeof services.storage.put>>;
      try {
        stored = await services.storage.put(key, spooled.body, { contentType: 'audio/mpeg' });
      } finally {
        await spooled.dispose();
      }
      const result = await narration.result;
      // Captions beside the MP3, from the engine's word timings.
      const words = wordTimings(text, result.events, result.sampleRate, result.decodedSamples);
      const captions = { vtt: key.replace(/\.mp3$/, '.vtt'), srt: key.replace(/\.mp3$/, '.srt') };
      await services.storage.put(captions.vtt, textBody(toWebVtt(words)), { contentType: 'text/vtt' });
      await services.storage.put(captions.srt, textBody(toSrt(words)), { contentType: 'application/x-subrip' });
      const output: NarrationJobResult = {
        audioKey: key,
        bytes: stored.size,
        durationMs: durationMs(result.decodedSamples, result.sampleRate),
        captions,
      };
      // The store captures the job's reservation in the completing transaction; the webhook is queued in it too.
      const followUps =
        input.callbackUrl && job.accountId
          ? [
              webhookJob(services.scheduler, {
                url: input.callbackUrl,
                accountId: job.accountId,
                event: 'narration.completed',
                payload: {
                  jobId: job.id,
                  status: 'completed',
                  characters: input.characters,
                  credits: input.credits,
                  duration_ms: output.durationMs,
                },
              }),
            ]
          : [];
      await complete(output, { followUps });
    },
    onFailed(job) {
      const input = JSON.parse(job.input) as NarrationJobInput;
      if (!input.callbackUrl || !job.accountId) return [];
      return [
        webhookJob(services.scheduler, {
          url: input.callbackUrl,
          accountId: job.accountId,
          event: 'narration.failed',
          payload: {
            jobId: job.id,
            status: 'failed',
            error: { code: 'synthesis_failed', message: 'The narration failed; nothing was charged.' },
          },
        }),
      ];
    },
    async onSettled(job) {
      const input = JSON.parse(job.input) as NarrationJobInput;
      if (input.textKey) await services.storage.delete(input.textKey);
    },
    isPermanent: (error) => error instanceof PermanentJobError,
  };
}

async function* textBody(text: string) {
  yield new TextEncoder().encode(text);
}

export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
