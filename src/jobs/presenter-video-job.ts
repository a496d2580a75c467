import { completeMp3 } from '../audio/complete-file.ts';
import type { SpeechSpeed } from '../../providers/spec/v1/speech-engine.ts';
import { narrate } from '../audio/narrate.ts';
import { findCharacter } from '../presenter/characters.ts';
import { renderPresenterVideo } from '../presenter/render.ts';
import type { JobHandler } from '../scheduler/scheduler.ts';
import { findVoice } from '../modules/voices/catalog.ts';
import type { JobServices } from './job-services.ts';
import { PermanentJobError } from './narration-job.ts';

export interface StorybookInput {
  script: string;
  characterId: string;
  voiceId: string;
  speed: SpeechSpeed;
}

export interface StorybookResult {
  videoKey: string;
  bytes: number;
  durationMs: number;
}

export const storybookVideoKey = (jobId: string) => `videos/${jobId}.mp4`;

/** Narrates the script with phoneme timings, renders the lip-synced presenter, stores the MP4, captures 500 credits. */
export function presenterVideoJobHandler(services: JobServices): JobHandler {
  return {
    async run({ job, signal, progress, complete }) {
      const input = JSON.parse(job.input) as StorybookInput;
      const character = findCharacter(input.characterId);
      const voice = findVoice(input.voiceId);
      if (!character || !voice) throw new PermanentJobError('character or voice no longer exists');
      await progress(0, 100);
      const narration = narrate(
        services.engine,
        services.encoders,
        { text: input.script, voice, speed: input.speed, events: { phonemes: true } },
        signal,
      );
      const parts: Uint8Array[] = [];
      for await (const part of narration.bytes) parts.push(part);
      const result = await narration.result;
      await progress(30, 100);
      const durationSeconds = result.decodedSamples / result.sampleRate;
      const video = await renderPresenterVideo({
        character,
        audio: completeMp3(parts),
        durationSeconds,
        events: result.events,
        sampleRate: result.sampleRate,
        renderer: services.renderer,
      });
      await progress(90, 100);
      const key = storybookVideoKey(job.id);
      const stored = await services.storage.put(
        key,
        (async function* () {
          yield video.mp4;
        })(),
        { contentType: 'video/mp4' },
      );
      const output: StorybookResult = {
        videoKey: key,
        bytes: stored.size,
        durationMs: Math.round(durationSeconds * 1000),
      };
      // The store captures the 500 credits in the completing transaction (and voids them if the job fails for good).
      await complete(output);
    },
    isPermanent: (error) => error instanceof PermanentJobError,
  };
}
