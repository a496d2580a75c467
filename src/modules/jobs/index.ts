import { Elysia } from 'elysia';
import { AppError } from '../../errors/index.ts';
import { documentErrors } from '../../errors/openapi.ts';
import type { Services } from '../../services.ts';
import { isStorageKey } from '../../../providers/storage/keys.ts';
import { checkFileSignature, FILES_PREFIX } from './service.ts';

/** Serves stored audio behind signed, expiring links (for storage that cannot presign, such as local files). */
export function filesModule(services: Services) {
  return new Elysia({ name: 'files' }).get(
    `${FILES_PREFIX}*`,
    async ({ request, query }) => {
      const url = new URL(request.url);
      // Malformed escapes (%E0%A4%A, a lone %) are a bad link, not a server error.
      const path = safeDecode(url.pathname);
      if (path === undefined) throw new AppError('invalid_request', 'This link is malformed.');
      if (!checkFileSignature(services, path, query.expires, query.signature)) {
        throw new AppError('forbidden', 'This link is invalid or has expired; poll the job again for a fresh one.');
      }
      const key = path.slice(FILES_PREFIX.length);
      // Only keys recite could have written (no .., backslash, NUL, leftover escapes) reach the store.
      if (!isStorageKey(key)) throw new AppError('not_found', 'The file no longer exists.');
      const range = parseRange(request.headers.get('range'));
      const object = await services.storage.get(key, range ? { range } : undefined).catch(() => {
        throw new AppError('unavailable', 'The audio storage could not be reached; please retry.', {
          headers: { 'retry-after': '30' },
        });
      });
      if (!object) throw new AppError('not_found', 'The file no longer exists.');
      const headers: Record<string, string> = {
        'content-type': object.contentType,
        'accept-ranges': 'bytes',
        'cache-control': 'private, max-age=300',
        'content-disposition': `inline; filename="${key.split('/').pop()}"`,
      };
      if (!range) return new Response(object.body, { headers: { ...headers, 'content-length': String(object.size) } });
      const end = Math.min(range.end ?? object.size, object.size);
      headers['content-range'] = `bytes ${range.start}-${end - 1}/${object.size}`;
      headers['content-length'] = String(end - range.start);
      return new Response(object.body, { status: 206, headers });
    },
    {
      detail: {
        tags: ['Files'],
        operationId: 'downloadFile',
        security: [],
        summary: 'Download stored audio',
        description: 'Signed links from the job record; no key needed. Supports byte ranges.',
        responses: {
          200: {
            description: 'The file.',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          206: { description: 'The requested byte range.' },
          ...documentErrors('forbidden', 'not_found'),
        },
      },
    },
  );
}

function safeDecode(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

/** `bytes=start-end` (inclusive end) -> { start, end exclusive }; anything else is ignored and the whole file sent. */
function parseRange(header: string | null): { start: number; end?: number } | undefined {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header ?? '');
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) + 1 : undefined;
  if (end !== undefined && end <= start) return undefined;
  return { start, end };
}
