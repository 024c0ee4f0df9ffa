/**
 * The import graph between the folders of `src/` (each feature folder counts on its own), `schemas/`
 * and `scripts/`: prints every edge with its number of imports, and any cycle; exits 1 on a cycle between
 * folders (type-only imports count: a layer's types belong to it) or between files (by the imports that run:
 * `import type`, which TypeScript erases, orders no module's loading).
 * ESLint holds the allowed directions (eslint.config.js); this shows what the code does.
 * Usage: npm run graph
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** One folder-to-folder edge: how many imports go that way, and one of them as an example. */
export interface Edge {
  from: string;
  to: string;
  count: number;
  example: string;
}

// `import ... from`, `export ... from`, `import(...)` and `import '...'`, with a relative or @generated specifier.
const specifiers = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])((?:\.{1,2}\/|@generated\/)[^'"]+)\1/g;

/** The unit a file belongs to: `src/features/<name>`, another folder of `src/`, `schemas` or `scripts`. */
export function unitOf(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] === 'src') return parts[1] === 'features' && parts.length > 3 ? parts.slice(0, 3).join('/') : parts.length > 2 ? parts.slice(0, 2).join('/') : undefined;
  if (parts[0] === 'schemas' || parts[0] === 'scripts') return parts[0];
  return undefined;
}

function sources(root: string, folder: string): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (/\.(ts|tsx)$/.test(entry.name)) found.push(relative(root, path).split(sep).join('/'));
    }
  };
  if (existsSync(join(root, folder))) visit(join(root, folder));
  return found;
}

// `import type ... from '...'` and `export type ... from '...'`: erased by TypeScript, so they load nothing.
const typeOnly = /\b(?:import|export)\s+type\s+[^;'"]*?\bfrom\s*(['"])[^'"]+\1/g;

/** Each import of each file in src/, schemas/ and scripts/, as the two files' paths from the root, and whether it is of types only. */
function imports(root: string): { file: string; target: string; specifier: string; types: boolean }[] {
  return ['src', 'schemas', 'scripts'].flatMap((folder) =>
    sources(root, folder).flatMap((file) => {
      const code = readFileSync(join(root, file), 'utf8');
      const typeEnds = new Set([...code.matchAll(typeOnly)].map((match) => match.index + match[0].length));
      return [...code.matchAll(specifiers)].map((match) => {
        const specifier = match[2]!;
        const target = specifier.startsWith('@generated/')
          ? `src/generated/${specifier.slice('@generated/'.length)}`
          : relative(root, resolve(root, dirname(file), specifier))
              .split(sep)
              .join('/');
        return { file, target, specifier, types: typeEnds.has(match.index + match[0].length) };
      });
    }),
  );
}

/** Every edge between units, from the import statements of the files in src/, schemas/ and scripts/. */
export function folderGraph(root: string): Edge[] {
  return graphOf(imports(root), unitOf);
}

/** Every edge between the files of src/, schemas/ and scripts/ (each file its own unit) by the imports that run. */
export function fileGraph(root: string): Edge[] {
  return graphOf(
    imports(root).filter((found) => !found.types),
    (file) => file,
  );
}

function graphOf(found: { file: string; target: string; specifier: string; types: boolean }[], unit: (file: string) => string | undefined): Edge[] {
  const edges = new Map<string, Edge>();
  for (const { file, target, specifier } of found) {
    const from = unit(file);
    const to = unit(target);
    if (!from || !to || to === from) continue;
    const key = `${from} ${to}`;
    const edge = edges.get(key) ?? { from, to, count: 0, example: `${file} imports ${specifier}` };
    edge.count++;
    edges.set(key, edge);
  }
  return [...edges.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** The cycles of a graph, each as its units in order (the first unit repeated at the end). */
export function cycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const found = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (unit: string) => {
    state.set(unit, 'open');
    stack.push(unit);
    for (const to of next.get(unit) ?? []) {
      if (state.get(to) === 'open') {
        const cycle = [...stack.slice(stack.indexOf(to)), to];
        // One entry per cycle, whichever unit it was entered from.
        const key = [...cycle.slice(0, -1)].sort().join(' ');
        if (!found.has(key)) found.set(key, cycle);
      } else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(unit, 'done');
  };
  for (const unit of next.keys()) if (!state.has(unit)) visit(unit);
  return [...found.values()];
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const edges = folderGraph(process.cwd());
  const width = Math.max(...edges.map((edge) => edge.from.length));
  for (const edge of edges) console.log(`${edge.from.padEnd(width)} -> ${edge.to}  (${edge.count})`);
  const found = cycles(edges);
  const files = fileGraph(process.cwd());
  const fileCycles = cycles(files);
  if (found.length || fileCycles.length) {
    if (found.length) console.error(`\n${found.length} cycle(s) between folders:`);
    for (const cycle of found) console.error(`  ${cycle.join(' -> ')}`);
    if (fileCycles.length) console.error(`\n${fileCycles.length} cycle(s) between files:`);
    for (const cycle of fileCycles) console.error(`  ${cycle.join(' -> ')}`);
    process.exit(1);
  }
  console.log(`\n${edges.length} edges between ${new Set(edges.flatMap((edge) => [edge.from, edge.to])).size} folders, no cycle; ${files.length} imports between files, no cycle`);
}
