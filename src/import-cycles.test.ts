// No import cycle across the client's layers (docs/architecture.md §6). biome.json walls which layer may import
// which, but a wall that lets both sides in (src/db and workers/ may each import the other's types) cannot see a
// loop: the store importing the worker's API while the worker imports the store made a ten-file cycle once
// (issue 23). A cycle inside one folder is that folder's business; one that crosses folders fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const LAYERS = ['src', 'workers', 'sw'];

function sources(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, into);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) into.push(relative(ROOT, path));
  }
  return into;
}

/** Every module specifier of a file: `from '…'`, `import '…'`, `import('…')`, type imports included. */
const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g;

/** The project files each file imports (relative specifiers resolved as TypeScript does: .ts, .tsx, index). */
function importGraph(files: string[], read: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const [, spec] of read(file).matchAll(SPECIFIER)) {
      if (!spec.startsWith('.')) continue;
      const base = join(dirname(file), spec);
      const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((c) =>
        known.has(c),
      );
      if (found) targets.push(found);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected groups of more than one file (Tarjan): each is one or more import cycles. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) groups.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups;
}

/** A file's layer: `workers`, `sw`, or the folder under src/ (src/db, src/domain, src/bridge…). */
const layerOf = (file: string) =>
  file
    .split('/')
    .slice(0, file.startsWith('src/') ? 2 : 1)
    .join('/');

/** The cycles that cross layers, each as its layers and files. */
function crossLayerCycles(graph: Map<string, string[]>) {
  return cycles(graph)
    .map((files) => ({ layers: [...new Set(files.map(layerOf))].sort(), files }))
    .filter((cycle) => cycle.layers.length > 1);
}

describe('import cycles', () => {
  test('the finder sees a cycle through the store and the worker, and none in a chain', () => {
    const files = ['src/db/settings.ts', 'workers/api.ts', 'workers/sync.ts', 'src/domain/units.ts'];
    const text: Record<string, string> = {
      'src/db/settings.ts':
        "import type { Api } from '../../workers/api';\nimport { u } from '../domain/units';",
      'workers/api.ts': "export { s } from './sync';",
      'workers/sync.ts': "import {\n  getSetting,\n} from '../src/db/settings';",
      'src/domain/units.ts': 'export const u = 1;',
    };
    expect(crossLayerCycles(importGraph(files, (f) => text[f]))).toEqual([
      { layers: ['src/db', 'workers'], files: ['src/db/settings.ts', 'workers/api.ts', 'workers/sync.ts'] },
    ]);
    text['workers/sync.ts'] = "import { u } from '../src/domain/units';";
    expect(crossLayerCycles(importGraph(files, (f) => text[f]))).toEqual([]);
  });

  test('no cycle crosses layers in src/, workers/ and sw/ (src/db ↔ workers among them)', () => {
    const files = LAYERS.flatMap((layer) => sources(join(ROOT, layer)));
    expect(files.length).toBeGreaterThan(200);
    const graph = importGraph(files, (file) => readFileSync(join(ROOT, file), 'utf8'));
    // The store and the worker do import each other's files (the worker writes Dexie; the store's views are
    // the worker's answers), so the graph must hold edges both ways for this test to mean anything.
    const edges = [...graph].flatMap(([from, to]) =>
      to.map((target) => `${layerOf(from)} → ${layerOf(target)}`),
    );
    expect(edges).toContain('workers → src/db');
    expect(crossLayerCycles(graph)).toEqual([]);
  });
});
