import { Type, type Static } from '@sinclair/typebox';

export const MAX_TEXT_CHARACTERS = 1_000_000;
export const SPEEDS = ['slow', 'normal', 'gentle'] as const;
export const FORMATS = ['mp3', 'json'] as const;

export const SpeechRequest = Type.Object(
  {
    text: Type.String({ description: 'Text to narrate, up to 1,000,000 characters (Unicode code points). Longer than the direct limit (default 20,000) returns 202 and a jobId.' }),
    voice: Type.Optional(Type.String({ default: 'std-aria', description: 'Voice id from GET /api/v1/voices.' })),
    speed: Type.Optional(Type.Union(SPEEDS.map((speed) => Type.Literal(speed)), { default: 'normal' })),
    language: Type.Optional(Type.String({ description: 'Read the whole text in this language (e.g. `es`, `fr-FR`) instead of detecting it per sentence; any catalog language.' })),
    format: Type.Optional(Type.Union(FORMATS.map((format) => Type.Literal(format)), { default: 'mp3', description: '`mp3`: binary audio/mpeg; `json`: base64 audio in a JSON body.' })),
    delivery: Type.Optional(Type.Union([Type.Literal('audio'), Type.Literal('link')], { default: 'audio', description: '`link` runs even a short text as a job (202 + jobId), for clients that want a download link.' })),
    timestamps: Type.Optional(Type.Boolean({ default: false, description: 'With `format: "json"`, include `words` with start/end times in milliseconds.' })),
    callbackUrl: Type.Optional(Type.String({ format: 'uri', description: 'For long texts (jobs): recite POSTs the job record here when it completes or fails, signed with `Recite-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">` using the account\'s webhook secret (GET /api/v1/usage); retried with backoff until a 2xx.' })),
  },
  { $id: 'SpeechRequest' },
);
export type SpeechRequest = Static<typeof SpeechRequest>;

export const SpeechJsonResponse = Type.Object({
  audio: Type.String({ description: 'Base64-encoded MP3.' }),
  characters: Type.Integer({ description: 'Characters billed (Unicode code points).' }),
  credits_charged: Type.Integer({ description: 'Credits deducted: 1 per 10 characters, rounded up, minimum 1.' }),
  duration_ms: Type.Integer({ description: 'Length of the audio.' }),
});

export const JobAccepted = Type.Object({
  jobId: Type.String(),
  status: Type.String(),
  characters: Type.Integer(),
  credits_reserved: Type.Integer(),
});

export const ErrorBody = Type.Object({
  error: Type.Object({ code: Type.String(), message: Type.String() }),
});
