// Whether the built web app (dist/) is older than its sources: `npm start` builds again when it is, so a
// `git pull` never serves the previous version's UI. The build writes a fingerprint of everything it reads
// (vite.precompress.ts, at the end of `vite build`); a start compares it with the sources as they are now.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What a build reads, relative to the project root (folders whole, tests left out). */
export const BUILD_INPUTS = [
  'src',
  'workers',
  'sw',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'vite.precompress.ts',
  'lingui.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** The file in the built folder holding its sources' fingerprint. */
export const STAMP = '.sources-sha256';

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => (/\.test\.tsx?$/.test(name) ? [] : files(join(path, name))));
}

/** SHA-256 over the paths and contents of the build's inputs under `root` (a few MB: tens of milliseconds). */
export function sourcesFingerprint(root: string): string {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS)
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  return hash.digest('hex');
}

export function writeStamp(root: string, outDir: string): void {
  writeFileSync(join(outDir, STAMP), `${sourcesFingerprint(root)}\n`);
}

/** Why `outDir` must be built (first start, or changed sources), or null when it is up to date. */
export function buildReason(root: string, outDir: string): string | null {
  if (!existsSync(join(outDir, 'index.html'))) return 'first start';
  const stamp = join(outDir, STAMP);
  if (!existsSync(stamp)) return 'built by an older version';
  return readFileSync(stamp, 'utf8').trim() === sourcesFingerprint(root) ? null : 'the sources changed';
}
