/**
 * Greps the logs of a whole test run (scripts/test.sh sets TEST_LOG_FILE) for secrets: API keys, Bearer
 * credentials, webhook secrets, session cookies and the passwords the tests use. Exits 1 naming each kind found.
 * An empty log also fails, since it would prove nothing.
 */
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: bun scripts/check-log-secrets.ts <log file>');
  process.exit(2);
}
const text = readFileSync(file, 'utf8');
const lines = text.split('\n').filter(Boolean);
const PATTERNS: [string, RegExp][] = [
  ['API key', /ksk_(?:live|test)_(?!\[redacted\])[A-Za-z0-9]{6,}/],
  ['Bearer credential', /Bearer\s+(?!\[redacted\])[A-Za-z0-9._~+/=-]{8,}/i],
  ['webhook secret', /whsec_(?!\[redacted\])[A-Za-z0-9_-]{8,}/],
  ['session cookie', /(?:__Host-)?recite_session=[A-Za-z0-9_-]{8,}/],
  ['password', /correct horse battery|"password":"(?!\[redacted\])/],
];
const found = PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
if (lines.length === 0) {
  console.error(`log secrets: ${file} is empty; the test run logged nothing to check`);
  process.exit(1);
}
if (found.length > 0) {
  console.error(`log secrets: FOUND ${found.join(', ')} in ${lines.length} log lines of the test run (${file})`);
  process.exit(1);
}
console.log(`log secrets: none in ${lines.length} log lines of the test run`);
