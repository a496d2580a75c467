import { CATALOG_LANGUAGES } from '../../../providers/language/detect.ts';
import { wordTimings } from '../../audio/captions.ts';
import { durationMs } from '../../audio/narrate.ts';
import { narrateInParallel } from '../../audio/parallel-narrate.ts';
import type { Principal } from '../../auth/authenticate.ts';
import { AppError } from '../../errors/index.ts';
import { countCharacters, creditsForCharacters } from '../../lib/characters.ts';
import { parseJsonObject } from '../../lib/json-body.ts';
import type { Services } from '../../services.ts';
import { describeRejection, screenText } from '../../moderation/screen.ts';
import type { NarrationJobInput } from '../jobs/narration-job.ts';
import { DEFAULT_VOICE_ID, findVoice, type CatalogVoice } from '../voices/catalog.ts';
import { FORMATS, MAX_TEXT_CHARACTERS, SPEEDS } from './model.ts';

export interface ValidSpeechRequest {
  text: string;
  voice: CatalogVoice;
  speed: (typeof SPEEDS)[number];
  format: (typeof FORMATS)[number];
  characters: number;
  credits: number;
  /** Forces one language for the whole text (multilingual voices otherwise detect it per sentence). */
  language?: string;
  /** Extra rate factor (OpenAI-compatible `speed`). */
  rateScale?: number;
  /** JSON responses include word timings. */
  timestamps?: boolean;
  /** Jobs: where to POST the outcome. */
  callbackUrl?: string;
  /** `link`: run as a job even when short, so the answer is a link rather than audio bytes. */
  delivery?: 'audio' | 'link';
}

/** A direct request's credits stay held this long at most; the reaper voids holds older than this after a crash. */
const DIRECT_HOLD_MS = 15 * 60 * 1000;
/** Direct texts longer than this are spread over the engine workers, in parts cut at sentence ends. */
const DIRECT_SEGMENT_CHARACTERS = 2_500;

/** Parses and checks a POST /api/v1/tts body, throwing the spec's error codes. */
export function parseSpeechRequest(raw: string): ValidSpeechRequest {
  const fields = parseJsonObject(raw);
  if (!('text' in fields) || fields.text === null) throw new AppError('invalid_request', 'The field `text` is required.');
  if (typeof fields.text !== 'string') throw new AppError('invalid_request', 'The field `text` must be a string.');
  if (fields.timestamps !== undefined && typeof fields.timestamps !== 'boolean') throw new AppError('invalid_request', 'The field `timestamps` must be true or false.');
  let callbackUrl: string | undefined;
  if (fields.callbackUrl !== undefined) {
    const url = typeof fields.callbackUrl === 'string' && fields.callbackUrl.length <= 2048 ? URL.parse(fields.callbackUrl) : null;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new AppError('invalid_request', 'The field `callbackUrl` must be an http(s) URL.');
    callbackUrl = url.href;
  }
  if (fields.delivery !== undefined && fields.delivery !== 'audio' && fields.delivery !== 'link') throw new AppError('invalid_request', 'The field `delivery` must be "audio" or "link".');
  for (const name of ['voice', 'speed', 'format', 'language'] as const) {
    if (fields[name] !== undefined && typeof fields[name] !== 'string') throw new AppError('invalid_request', `The field \`${name}\` must be a string.`);
  }
  const text = fields.text;
  const characters = countCharacters(text);
  if (characters > MAX_TEXT_CHARACTERS) {
    throw new AppError('text_too_long', `The text has ${characters} characters; the limit is ${MAX_TEXT_CHARACTERS.toLocaleString('en-US')}.`);
  }
  if (text.trim() === '') throw new AppError('invalid_request', 'The field `text` must contain something to say.');
  const voiceId = (fields.voice as string | undefined) ?? DEFAULT_VOICE_ID;
  const voice = findVoice(voiceId);
  if (!voice) throw new AppError('invalid_voice', `Unknown voice "${truncate(voiceId)}". GET /api/v1/voices lists the valid ids.`);
  const speed = (fields.speed as string | undefined) ?? 'normal';
  if (!(SPEEDS as readonly string[]).includes(speed)) throw new AppError('invalid_speed', `Unknown speed "${truncate(speed)}"; use slow, normal or gentle.`);
  const language = fields.language as string | undefined;
  if (language !== undefined && !(CATALOG_LANGUAGES as readonly string[]).includes(language.split('-')[0]!.toLowerCase())) {
    throw new AppError('invalid_request', `Unknown language "${truncate(language)}"; use one of ${CATALOG_LANGUAGES.join(', ')}.`);
  }
  const format = (fields.format as string | undefined) ?? 'mp3';
  if (!(FORMATS as readonly string[]).includes(format)) throw new AppError('invalid_request', `Unknown format "${truncate(format)}"; use mp3 or json.`);
  return {
    text,
    voice,
    speed: speed as ValidSpeechRequest['speed'],
    format: format as ValidSpeechRequest['format'],
    characters,
    credits: creditsForCharacters(characters),
    timestamps: fields.timestamps === true,
    callbackUrl,
    delivery: fields.delivery as ValidSpeechRequest['delivery'],
    ...(language !== undefined ? { language } : {}),
  };
}

function truncate(value: string): string {
  return value.length > 40 ? `${value.slice(0, 40)}…` : value;
}

/** Screens the text before anything else happens to it; fails closed. */
export async function screenOrThrow(services: Services, text: string, signal?: AbortSignal): Promise<void> {
  const screening = await screenText(services.moderator, text, { signal, timeoutMs: services.config.moderationTimeoutMs });
  if (screening.outcome === 'rejected') throw new AppError('content_rejected', describeRejection(screening.category), { details: { category: screening.category } });
  if (screening.outcome === 'unavailable') {
    services.logger.warn('moderation unavailable; request refused', { provider: services.moderator.id, reason: screening.reason });
    throw new AppError('moderation_unavailable', 'Content screening is unavailable, so nothing was synthesised or charged. Please retry shortly.', { headers: { 'retry-after': '30' } });
  }
}

