import { escape } from './views.ts';

/** Ready-to-run snippets with the new key and this server's URL filled in; each is copyable on its own. */
export function quickstartSnippets(origin: string, key: string) {
  const curl = `curl -sS "${origin}/api/v1/tts" \\
  -H "Authorization: Bearer ${key}" \\
  -H "Content-Type: application/json" \\
  -d '{"text": "Hello from recite.", "voice": "std-aria"}' \\
  -o hello.mp3`;
  const node = `// npm install openai
import OpenAI from 'openai';
import { writeFile } from 'node:fs/promises';

const client = new OpenAI({ apiKey: '${key}', baseURL: '${origin}/v1' });
const speech = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello from recite.' });
await writeFile('hello.mp3', Buffer.from(await speech.arrayBuffer()));`;
  const python = `# pip install openai
from openai import OpenAI

client = OpenAI(api_key="${key}", base_url="${origin}/v1")
speech = client.audio.speech.create(model="tts-1", voice="alloy", input="Hello from recite.")
speech.write_to_file("hello.mp3")`;
  const mcpStdio = JSON.stringify(
    { mcpServers: { recite: { command: 'recite', args: ['mcp'], env: { RECITE_URL: origin, RECITE_API_KEY: key } } } },
    null,
    2,
  );
  const mcpHttp = JSON.stringify(
    { mcpServers: { recite: { type: 'http', url: `${origin}/mcp`, headers: { Authorization: `Bearer ${key}` } } } },
    null,
    2,
  );
  return { curl, node, python, mcpStdio, mcpHttp };
}

export function quickstartPanel(origin: string, key: string, name: string): string {
  const snippets = quickstartSnippets(origin, key);
  const block = (
    id: string,
    title: string,
    code: string,
    note = '',
  ) => `<div class="copy-row"><h3 id="${id}-title">${title}</h3>
    <button type="button" class="secondary small" data-copy="${id}" aria-describedby="${id}-title">Copy</button></div>
    <pre tabindex="0" aria-labelledby="${id}-title"><code id="${id}" data-testid="${id}">${escape(code)}</code></pre><p class="muted small" id="${id}-status" aria-live="polite">${note}</p>`;
  const tabs = [
    [
      'curl',
      'curl',
      block('qs-curl', 'curl: an MP3 in one request', snippets.curl, 'Writes hello.mp3 in the current folder.'),
    ],
    [
      'node',
      'Node.js',
      block(
        'qs-node',
        'Node.js with the openai client',
        snippets.node,
        'recite answers the OpenAI speech endpoint; its voice names map to recite voices.',
      ),
    ],
    ['python', 'Python', block('qs-python', 'Python with the openai client', snippets.python)],
    [
      'mcp',
      'MCP',
      `${block('qs-mcp-stdio', 'MCP over stdio (desktop assistants)', snippets.mcpStdio, 'Runs the recite binary as a local MCP server that calls this server with your key.')}
      ${block('qs-mcp-http', 'MCP over HTTP', snippets.mcpHttp, `Or point a client that speaks Streamable HTTP at ${escape(origin)}/mcp.`)}`,
    ],
  ];
  return `<section class="notice quickstart" aria-labelledby="new-key-heading"><h2 id="new-key-heading">New key: ${escape(name || 'unnamed')}</h2>
    <p>Copy it now; it is shown only once.</p>
    <p><span class="key" id="new-key" data-testid="new-key">${escape(key)}</span></p>
    <p><button type="button" class="secondary small" data-copy="new-key">Copy key</button> <span id="new-key-status" class="muted small" aria-live="polite"></span></p>
    <h2>Quickstart</h2><p class="muted small">Your key and this server's address are filled in.</p>
    <div class="tabs" role="tablist" aria-label="Quickstart language">${tabs.map(([id, label], index) => `<button type="button" role="tab" id="tab-${id}" aria-controls="panel-${id}" aria-selected="${index === 0}" tabindex="${index === 0 ? 0 : -1}" class="small${index === 0 ? '' : ' secondary'}">${label}</button>`).join('')}</div>
    ${tabs.map(([id, , body], index) => `<div class="tab-body" role="tabpanel" id="panel-${id}" aria-labelledby="tab-${id}"${index === 0 ? '' : ' hidden'}>${body}</div>`).join('')}
  </section>`;
}
