// Behaviour for the dashboard pages, served as /assets/dashboard.js so the pages need no inline script (CSP: 'self').
// Plain browser JavaScript, no build step; every page loads it and each part starts only when its markup is present.
(() => {
  const byId = (id) => document.getElementById(id);

  // Navigation menu on narrow screens.
  const menu = document.querySelector('.menu-button');
  if (menu) {
    const header = menu.closest('header');
    const set = (open) => {
      header.classList.toggle('open', open);
      menu.setAttribute('aria-expanded', String(open));
    };
    menu.addEventListener('click', () => set(menu.getAttribute('aria-expanded') !== 'true'));
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && menu.getAttribute('aria-expanded') === 'true') {
        set(false);
        menu.focus();
      }
    });
  }

  // Playground takes are stored in this browser; signing out removes them, so a shared computer keeps none.
  const TAKES_DATABASE = 'recite-playground';
  document.querySelector('form[action="/logout"]')?.addEventListener('submit', () => {
    try {
      indexedDB.deleteDatabase(TAKES_DATABASE);
    } catch {
      // Storage may be disabled; then nothing was stored either.
    }
  });

  // Copy buttons: data-copy names the element whose text is copied.
  for (const button of document.querySelectorAll('[data-copy]')) {
    button.addEventListener('click', async () => {
      const source = byId(button.dataset.copy);
      const status = byId(`${button.dataset.copy}-status`);
      try {
        await navigator.clipboard.writeText(source.textContent);
        if (status) status.textContent = 'Copied.';
      } catch {
        const range = document.createRange();
        range.selectNodeContents(source);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        if (status) status.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
      }
    });
  }

  // Quickstart tabs: buttons with aria-controls show one panel of the group.
  for (const list of document.querySelectorAll('[role="tablist"]')) {
    const tabs = [...list.querySelectorAll('[role="tab"]')];
    const show = (tab) => {
      for (const other of tabs) {
        const selected = other === tab;
        other.setAttribute('aria-selected', String(selected));
        other.tabIndex = selected ? 0 : -1;
        other.classList.toggle('secondary', !selected);
        byId(other.getAttribute('aria-controls')).hidden = !selected;
      }
    };
    tabs.forEach((tab, index) => {
      tab.addEventListener('click', () => show(tab));
      tab.addEventListener('keydown', (event) => {
        const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
        if (!step) return;
        const next = tabs[(index + step + tabs.length) % tabs.length];
        show(next);
        next.focus();
      });
    });
  }

  // Narrations: poll while any job is unfinished and swap in the rows that changed.
  const jobs = byId('jobs');
  if (jobs) {
    const unfinished = () =>
      jobs.querySelector('[data-status="queued"],[data-status="running"],[data-status="retrying"]');
    const poll = async () => {
      if (!unfinished()) return;
      try {
        const response = await fetch('/dashboard/jobs.json', { headers: { accept: 'application/json' } });
        if (response.ok) {
          const { jobs: list } = await response.json();
          for (const job of list) {
            const row = jobs.querySelector(`[data-job="${CSS.escape(job.id)}"]`);
            if (!row) continue;
            if (row.dataset.version !== job.version) {
              const template = document.createElement('template');
              template.innerHTML = job.html;
              row.replaceWith(template.content);
            }
          }
        }
      } catch {
        // A dropped poll is retried on the next tick.
      }
      setTimeout(poll, 1500);
    };
    setTimeout(poll, 1500);
  }

  // Playground.
  const form = byId('playground');
  if (!form) return;
  const text = byId('text');
  const counter = byId('counter');
  const status = byId('status');
  const preview = byId('preview');
  const takes = byId('takes');
  const limit = Number(text.maxLength);
  const messages = JSON.parse(byId('playground-messages').textContent);
  const csrf = form.dataset.csrf;
  const count = () => {
    const length = [...text.value].length;
    counter.textContent = `${length} / ${limit} characters`;
    counter.classList.toggle('over', length > limit);
  };
  text.addEventListener('input', count);
  count();

  for (const button of document.querySelectorAll('[data-preview]')) {
    button.addEventListener('click', () => {
      preview.src = button.dataset.preview;
      preview.play().catch(() => {});
      status.textContent = '';
    });
  }

  const selectedVoice = () => form.querySelector('input[name="voice"]:checked');
  const chosen = byId('chosen-voice');
  const showChosen = () => {
    const voice = selectedVoice();
    chosen.textContent = voice
      ? `Voice: ${voice.dataset.name} (${voice.closest('fieldset').querySelector('legend').textContent})`
      : 'Pick a voice below.';
  };
  form.addEventListener('change', showChosen);
  showChosen();
  let takeNumber = 0;

  /** The text as spans, one per timed word, so the word being spoken can be marked while the take plays. */
  const wordsView = (source, words) => {
    const paragraph = document.createElement('p');
    paragraph.className = 'words';
    let position = 0;
    const spans = [];
    for (const word of words) {
      if (word.offset > position) paragraph.append(source.slice(position, word.offset));
      const span = document.createElement('span');
      span.textContent = source.slice(word.offset, word.offset + word.word.length);
      paragraph.append(span);
      spans.push({ span, start: word.start_ms, end: word.end_ms });
      position = word.offset + word.word.length;
    }
    if (position < source.length) paragraph.append(source.slice(position));
    return { paragraph, spans };
  };

  const follow = (audio, spans) => {
    let current;
    const mark = () => {
      const now = audio.currentTime * 1000;
      const next = spans.find((entry) => now >= entry.start && now < entry.end);
      if (next !== current) {
        current?.span.classList.remove('spoken');
        next?.span.classList.add('spoken');
        current = next;
      }
      if (!audio.paused && !audio.ended) requestAnimationFrame(mark);
    };
    audio.addEventListener('play', () => requestAnimationFrame(mark));
    audio.addEventListener('seeked', mark);
    audio.addEventListener('ended', () => {
      current?.span.classList.remove('spoken');
      current = undefined;
    });
  };

  // Takes survive a reload in this browser's IndexedDB, kept per account; signing out deletes them (see above).
  const account = form.dataset.account;
  const database = new Promise((resolve) => {
    try {
      const request = indexedDB.open(TAKES_DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('takes', { keyPath: 'key' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
  const withStore = async (mode, work) => {
    const db = await database;
    if (!db) return undefined;
    return new Promise((resolve) => {
      const transaction = db.transaction('takes', mode);
      const request = work(transaction.objectStore('takes'));
      transaction.oncomplete = () => resolve(request?.result);
      transaction.onerror = () => resolve(undefined);
    });
  };

  const renderTake = (take) => {
    const bytes = Uint8Array.from(atob(take.audio), (character) => character.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: 'audio/mpeg' }));
    const item = document.createElement('li');
    item.className = 'take';
    item.dataset.take = String(take.number);
    const heading = document.createElement('div');
    heading.className = 'job-head';
    const title = document.createElement('span');
    title.className = 'job-title';
    title.textContent = `Take ${take.number} · ${take.voiceName}`;
    const meta = document.createElement('span');
    meta.className = 'muted small';
    meta.textContent = `${(take.duration_ms / 1000).toFixed(1)} s · ${take.characters} characters · ${take.credits_charged} credits`;
    heading.append(title, meta);
    const { paragraph, spans } = wordsView(take.text, take.words ?? []);
    const audio = document.createElement('audio');
    audio.controls = true;
    audio.src = url;
    audio.setAttribute('aria-label', `Take ${take.number}`);
    follow(audio, spans);
    const download = document.createElement('a');
    download.href = url;
    download.download = `recite-take-${take.number}.mp3`;
    download.className = 'button secondary small';
    download.textContent = `Download take ${take.number} (MP3)`;
    const downloads = document.createElement('div');
    downloads.className = 'downloads';
    downloads.append(download);
    item.append(heading, paragraph, audio, downloads);
    byId('takes-empty')?.remove();
    takes.prepend(item);
    // The last 10 takes stay; older ones free their audio.
    for (const old of [...takes.querySelectorAll('li.take')].slice(10)) {
      URL.revokeObjectURL(old.querySelector('audio').src);
      old.remove();
    }
    return audio;
  };

  const addTake = (source, voiceName, body) => {
    takeNumber += 1;
    const take = { key: `${account}:${takeNumber}`, account, number: takeNumber, text: source, voiceName, ...body };
    withStore('readwrite', (store) => store.put(take)).then(() =>
      withStore('readwrite', (store) => {
        const cutoff = takeNumber - 10;
        for (let number = Math.max(1, cutoff - 10); number <= cutoff; number++) store.delete(`${account}:${number}`);
      }),
    );
    return renderTake(take);
  };

  withStore('readonly', (store) => store.getAll()).then((stored) => {
    const mine = (stored ?? [])
      .filter((take) => take.account === account)
      .sort((a, b) => a.number - b.number)
      .slice(-10);
    for (const take of mine) if (!takes.querySelector(`[data-take="${take.number}"]`)) renderTake(take);
    takeNumber = Math.max(takeNumber, ...mine.map((take) => take.number));
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    status.textContent = '';
    const voice = selectedVoice();
    if (!voice) {
      status.textContent = messages.invalid_voice;
      return;
    }
    const button = byId('speak');
    button.disabled = true;
    button.textContent = 'Speaking…';
    try {
      const response = await fetch('/playground/speak', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ text: text.value, voice: voice.value, speed: byId('speed').value }),
      });
      const body = await response.json().catch(() => ({}));
      if (!response.ok) {
        status.textContent = messages[body?.error?.code] || body?.error?.message || 'Something went wrong.';
        return;
      }
      const balance = byId('balance');
      if (balance && Number.isFinite(Number(balance.dataset.credits))) {
        const left = Number(balance.dataset.credits) - body.credits_charged;
        balance.dataset.credits = String(left);
        balance.textContent = left.toLocaleString('en-US');
      }
      const audio = addTake(text.value, voice.dataset.name, body);
      audio.play().catch(() => {});
    } catch {
      status.textContent = 'The server could not be reached.';
    } finally {
      button.disabled = false;
      button.textContent = 'Speak';
    }
  });
})();
