import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// The tests Stryker runs against each mutant (`npm run test:mutation`, stryker.config.mjs): the suites of the
// pure rules only. engine.test.ts starts a server and a database per file, so it is not among them. (Spread,
// not mergeConfig: that would add these globs to the base ones instead of replacing them.)
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['src/domain/**/*.test.ts', 'server/ingest/parsers/**/*.test.ts', 'server/alerts/rules.test.ts'],
  },
});
