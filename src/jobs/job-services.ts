import type { ModerationProviderV1 } from '../../providers/spec/v1/moderation.ts';
import type { AudioStorageV1 } from '../../providers/spec/v1/audio-storage.ts';
import type { SpeechEngineV1 } from '../../providers/spec/v1/speech-engine.ts';
import type { VideoRendererV1 } from '../../providers/spec/v1/video-renderer.ts';
import type { Mp3EncoderPool } from '../audio/mp3-encoder-pool.ts';
import type { Config } from '../config/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';

/**
 * What job handlers use, named here rather than taken from src/services.ts, so the wiring imports the handlers and
 * nothing in src/jobs/ imports the wiring back. The Services object has all of it.
 */
export interface JobServices {
  config: Pick<Config, 'webhookAllowPrivate' | 'webhookTimeoutMs' | 'webhookConcurrency'>;
  clock: Clock;
  engine: SpeechEngineV1;
  encoders: Mp3EncoderPool;
  storage: AudioStorageV1;
  renderer: VideoRendererV1;
  /** Told to let go of its warm workers when a narration's synthesis starts (see ModerationProviderV1.release). */
  moderator: Pick<ModerationProviderV1, 'release'>;
  scheduler: Scheduler;
  /** Signs webhook deliveries. */
  secret: string;
}
