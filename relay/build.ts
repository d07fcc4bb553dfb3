// Bundles the relay into one file for its npm package (relay/package.json, `npx weather-portal-relay`): the
// relay reads uploads with the portal's own parsers (server/ingest), so they are bundled in, and the package
// needs nothing but Node.js. `npm run relay:build` → relay/dist/cli.mjs. The portal's version (server/version.ts
// reads the repository's package.json at run time, which a package does not have) is written in at build time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Builds relay/dist/cli.mjs (or `outfile`); resolves with its path. */
export async function buildRelay(outfile = join(root, 'relay', 'dist', 'cli.mjs')): Promise<string> {
  await build({
    entryPoints: [join(root, 'relay', 'cli.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // AbortSignal.any (the relay's timeouts) is Node 20.3+.
    target: 'node20.3',
    banner: { js: '#!/usr/bin/env node' },
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [
      {
        name: 'portal-version',
        setup(b) {
          b.onResolve({ filter: /\/server\/version(\.ts)?$/ }, () => ({
            path: 'version',
            namespace: 'portal',
          }));
          b.onLoad({ filter: /.*/, namespace: 'portal' }, () => ({
            contents: `export const VERSION = ${JSON.stringify(version)};`,
            loader: 'js',
          }));
        },
      },
    ],
  });
  return outfile;
}

if (import.meta.url === `file://${process.argv[1]}`) console.error(`built ${await buildRelay()}`);
