import { CATALOG_LANGUAGES } from '../../../providers/language/detect.ts';
import { wordTimings } from '../../audio/captions.ts';
import { completeMp3, STREAM_MP3_KBPS } from '../../audio/complete-file.ts';
import type { EncodingOptions } from '../../audio/mp3-encoder-pool.ts';
import { durationMs } from '../../audio/narrate.ts';
import { narrateInParallel } from '../../audio/parallel-narrate.ts';
import type { Principal } from '../../auth/authenticate.ts';
import type { CreditHold } from '../../billing/credit-ledger.ts';
import { AppError } from '../../errors/index.ts';
import { countCharacters } from '../../lib/characters.ts';
import { creditsForCharacters } from '../../billing/pricing.ts';
import { parseJsonObject } from '../../lib/json-body.ts';
import type { Services } from '../../services.ts';
import { describeRejection, screenText } from '../../moderation/screen.ts';
import { resolveCallbackTarget } from '../webhooks/callback-target.ts';
import { NARRATION_TITLE_CHARACTERS, storeNarrationText, type NarrationJobInput } from '../../jobs/narration-job.ts';
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
  if (!('text' in fields) || fields.text === null)
    throw new AppError('invalid_request', 'The field `text` is required.');
  if (typeof fields.text !== 'string') throw new AppError('invalid_request', 'The field `text` must be a string.');
  if (fields.timestamps !== undefined && typeof fields.timestamps !== 'boolean')
    throw new AppError('invalid_request', 'The field `timestamps` must be true or false.');
  let callbackUrl: string | undefined;
  if (fields.callbackUrl !== undefined) {
    const url =
      typeof fields.callbackUrl === 'string' && fields.callbackUrl.length <= 2048
        ? URL.parse(fields.callbackUrl)
        : null;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      throw new AppError('invalid_request', 'The field `callbackUrl` must be an http(s) URL.');
    callbackUrl = url.href;
  }
  if (fields.delivery !== undefined && fields.delivery !== 'audio' && fields.delivery !== 'link')
    throw new AppError('invalid_request', 'The field `delivery` must be "audio" or "link".');
  for (const name of ['voice', 'speed', 'format', 'language'] as const) {
    if (fields[name] !== undefined && typeof fields[name] !== 'string')
      throw new AppError('invalid_request', `The field \`${name}\` must be a string.`);
  }
  const text = fields.text;
  const characters = countCharacters(text);
  if (characters > MAX_TEXT_CHARACTERS) {
    throw new AppError(
      'text_too_long',
      `The text has ${characters} characters; the limit is ${MAX_TEXT_CHARACTERS.toLocaleString('en-US')}.`,
    );
  }
  if (text.trim() === '') throw new AppError('invalid_request', 'The field `text` must contain something to say.');
  const voiceId = (fields.voice as string | undefined) ?? DEFAULT_VOICE_ID;
  const voice = findVoice(voiceId);
  if (!voice)
    throw new AppError(
      'invalid_voice',
      `Unknown voice "${truncate(voiceId)}". GET /api/v1/voices lists the valid ids.`,
    );
  const speed = (fields.speed as string | undefined) ?? 'normal';
  if (!(SPEEDS as readonly string[]).includes(speed))
    throw new AppError('invalid_speed', `Unknown speed "${truncate(speed)}"; use slow, normal or gentle.`);
  const language = fields.language as string | undefined;
  if (
    language !== undefined &&
    !(CATALOG_LANGUAGES as readonly string[]).includes(language.split('-')[0]!.toLowerCase())
  ) {
    throw new AppError(
      'invalid_request',
      `Unknown language "${truncate(language)}"; use one of ${CATALOG_LANGUAGES.join(', ')}.`,
    );
  }
  const format = (fields.format as string | undefined) ?? 'mp3';
  if (!(FORMATS as readonly string[]).includes(format))
    throw new AppError('invalid_request', `Unknown format "${truncate(format)}"; use mp3 or json.`);
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

/** Screenings one key may run at once; more are refused with 429 before any work, so one key cannot hog the CPU. */
export const SCREENINGS_PER_KEY = 2;
const screeningsInFlight = new Map<string, number>();

/**
 * What a paid request does before it is screened: the cheap refusals first (balance and key cap, read without
 * holding anything; the rate limit was checked at authentication), then screening with at most SCREENINGS_PER_KEY at
 * once per key. An account that cannot pay never costs the server a screening. The reservation that follows checks
 * balance and cap again, atomically.
 */