/** Reserves credits or throws the 402 the ledger reported. */
export function reserveCredits(services: Services, principal: Principal, request: { characters: number; credits: number }, product: 'speech' | 'narration_job' | 'playground' | 'presenter_video', holdMs = DIRECT_HOLD_MS): string {
  const outcome = services.ledger.reserve({ accountId: principal.accountId, apiKeyId: principal.apiKeyId, product, characters: request.characters, credits: request.credits, holdMs });
  if (outcome.ok) return outcome.reservationId;
  if (outcome.code === 'key_cap_exceeded') {
    throw new AppError('key_cap_exceeded', `This request (${request.characters} characters) would pass the key's monthly cap of ${outcome.cap} characters (${outcome.used} used this month).`);
  }
  throw new AppError('insufficient_credits', `This request needs ${outcome.required} credits; the balance is ${outcome.balance}.`, {
    details: { required: outcome.required, balance: outcome.balance },
  });
}

/**
 * Synthesises a direct request, settling the reservation exactly once: captured when the audio has been delivered in
 * full, voided on any failure or client abort.
 */
export async function synthesizeDirect(services: Services, request: ValidSpeechRequest, reservationId: string, signal: AbortSignal): Promise<Response> {
  const events = request.format === 'json' && request.timestamps ? { words: true } : undefined;
  const narration = narrateInParallel(services.engine, services.encoders, { text: request.text, voice: request.voice, language: request.language, speed: request.speed, rateScale: request.rateScale, events }, {
    signal,
    parallelism: services.engine.capabilities.concurrency,
    segmentLength: DIRECT_SEGMENT_CHARACTERS,
  });
  const iterator = narration.bytes[Symbol.asyncIterator]();
  let settled = false;
  const settle = (outcome: 'capture' | 'void', reason = '') => {
    if (settled) return;
    settled = true;
    if (outcome === 'capture') services.ledger.capture(reservationId);
    else services.ledger.void(reservationId, reason);
  };
  const fail = (error: unknown): never => {
    settle('void', signal.aborted ? 'client_aborted' : 'synthesis_failed');
    if (error instanceof AppError) throw error;
    services.logger.error('synthesis failed', { error: String(error) });
    throw new AppError('synthesis_failed', 'Speech synthesis failed; nothing was charged. Please retry.');
  };

  const headers = {
    'x-characters': String(request.characters),
    'x-credits-charged': String(request.credits),
  };

  if (request.format === 'json') {
    const parts: Uint8Array[] = [];
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) parts.push(next.value);
    } catch (error) {
      fail(error);
    }
    const result = await narration.result;
    const audio = Buffer.concat(parts).toString('base64');
    settle('capture');
    const words = events ? { words: wordTimings(request.text, result.events, result.sampleRate, result.decodedSamples) } : {};
    return Response.json(
      { audio, characters: request.characters, credits_charged: request.credits, duration_ms: durationMs(result.decodedSamples, result.sampleRate), ...words },
      { headers },
    );
  }

  // Wait for the first bytes before committing to 200, so an engine that fails at once still gets a 502 envelope.
  let first: IteratorResult<Uint8Array>;
  try {
    first = await iterator.next();
  } catch (error) {
    return fail(error);
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) {
        settle('capture');
        controller.close();
      } else controller.enqueue(first.value);
    },
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) {
          settle('capture');
          controller.close();
        } else controller.enqueue(next.value);
      } catch (error) {
        settle('void', 'synthesis_failed');
        services.logger.error('synthesis failed mid-stream', { error: String(error) });
        controller.error(error);
      }
    },
    async cancel() {
      settle('void', 'client_aborted');
      await iterator.return?.();
    },
  });
  return new Response(body, { headers: { ...headers, 'content-type': 'audio/mpeg', 'cache-control': 'no-store' } });
}

/** Long narrations hold their credits until the job ends; the scheduler voids them if it fails for good. */
const JOB_HOLD_MS = 7 * 24 * 60 * 60 * 1000;

/** Accepts a long text as a job: credits reserved now, captured when the MP3 is stored, voided if the job fails. */
export async function enqueueNarration(services: Services, principal: Principal, request: ValidSpeechRequest): Promise<Response> {
  if (services.scheduler.backlog('narration') >= services.config.jobBacklogLimit) {
    throw new AppError('unavailable', 'Long narration is busy right now; please retry in a minute. Nothing was charged.', { status: 503, headers: { 'retry-after': '60' } });
  }
  const storageUp = await services.storage.healthy().catch(() => false);
  if (!storageUp) throw new AppError('unavailable', 'The narration storage could not be reached; please retry. Nothing was charged.', { status: 502 });
  const reservationId = reserveCredits(services, principal, request, 'narration_job', JOB_HOLD_MS);
  let jobId: string;
  try {
    const input: NarrationJobInput = { text: request.text, voiceId: request.voice.id, language: request.language, speed: request.speed, characters: request.characters, credits: request.credits, callbackUrl: request.callbackUrl };
    jobId = services.scheduler.enqueue({ kind: 'narration', input, accountId: principal.accountId, apiKeyId: principal.apiKeyId, reservationId, total: request.text.length }).id;
  } catch (error) {
    services.ledger.void(reservationId, 'enqueue_failed');
    throw error;
  }
  return Response.json({ jobId, status: 'queued', characters: request.characters, credits_reserved: request.credits }, { status: 202, headers: { location: `/api/v1/tts?jobId=${jobId}` } });
}
