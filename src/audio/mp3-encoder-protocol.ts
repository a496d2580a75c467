export type EncoderRequest =
  | { type: 'open'; streamId: number; sampleRate: number; vbrQuality: number }
  | { type: 'write'; streamId: number; samples: Int16Array }
  | { type: 'end'; streamId: number }
  | { type: 'abort'; streamId: number };

export type EncoderResponse =
  | { type: 'ready'; streamId?: undefined }
  | { type: 'data'; streamId: number; bytes: Uint8Array }
  | { type: 'ended'; streamId: number; bytes: Uint8Array }
  | { type: 'failed'; streamId: number; message: string };
