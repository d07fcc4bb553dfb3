import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig } from 'vitest/config';

// Unit, service and component tests (node). e2e runs under Playwright.
export default defineConfig({
  plugins: [babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
  test: {
    include: ['{src,server,workers,sw,mocks}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20000,
  },
});
