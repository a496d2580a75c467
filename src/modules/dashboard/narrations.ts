import type { JobRecord } from '../../scheduler/scheduler.ts';
import type { Services } from '../../services.ts';
import { jobView } from '../jobs/service.ts';
import { findVoice } from '../voices/catalog.ts';
import { escape } from './views.ts';

/** Characters of each job's text read for its title; the rest of a long text never leaves the database. */
export const TITLE_CHARACTERS = 80;

/** The first words of the text, cut at a word boundary. */
export function narrationTitle(text: string | undefined): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!clean) return 'Untitled narration';
  if (clean.length <= 60) return clean;
  const cut = clean.slice(0, 60);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

const clockTime = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

export interface NarrationRow {
  id: string;
  status: string;
  /** Changes whenever the row's HTML would: the page swaps only rows whose version moved. */
  version: string;
  html: string;
}

export async function narrationRow(services: Services, job: JobRecord, origin: string): Promise<NarrationRow> {
  const view = (await jobView(services, job, origin)) as Record<string, any>;
  const input = JSON.parse(job.input) as { text?: string | null; title?: string };
  const title = narrationTitle(input.title ?? input.text ?? undefined);
  const voice = findVoice(String(view.voice));
  const percent = Number(view.progress.percent);
  const status = String(view.status);
  const finished = status === 'completed' || status === 'failed';
  const label = `“${escape(title)}”`;
  const downloads = view.audioUrl
    ? `<audio controls preload="none" src="${escape(view.audioUrl)}" aria-label="Play ${label}"></audio>
      <div class="downloads"><a class="button secondary small" href="${escape(view.audioUrl)}" download>Download MP3<span class="visually-hidden"> of ${label}</span></a>
      ${
        view.captions
          ? `<a class="button secondary small" href="${escape(view.captions.vtt)}" download>WebVTT captions<span class="visually-hidden"> of ${label}</span></a>
      <a class="button secondary small" href="${escape(view.captions.srt)}" download>SRT captions<span class="visually-hidden"> of ${label}</span></a>`
          : ''
      }</div>`
    : '';
  const progress = finished
    ? ''
    : `<progress max="100" value="${percent}" aria-label="Progress of ${label}">${percent}%</progress>
      <span class="small muted" data-testid="progress">${percent}% · ${Number(view.progress.characters_done).toLocaleString('en-US')} of ${Number(view.progress.characters_total).toLocaleString('en-US')} characters</span>`;
  const html = `<li data-job="${escape(job.id)}" data-status="${escape(status)}" data-version="${escape(`${status}:${percent}`)}">
    <div class="job-head"><span class="job-title">${escape(title)}</span><span class="badge ${escape(status)}" data-testid="status">${escape(status)}</span></div>
    <div class="meta"><span>Voice: ${escape(voice?.name ?? view.voice)}</span><span>Length: ${view.duration_ms ? clockTime(Number(view.duration_ms)) : '—'}</span>
      <span>${Number(view.characters).toLocaleString('en-US')} characters</span><span>${Number(view.credits).toLocaleString('en-US')} credits</span>
      <span>${escape(String(view.created_at).slice(0, 16).replace('T', ' '))} UTC</span></div>
    ${progress}${status === 'failed' ? `<p class="error small">${escape(view.error?.message ?? 'Failed.')}</p>` : ''}${downloads}</li>`;
  return { id: job.id, status, version: `${status}:${percent}`, html };
}

export async function narrationRows(services: Services, accountId: string, origin: string): Promise<NarrationRow[]> {
  const jobs = await services.scheduler.listForAccount(accountId, 'narration', 50, {
    clipInput: { text: TITLE_CHARACTERS },
  });
  return Promise.all(jobs.map((job) => narrationRow(services, job, origin)));
}

export function narrationsBody(rows: NarrationRow[], origin: string): string {
  const list = rows.length
    ? `<ul class="list" id="jobs">${rows.map((row) => row.html).join('')}</ul>`
    : `<div class="empty" id="jobs"><p><strong>No narrations yet.</strong></p><p class="muted">Texts over the direct limit, or sent with <code>"delivery": "link"</code>, run as jobs and appear here with live progress, a player and MP3 and caption downloads.</p>
      <pre tabindex="0" aria-label="Example request">${escape(`curl -sS "${origin}/api/v1/tts" -H "Authorization: Bearer $RECITE_API_KEY" \\\n  -H "Content-Type: application/json" \\\n  -d '{"text": "A long chapter…", "delivery": "link"}'`)}</pre></div>`;
  return `<h1>Narrations</h1><section aria-labelledby="narrations-heading"><h2 id="narrations-heading" class="visually-hidden">Your narrations</h2>
    <p class="muted">Long texts submitted through the API run as jobs. This page updates by itself while a job runs.</p>${list}</section>`;
}
