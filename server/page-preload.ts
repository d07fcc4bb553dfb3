// The first-paint pages' own files, preloaded with index.html (issue 32): the build's manifest
// (dist/.vite/manifest.json) names each route part's chunk, the chunks it imports and its CSS; the server lists
// those the entry does not already load (index.html links the entry's own imports) in the page's Link header.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_PAINT_PAGES } from '../src/domain/firstPaintPages';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The files each first-paint page needs beyond the entry's, by path ('/assets/…'); empty without a manifest. */
export function pageFiles(dir: string): Map<string, string[]> {
  const path = join(dir, '.vite', 'manifest.json');
  const pages = new Map<string, string[]>();
  if (!existsSync(path)) return pages;
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  // A chunk and everything it imports statically (what the browser fetches before it runs), with their CSS.
  const closure = (keys: readonly string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k].isEntry));
  const entryFiles = new Set([...entry].flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]));
  for (const [page, modules] of Object.entries(FIRST_PAINT_PAGES)) {
    const files = new Set<string>();
    for (const key of closure(modules))
      for (const file of [manifest[key].file, ...(manifest[key].css ?? [])])
        if (!entryFiles.has(file)) files.add(`/${file}`);
    pages.set(page, [...files]);
  }
  return pages;
}

/** The Link header's entries for a page's files: scripts as module preloads, style sheets as style preloads. */
export function pageLink(files: Map<string, string[]>, path: string): string[] {
  return (files.get(path) ?? []).map((f) =>
    f.endsWith('.css') ? `<${f}>; rel=preload; as=style` : `<${f}>; rel=modulepreload`,
  );
}
