/** Output formats the encoder workers produce. `wav` is PCM here; whoever has the whole file writes its header. */
export type AudioFormat = 'mp3' | 'wav' | 'pcm' | 'flac' | 'opus';

export interface StreamSettings {
  sampleRate: number;
  format: AudioFormat;
  /** MP3 only: VBR quality (0 best - 9 smallest), used unless `bitrate` is set. */
  vbrQuality: number;
  /** MP3 only: constant bitrate in kbps (for streams whose length a player must estimate before the end). */
  bitrate?: number;
  /** Output rate; the engine's rate when absent (MP3) — the other formats are made at 24 kHz. */
  outputSampleRate?: number;
  /** Duration factor made by time stretch in PCM (2 = twice as long); 1 or absent = none. */
  stretch?: number;
  /** Peak ceiling in dBTP for the limiter. */
  ceilingDb: number;
}

export type EncoderRequest =
  | { type: 'open'; streamId: number; settings: StreamSettings }
  | { type: 'write'; streamId: number; samples: Int16Array; gain: number }
  | { type: 'end'; streamId: number }
  | { type: 'abort'; streamId: number };

export type EncoderResponse =
  | { type: 'ready'; streamId?: undefined }
  | { type: 'data'; streamId: number; bytes: Uint8Array }
  | { type: 'ended'; streamId: number; bytes: Uint8Array }
  | { type: 'failed'; streamId: number; message: string };
