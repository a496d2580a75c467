import { completeMp3 } from '../../audio/complete-file.ts';
import { AppError, errorResponse } from '../../errors/index.ts';
import type { Services } from '../../services.ts';
import { parseSpeechRequest, screenOrThrow, synthesizeDirect } from '../tts/service.ts';
import { VOICES } from '../voices/catalog.ts';
import { escape } from './views.ts';

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

export function playgroundPage(csrf: string, balance: number): string {
  const byLanguage = new Map<string, typeof VOICES[number][]>();
  for (const voice of VOICES) byLanguage.set(voice.languageName, [...(byLanguage.get(voice.languageName) ?? []), voice]);
  const options = [...byLanguage.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([language, voices]) => `<optgroup label="${escape(language)}">${voices.map((voice) => `<option value="${escape(voice.id)}"${voice.id === 'std-aria' ? ' selected' : ''} data-sample="/api/v1/voices/${escape(voice.id)}/sample.mp3">${escape(voice.name)} — ${escape(voice.description)}</option>`).join('')}</optgroup>`)
    .join('');
  return `<h1>Playground</h1><section>
  <p class="muted">Hear any voice without an API key. Spoken text uses your account's credits (<span data-testid="balance">${balance.toLocaleString('en-US')}</span> left; 1 credit per 10 characters).</p>
  <form id="playground" novalidate>
    <div class="row"><div><label for="voice">Voice</label><select id="voice" name="voice">${options}</select></div>
    <div><label for="speed">Speed</label><select id="speed" name="speed"><option value="normal">Normal</option><option value="slow">Slow</option><option value="gentle">Gentle</option></select></div></div>
    <p><button type="button" class="secondary" id="sample">Play voice sample</button></p>
    <label for="text">Text</label>
    <textarea id="text" name="text" maxlength="${PLAYGROUND_MAX_CHARACTERS}" aria-describedby="counter" required>Once upon a time, in a quiet harbour town, a lighthouse keeper told stories to the stars.</textarea>
    <div id="counter" class="muted" aria-live="polite"></div>
    <p><button type="submit" id="speak">Speak</button></p>
    <p id="status" role="alert" class="error"></p>
    <audio id="player" controls hidden></audio>
  </form></section>
  <script>
  (() => {
    const csrf = ${JSON.stringify(csrf)};
    const messages = ${JSON.stringify(MESSAGES)};
    const text = document.getElementById('text'), counter = document.getElementById('counter'), status = document.getElementById('status');
    const player = document.getElementById('player'), voice = document.getElementById('voice'), speed = document.getElementById('speed');
    const count = () => { counter.textContent = [...text.value].length + ' / ${PLAYGROUND_MAX_CHARACTERS} characters'; };
    text.addEventListener('input', count); count();
    const play = (src) => { player.hidden = false; player.src = src; player.play().catch(() => {}); };
    document.getElementById('sample').addEventListener('click', () => play(voice.selectedOptions[0].dataset.sample));
    document.getElementById('playground').addEventListener('submit', async (event) => {
      event.preventDefault();
      status.textContent = ''; const button = document.getElementById('speak'); button.disabled = true; button.textContent = 'Speaking…';
      try {
        const response = await fetch('/playground/speak', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify({ text: text.value, voice: voice.value, speed: speed.value }) });
        if (!response.ok) { const body = await response.json().catch(() => ({})); status.textContent = messages[body?.error?.code] || body?.error?.message || 'Something went wrong.'; return; }
        play(URL.createObjectURL(await response.blob()));
      } catch { status.textContent = 'The server could not be reached.'; }
      finally { button.disabled = false; button.textContent = 'Speak'; }
    });
  })();
  </script>`;
}

/** Speaks up to 300 characters for a signed-in account: same checks, screening and ledger as the API, no key. */
export async function speakInPlayground(services: Services, accountId: string, raw: string, signal: AbortSignal): Promise<Response> {
  try {
    const speech = parseSpeechRequest(raw);
    if (speech.characters > PLAYGROUND_MAX_CHARACTERS) throw new AppError('text_too_long', `The playground speaks up to ${PLAYGROUND_MAX_CHARACTERS} characters.`);
    await screenOrThrow(services, speech.text, signal);
    const outcome = services.ledger.reserve({ accountId, apiKeyId: null, product: 'playground', characters: speech.characters, credits: speech.credits, holdMs: 15 * 60 * 1000 });
    if (!outcome.ok) throw new AppError(outcome.code, outcome.code === 'insufficient_credits' ? 'Not enough credits.' : 'Monthly cap reached.');
    // A take is played from a Blob once complete, so it is sent whole, with its Xing/Info frame.
    return await synthesizeDirect(services, { ...speech, format: 'mp3' }, outcome.reservationId, signal, { complete: completeMp3 });
  } catch (error) {
    if (error instanceof AppError) return errorResponse(error);
    throw error;
  }
}
