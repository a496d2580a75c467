// Fails (exit 1) on any import cycle among the TypeScript files of src/ and providers/, naming each cycle: a cycle
// makes module start-up order matter and ties layers together that should depend one way (wiring -> jobs -> stores).
// Static relative imports and re-exports count, type-only ones too: a type cycle is the same tangle of concepts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dir, '..');
const folders = ['src', 'providers'];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const SIDE_EFFECT = /(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function importsOf(file: string, known: Set<string>): string[] {
  // Comments are dropped first, so an example import in a doc comment is not an edge.
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const targets = [...text.matchAll(IMPORT), ...text.matchAll(SIDE_EFFECT)].map((match) =>
    resolve(dirname(file), match[1]!),
  );
  return targets.filter((target) => known.has(target));
}

const files = folders.flatMap((folder) => sourceFiles(join(root, folder)));
const known = new Set(files);
const graph = new Map(files.map((file) => [file, importsOf(file, known)]));

const cycles: string[][] = [];
const state = new Map<string, 'open' | 'done'>();
const stack: string[] = [];
function visit(file: string) {
  state.set(file, 'open');
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
    else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(file, 'done');
}
for (const file of files) if (!state.has(file)) visit(file);

if (cycles.length > 0) {
  console.error(`${cycles.length} import cycle(s) in ${folders.join('/ and ')}/:`);
  for (const cycle of cycles) console.error(`  ${cycle.map((file) => relative(root, file)).join(' -> ')}`);
  process.exit(1);
}
console.log(`no import cycles among ${files.length} files in ${folders.join('/ and ')}/`);
