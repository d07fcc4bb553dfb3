// How the build groups modules into chunks (issue 32). Left to itself the bundler makes a chunk of every set of
// modules that a different set of lazy parts shares: a cold station page asked for 65 files before its first value,
// and Lighthouse's simulated slow 4G pays for each request before the largest paint (150 ms, six at a time). Here
// what loads together is one file. `initial`: what the entry loads statically goes with the entry (every page loads
// it). Then GROUPS: each takes what its roots load statically (or, with `lazy`, what the roots load lazily), less
// what `keepOut`'s pages load statically, so that those pages' first loads do not grow (npm run bench -- bundle:
// /login); a module goes to the first group that takes it. `icons`: the other icons that two chunks or more use.

import { fileURLToPath } from 'node:url';
import type { CodeSplittingGroup } from 'rolldown';

type NameFunction = Extract<CodeSplittingGroup['name'], (...args: never[]) => unknown>;
type Context = Parameters<NameFunction>[1];

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/** The pages outside the signed-in shell (LoginLayout's routes in src/app/routes.tsx), and the login page. */
const SIGNED_OUT = ['pages/login/', 'pages/signup/', 'pages/logout/'];
const LOGIN = ['pages/login/'];

interface Group {
  name: string;
  roots: string[];
  /** The roots' lazy imports (and what those load statically), not the roots' own. */
  lazy?: boolean;
  /** Pages that use a module keep it out of the group (default: the login page). */
  keepOut?: string[];
  /** Roots' lazy imports left to themselves. */
  except?: string[];
}

const GROUPS: Group[] = [
  // Every page inside the shell.
  { name: 'shell', roots: ['app/layouts/AppLayout.tsx'], keepOut: SIGNED_OUT },
  // The station page and the dashboard: the card grid, and the cards it loads later.
  { name: 'cards', roots: ['cards/CardGrid.tsx'], keepOut: SIGNED_OUT },
  // (The camera's card only with a camera: most stations have none.)
  {
    name: 'later-cards',
    roots: ['cards/registry.tsx'],
    lazy: true,
    keepOut: SIGNED_OUT,
    except: ['cards/CameraCard.tsx'],
  },
  // What the shell shares with sign-up and sign-out, not with the login page.
  { name: 'common', roots: ['app/layouts/AppLayout.tsx', 'cards/CardGrid.tsx'] },
  // After the first paint: the data worker's bridge, the shell's effects, the store.
  { name: 'bridge', roots: ['bridge/data-bridge.ts'] },
  { name: 'effects', roots: ['app/ShellEffects.tsx'] },
  { name: 'store', roots: ['db/schema.ts'] },
];

/** Every module reachable from `from` by static imports (and by dynamic ones too, with `dynamic`). */
function reach(from: Iterable<string>, ctx: Context, dynamic = false): Set<string> {
  const seen = new Set<string>();
  const todo = [...from];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    todo.push(...info.importedIds);
    if (dynamic) todo.push(...info.dynamicallyImportedIds);
  }
  return seen;
}

/** The entry above `id` (following importers, static or dynamic). */
function entryAbove(id: string, ctx: Context): string {
  const seen = new Set<string>();
  const todo = [id];
  for (let at = todo.pop(); at !== undefined; at = todo.pop()) {
    const info = ctx.getModuleInfo(at);
    if (!info || seen.has(at)) continue;
    if (info.isEntry) return at;
    seen.add(at);
    todo.push(...info.importers, ...info.dynamicImporters);
  }
  throw new Error(`vite.chunk-groups.ts: no entry imports ${id}`);
}

/** Each grouped module's group, for one chunking pass. */
function groupsOf(ctx: Context): Map<string, string> {
  const everything = [...reach([entryAbove(source(GROUPS[0].roots[0]), ctx)], ctx, true)];
  const usedBy = (dirs: string[]) => {
    const pages = dirs.map((dir) => {
      const found = everything.filter((id) => id.startsWith(source(dir)));
      if (found.length === 0) throw new Error(`vite.chunk-groups.ts: no module under src/${dir}`);
      return found;
    });
    return reach(pages.flat(), ctx);
  };
  const group = new Map<string, string>();
  for (const { name, roots, lazy, keepOut = LOGIN, except = [] } of GROUPS) {
    const ids = roots.map(source);
    // A root moved or renamed fails the build, rather than leaving its group empty.
    for (const id of ids)
      if (!ctx.getModuleInfo(id)) throw new Error(`vite.chunk-groups.ts: ${id} is not in the build`);
    const skip = new Set(except.map(source));
    const from = lazy ? ids.flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []) : ids;
    const out = usedBy(keepOut);
    for (const id of reach(
      from.filter((id) => !skip.has(id)),
      ctx,
    ))
      if (!group.has(id) && !out.has(id)) group.set(id, name);
  }
  return group;
}

const passes = new WeakMap<Context, Map<string, string>>();
const grouped: NameFunction = (id, ctx) => {
  let groups = passes.get(ctx);
  if (!groups) {
    groups = groupsOf(ctx);
    passes.set(ctx, groups);
  }
  return groups.get(id) ?? null;
};

export const chunkGroups: CodeSplittingGroup[] = [
  { name: 'initial', tags: ['$initial'], priority: 3 },
  // Only the modules named: a dependency a kept-out page uses stays out.
  { name: grouped, priority: 2, includeDependenciesRecursively: false },
  {
    name: 'icons',
    test: /lucide-react[\\/]dist[\\/]esm[\\/]icons/,
    minShareCount: 2,
    includeDependenciesRecursively: false,
  },
];