export async function screenBeforeCharging(
  services: Services,
  principal: Principal,
  request: { text: string; characters: number; credits: number },
  signal?: AbortSignal,
): Promise<void> {
  await assertCanPay(services, principal, request);
  const owner = principal.apiKeyId ?? principal.accountId;
  const running = screeningsInFlight.get(owner) ?? 0;
  if (running >= SCREENINGS_PER_KEY) {
    throw new AppError(
      'rate_limited',
      `This key already has ${running} texts being screened; retry when they have finished. Nothing was charged.`,
      { headers: { 'retry-after': '5' } },
    );
  }
  screeningsInFlight.set(owner, running + 1);
  try {
    await screenOrThrow(services, request.text, signal);
  } finally {
    const left = (screeningsInFlight.get(owner) ?? 1) - 1;
    if (left > 0) screeningsInFlight.set(owner, left);
    else screeningsInFlight.delete(owner);
  }
}

/** The 402s `reserveCredits` would give, without reserving. */
export async function assertCanPay(
  services: Services,
  principal: Principal,
  request: { characters: number; credits: number },
): Promise<void> {
  const cap =
    principal.monthlyCap !== undefined || !principal.apiKeyId
      ? (principal.monthlyCap ?? null)
      : ((await services.accounts.findKey(principal.apiKeyId))?.monthlyCapCharacters ?? null);
  await services.ledger.assertCanPay(principal, request, cap);
}

/** Screens the text before anything else happens to it; fails closed. */
export async function screenOrThrow(services: Services, text: string, signal?: AbortSignal): Promise<void> {
  const screening = await screenText(services.moderator, text, {
    signal,
    timeoutMs: services.config.moderationTimeoutMs,
  });
  if (screening.outcome === 'rejected')
    throw new AppError('content_rejected', describeRejection(screening.category), {
      details: { category: screening.category },
    });
  if (screening.outcome === 'unavailable') {
    services.logger.warn('moderation unavailable; request refused', {
      provider: services.moderator.id,
      reason: screening.reason,
    });
    throw new AppError(
      'moderation_unavailable',
      'Content screening is unavailable, so nothing was synthesised or charged. Please retry shortly.',
      { headers: { 'retry-after': '30' } },
    );
  }
}

/** Reserves credits or throws the 402 the ledger reported. */
export function reserveCredits(
  services: Services,
  principal: Principal,
  request: { characters: number; credits: number },
  product: 'speech' | 'narration_job' | 'playground' | 'presenter_video',
  holdMs = DIRECT_HOLD_MS,
): Promise<CreditHold> {
  return services.ledger.hold(principal, request, product, holdMs);
}

/** How a direct response is encoded and sent; MP3 streamed at a constant bitrate when absent. */
export interface DirectOutput {
  encoding?: EncodingOptions;
  contentType?: string;
  /** Send one complete file (with Content-Length) made from all the encoder's bytes, instead of streaming them. */
  complete?: (parts: Uint8Array[]) => Uint8Array<ArrayBuffer>;
}

/**
 * Synthesises a direct request, settling the reservation exactly once: captured when the audio has been delivered in
 * full, voided on any failure or client abort.
 *
 * A streamed MP3 is constant-bitrate: its length is not known when the first bytes leave, so there can be no Xing
 * frame, and a player estimating a CBR stream's length from its bytes gets it right. Complete files (`json`, and the
 * outputs that ask for `complete`) carry a Xing/Info frame instead.
 */
export async function synthesizeDirect(
  services: Services,
  request: ValidSpeechRequest,
  hold: CreditHold,
  signal: AbortSignal,
  output: DirectOutput = {},
): Promise<Response> {
  const events = request.format === 'json' && request.timestamps ? { words: true } : undefined;
  const complete = output.complete ?? (request.format === 'json' ? completeMp3 : undefined);
  const encoding = output.encoding ?? (complete ? {} : { bitrate: STREAM_MP3_KBPS });
  const narration = narrateInParallel(
    services.engine,
    services.encoders,
    {
      text: request.text,
      voice: request.voice,
      language: request.language,
      speed: request.speed,
      rateScale: request.rateScale,
      events,
      encoding,
    },
    {
      signal,
      parallelism: services.engine.capabilities.concurrency,
      segmentLength: DIRECT_SEGMENT_CHARACTERS,
    },
  );
  const iterator = narration.bytes[Symbol.asyncIterator]();
  const settle = (outcome: 'capture' | 'void', reason = ''): Promise<unknown> | undefined => {
    if (outcome === 'capture') return hold.capture();
    // Retried until it commits, so an I/O error does not keep the credits held until the reaper's next pass.
    hold.voidEventually(reason, (error, attempt) => {
      if (attempt === 0)
        services.logger.error('voiding a reservation failed; retrying', {
          reservationId: hold.reservationId,
          error: String(error),
        });
    });
    return undefined;
  };
  // An aborted request (client gone, or the server's shutdown grace over) gives its credits back at once, even when
  // its stream is paused and no read would notice the abort.
  signal.addEventListener('abort', () => settle('void', 'client_aborted'), { once: true });
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

  const contentType = output.contentType ?? 'audio/mpeg';
  if (complete) {
    const parts: Uint8Array[] = [];
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) parts.push(next.value);
    } catch (error) {
      fail(error);
    }
    const result = await narration.result;
    const file = complete(parts);
    await settle('capture');
    if (request.format !== 'json')
      return new Response(file, { headers: { ...headers, 'content-type': contentType, 'cache-control': 'no-store' } });
    const audio = Buffer.from(file.buffer, file.byteOffset, file.length).toString('base64');
    const words = events
      ? { words: wordTimings(request.text, result.events, result.sampleRate, result.decodedSamples) }
      : {};
    return Response.json(
      {
        audio,
        characters: request.characters,
        credits_charged: request.credits,
        duration_ms: durationMs(result.decodedSamples, result.sampleRate),
        ...words,
      },
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
    async start(controller) {
      if (first.done) {
        await settle('capture');
        controller.close();
      } else controller.enqueue(first.value);
    },
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) {
          await settle('capture');
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
  return new Response(body, { headers: { ...headers, 'content-type': contentType, 'cache-control': 'no-store' } });
}

