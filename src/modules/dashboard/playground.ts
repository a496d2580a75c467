import { AppError, errorResponse } from '../../errors/index.ts';
import type { Services } from '../../services.ts';
import { parseSpeechRequest, screenOrThrow, synthesizeDirect } from '../tts/service.ts';
import { type CatalogVoice, DEFAULT_VOICE_ID, VOICES } from '../voices/catalog.ts';
import { escape, scriptJson } from './views.ts';

export const PLAYGROUND_MAX_CHARACTERS = 300;

/** Readable messages for the API's error codes, shown in the page. */
const MESSAGES: Record<string, string> = {
  insufficient_credits: 'Not enough credits left for this text.',
  content_rejected: 'This text is outside the content policy, so it was not spoken (and nothing was charged).',
  moderation_unavailable: 'Content screening is down right now, so nothing can be spoken. Try again in a minute.',
  invalid_voice: 'Pick a voice from the list.',
  invalid_speed: 'Pick a speed from the list.',
  invalid_request: 'Type something to hear.',
  text_too_long: 'The playground speaks up to 300 characters.',
  synthesis_failed: 'Speech synthesis failed; nothing was charged. Try again.',
  unauthorized: 'Your session has ended; sign in again.',
  forbidden: 'Reload the page and try again.',
  rate_limited: 'Slow down a little and try again.',
};

export function playgroundPage(csrf: string, balance: number, accountId: string): string {
  // Grouped by language straight from the catalog, so voices added there (any engine) appear here unchanged.
  const byLanguage = new Map<string, CatalogVoice[]>();
  for (const voice of VOICES)
    byLanguage.set(voice.languageName, [...(byLanguage.get(voice.languageName) ?? []), voice]);
  const defaultLanguage = VOICES.find((voice) => voice.id === DEFAULT_VOICE_ID)?.languageName;
  const groups = [...byLanguage.entries()]
    // The default voice's language first, then the rest alphabetically.
    .sort(([a], [b]) =>
      (a === defaultLanguage) === (b === defaultLanguage) ? a.localeCompare(b) : a === defaultLanguage ? -1 : 1,
    )
    .map(([language, voices], group) => {
      const items = voices
        .map((voice) => {
          const id = `voice-${escape(voice.id)}`;
          return `<div class="voice"><input type="radio" name="voice" id="${id}" value="${escape(voice.id)}" data-name="${escape(voice.name)}"${voice.id === DEFAULT_VOICE_ID ? ' checked' : ''}>
            <label for="${id}"><span>${escape(voice.name)}</span><span class="muted small">${escape(voice.description)}</span></label>
            <button type="button" class="secondary small" data-preview="/api/v1/voices/${escape(voice.id)}/sample.mp3" aria-label="Preview ${escape(voice.name)}">Preview</button></div>`;
        })
        .join('');
      return `<fieldset><legend id="language-${group}">${escape(language)}</legend>${items}</fieldset>`;
    })
    .join('');
  return `<h1>Playground</h1>
  <form id="playground" data-csrf="${escape(csrf)}" data-account="${escape(accountId)}" novalidate>
  <section>
    <p class="muted">Hear any voice without an API key. Spoken text uses your account's credits: <strong id="balance" data-credits="${balance}">${balance.toLocaleString('en-US')}</strong> left, 1 credit per 10 characters.</p>
    <label for="text">Text</label>
    <textarea id="text" name="text" maxlength="${PLAYGROUND_MAX_CHARACTERS}" aria-describedby="counter" required>Once upon a time, in a quiet harbour town, a lighthouse keeper told stories to the stars.</textarea>
    <div id="counter" class="muted small counter" aria-live="polite"></div>
    <div class="row"><div><label for="speed">Speed</label><select id="speed" name="speed"><option value="normal">Normal</option><option value="slow">Slow</option><option value="gentle">Gentle</option></select></div>
    <div><button type="submit" id="speak">Speak</button> <span class="muted small" id="chosen-voice" aria-live="polite"></span></div></div>
    <p id="status" role="alert" class="error"></p>
  </section>
  <section aria-labelledby="voices-heading"><h2 id="voices-heading">Voice</h2>
    <p class="muted small">${VOICES.length} voices in ${byLanguage.size} languages. Preview plays a short sample and costs nothing.</p>
    <div class="voices">${groups}</div>
    <audio id="preview" controls hidden></audio>
  </section>
  </form>
  <section aria-labelledby="takes-heading"><h2 id="takes-heading">Your takes</h2>
    <p class="muted small">Your last 10 takes, kept in this browser until you sign out. The word being spoken is highlighted as a take plays.</p>
    <ol class="list" id="takes" aria-live="polite"><li id="takes-empty" class="empty"><p><strong>No takes yet.</strong></p><p class="muted">Type some text above, pick a voice and press Speak.</p></li></ol>
  </section>
  <script type="application/json" id="playground-messages">${scriptJson(MESSAGES)}</script>`;
}

/** Speaks up to 300 characters for a signed-in account: same checks, screening and ledger as the API, no key. */
export async function speakInPlayground(
  services: Services,
  accountId: string,
  raw: string,
  signal: AbortSignal,
): Promise<Response> {
  try {
    const speech = parseSpeechRequest(raw);
    if (speech.characters > PLAYGROUND_MAX_CHARACTERS)
      throw new AppError('text_too_long', `The playground speaks up to ${PLAYGROUND_MAX_CHARACTERS} characters.`);
    await screenOrThrow(services, speech.text, signal);
    const hold = await services.ledger.hold({ accountId, apiKeyId: null }, speech, 'playground', 15 * 60 * 1000);
    // JSON with word timings, so the page can highlight each word as it is spoken.
    return await synthesizeDirect(services, { ...speech, format: 'json', timestamps: true }, hold, signal);
  } catch (error) {
    if (error instanceof AppError) return errorResponse(error);
    throw error;
  }
}
