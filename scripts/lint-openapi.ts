/**
 * Writes the OpenAPI document the app serves at /openapi.json and lints it with Redocly's recommended rules, offline.
 * `npm run lint:openapi [-- out.json]`; scripts/test.sh runs the same check through test/api-pipeline.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';
import { silentLogger } from '../src/lib/logger.ts';
import { createServices } from '../src/services.ts';

const directory = mkdtempSync(join(tmpdir(), 'recite-openapi-'));
const services = createServices(
  loadConfig({ RECITE_DATABASE: join(directory, 'recite.db'), RECITE_STORAGE: `file:${join(directory, 'audio')}` }),
  { logger: silentLogger },
);
let status = 1;
try {
  const response = await createApp(services).handle(new Request('http://localhost/openapi.json'));
  const file = process.argv[2] ?? join(directory, 'openapi.json');
  writeFileSync(file, JSON.stringify(await response.json(), null, 2));
  const lint = spawnSync(
    join(import.meta.dir, '../node_modules/.bin/redocly'),
    ['lint', '--extends', 'recommended', file],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  status = lint.status ?? 1;
} finally {
  await services.stop();
  rmSync(directory, { recursive: true, force: true });
}
process.exit(status);
