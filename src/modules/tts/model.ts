import { type Static, Type } from '@sinclair/typebox';
import type { SpeechSpeed } from '../../../providers/spec/v1/speech-engine.ts';
import { ErrorEnvelopeSchema } from '../../errors/openapi.ts';

export const MAX_TEXT_CHARACTERS = 1_000_000;
/** The one list of speeds (the engines' SpeechSpeed); every model, tool and form takes it from here. */
export const SPEEDS = ['slow', 'normal', 'gentle'] as const satisfies readonly SpeechSpeed[];
/** `speed` in a request body: a bad value is 400 `invalid_speed` (the `errorCode` the error handler reads). */
export const SpeedField = Type.Union(
  SPEEDS.map((speed) => Type.Literal(speed)),
  { default: 'normal', errorCode: 'invalid_speed', description: 'Pace of the narration.' },
);
export const FORMATS = ['mp3', 'json'] as const;

export const SpeechRequest = Type.Object(
  {
    text: Type.String({
      description:
        'Text to narrate, up to 1,000,000 characters (Unicode code points). Longer than the direct limit (default 20,000) returns 202 and a jobId.',
    }),
    voice: Type.Optional(Type.String({ default: 'std-aria', description: 'Voice id from GET /api/v1/voices.' })),
    speed: Type.Optional(SpeedField),
    language: Type.Optional(
      Type.String({
        description:
          'Read the whole text in this language (e.g. `es`, `fr-FR`) instead of detecting it per sentence; any catalog language.',
      }),
    ),
    format: Type.Optional(
      Type.Union(
        FORMATS.map((format) => Type.Literal(format)),
        { default: 'mp3', description: '`mp3`: binary audio/mpeg; `json`: base64 audio in a JSON body.' },
      ),
    ),
    delivery: Type.Optional(
      Type.Union([Type.Literal('audio'), Type.Literal('link')], {
        default: 'audio',
        description: '`link` runs even a short text as a job (202 + jobId), for clients that want a download link.',
      }),
    ),
    timestamps: Type.Optional(
      Type.Boolean({
        default: false,
        description: 'With `format: "json"`, include `words` with start/end times in milliseconds.',
      }),
    ),
    callbackUrl: Type.Optional(
      Type.String({
        format: 'uri',
        description:
          'For long texts (jobs): recite POSTs the job record here when it completes or fails, signed with `Recite-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body">` using the account\'s webhook secret (GET /api/v1/usage); retried with backoff until a 2xx.',
      }),
    ),
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

export const ErrorBody = ErrorEnvelopeSchema;

export const SpeechEstimate = Type.Object({
  characters: Type.Integer({ description: 'Characters that would be billed (Unicode code points).' }),
  credits: Type.Integer({ description: 'Credits it would cost.' }),
  mode: Type.Union([Type.Literal('direct'), Type.Literal('job')], { description: 'Direct audio or a 202 job.' }),
  voice: Type.String(),
  estimated_duration_ms: Type.Integer(),
  balance: Type.Integer({ description: 'Spendable credits now.' }),
  sufficient: Type.Boolean({ description: 'Whether the balance covers it.' }),
});

export const JobStatusQuery = Type.Object({
  jobId: Type.String({ minLength: 1, maxLength: 64, description: 'The jobId from a 202 response.' }),
});

export const JobView = Type.Object(
  {
    jobId: Type.String(),
    status: Type.Union(['queued', 'running', 'retrying', 'completed', 'failed'].map((status) => Type.Literal(status))),
    progress: Type.Object({ percent: Type.Integer() }, { additionalProperties: true }),
    characters: Type.Integer(),
    credits: Type.Integer(),
    audioUrl: Type.Optional(Type.String({ description: 'Signed link to the MP3 (completed jobs); it expires.' })),
  },
  { additionalProperties: true },
);