/** Long narrations hold their credits until the job ends; the scheduler voids them if it fails for good. */
const JOB_HOLD_MS = 7 * 24 * 60 * 60 * 1000;

/** Thrown when the client went away before anything was reserved; nobody reads the answer, nothing was charged. */
function abandoned(): AppError {
  return new AppError('invalid_request', 'The client closed the request; nothing was queued or charged.', {
    status: 499,
  });
}

/** Resolves `work`, or rejects as soon as `signal` aborts (the work itself is left to its own deadline). */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(abandoned());
  let onAbort: () => void = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abandoned());
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

/**
 * Accepts a long text as a job: credits reserved now, captured when the MP3 is stored, voided if the job fails.
 * `signal` is the request's: a client that gave up (its timeout, a closed connection) gets nothing queued or charged,
 * however long the storage check took. The storage check itself has RECITE_STORAGE_TIMEOUT_MS.
 */
export async function enqueueNarration(
  services: Services,
  principal: Principal,
  request: ValidSpeechRequest,
  signal?: AbortSignal,
): Promise<Response> {
  if ((await services.scheduler.backlog('narration')) >= services.config.jobBacklogLimit) {
    throw new AppError(
      'unavailable',
      'Long narration is busy right now; please retry in a minute. Nothing was charged.',
      { status: 503, headers: { 'retry-after': '60' } },
    );
  }
  if (request.callbackUrl) {
    const target = await unlessAborted(
      resolveCallbackTarget(request.callbackUrl, { allowPrivate: services.config.webhookAllowPrivate }),
      signal,
    );
    if (!target.ok)
      throw new AppError('invalid_request', `The field \`callbackUrl\` is not allowed: ${target.reason}.`);
  }
  const storageUp = await unlessAborted(
    services.storage.healthy().catch(() => false),
    signal,
  );
  if (!storageUp)
    throw new AppError(
      'unavailable',
      'The narration storage could not be reached; please retry. Nothing was charged.',
      { status: 502 },
    );
  // Checked again right before the reservation: from here on the job is accepted, so an abort after this point comes
  // too late to cancel it (the client has its credits held and gets its job).
  if (signal?.aborted) throw abandoned();
  const hold = await reserveCredits(services, principal, request, 'narration_job', JOB_HOLD_MS);
  const jobId = services.ids('job');
  let textKey: string | undefined;
  try {
    textKey = await storeNarrationText(services.storage, jobId, request.text).catch((error) => {
      services.logger.warn('could not store a job text', { error: String(error) });
      throw new AppError(
        'unavailable',
        'The narration storage could not be reached; please retry. Nothing was charged.',
        {
          status: 502,
        },
      );
    });
    const input: NarrationJobInput = {
      textKey,
      title: request.text.slice(0, NARRATION_TITLE_CHARACTERS),
      voiceId: request.voice.id,
      language: request.language,
      speed: request.speed,
      characters: request.characters,
      credits: request.credits,
      callbackUrl: request.callbackUrl,
    };
    await services.scheduler.enqueue({
      id: jobId,
      kind: 'narration',
      input,
      accountId: principal.accountId,
      apiKeyId: principal.apiKeyId,
      reservationId: hold.reservationId,
      total: request.text.length,
    });
  } catch (error) {
    hold.voidEventually('enqueue_failed');
    if (textKey) void services.storage.delete(textKey).catch(() => {});
    throw error;
  }
  return Response.json(
    { jobId, status: 'queued', characters: request.characters, credits_reserved: request.credits },
    { status: 202, headers: { location: `/api/v1/tts?jobId=${jobId}` } },
  );
}
