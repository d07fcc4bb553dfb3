import { readFileSync } from 'node:fs';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './src/app/web-manifest.ts';
import { isServerPath, SERVER_ROOTS } from './src/domain/serverRoots.ts';
import { cataloguePart } from './vite.catalogue-parts.ts';
import { chunkGroups } from './vite.chunk-groups.ts';
import { precompress } from './vite.precompress.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

// The PWA: React shell + module data worker + our own service worker (injectManifest, sw/sw.ts).
// The dev server proxies the API to a running `npm start` on 8080.
const api = process.env.API_URL ?? 'http://localhost:8080';
// Every root the server answers (src/domain/serverRoots.ts); a browser navigation to a page of the app that shares
// a service's path (/admin/users) stays with Vite.
const proxy = Object.fromEntries(
  SERVER_ROOTS.map((root) => [
    `^/${root}(?:[/?]|$)`,
    {
      target: api,
      ws: root === 'socket.io',
      bypass: (req: { url?: string; headers: { accept?: string } }) =>
        req.headers.accept?.includes('text/html') && !isServerPath((req.url ?? '/').split('?')[0])
          ? '/index.html'
          : undefined,
    },
  ]),
);

export default defineConfig({
  // src/domain/version.ts: the version shown in Help → About.
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    cataloguePart(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // src/app/web-manifest.ts (issue 32: id, shortcuts, maskable icons, theme colour, launch_handler).
      manifest: webManifest,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // Lean (issue 32): the build cannot know the user's language, so the nine catalogues (assets/locale-*) and
        // the non-Latin font subsets are cached on first use (sw/sw.ts), the active language right after the
        // first load (bridge/sw-register.ts). The Latin subsets (latin, latin-ext: Czech) are precached.
        globIgnores: [
          'screenshots/**',
          'assets/locale-*',
          'assets/inter-cyrillic*',
          'assets/inter-greek*',
          'assets/inter-vietnamese*',
        ],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false, type: 'module' },
    }),
    // Last: brotli and gzip copies of the built files (sw.js included, which the PWA plugin writes at close).
    precompress(),
  ],
  worker: { format: 'es' },
  build: {
    target: 'es2023',
    sourcemap: false,
    // dist/.vite/manifest.json: the server preloads the first-paint pages' files from it (server/page-preload.ts).
    manifest: true,
    // The catalogues' parts (locales/*.po?part=, src/domain/cataloguePart.ts) as assets/locale-<id>-HASH.js (the first,
    // which the server preloads: server/catalogue-preload.ts) and assets/locale-rest-<id>-HASH.js; the precache
    // leaves both out by that name.
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) => {
          const part = chunk.facadeModuleId?.match(/\.po\?part=(first|rest)$/)?.[1];
          if (!part) return 'assets/[name]-[hash].js';
          return part === 'first' ? 'assets/locale-[name]-[hash].js' : 'assets/locale-rest-[name]-[hash].js';
        },
        // vite.chunk-groups.ts: what always loads together is one file.
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
  server: { proxy },
});
