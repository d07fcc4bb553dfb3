import { readFileSync } from 'node:fs';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'vitest/config';
import { cataloguePart } from './vite.catalogue-parts.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

// Unit, service and component tests (node). e2e runs under Playwright.
export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(version) },
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), lingui(), cataloguePart()],
  test: {
    include: ['{src,server,relay,workers,sw,docs}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20000,
    // Set-up hooks open databases and run every migration on a fresh PostgreSQL schema: on a loaded 2-core
    // machine that once took over the default 10 s.
    hookTimeout: 60_000,
  },
});
