// Mutation testing of the pure rules (`npm run test:mutation`; issue 30): the domain, the upload parsers and
// the alert rules. Slow (see README: Testing), so not part of `npm test` or CI's every run. One mutant at a time
// by default (the machine is shared); STRYKER_CONCURRENCY raises it. `--mutate <glob>` narrows a run.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  coverageAnalysis: 'perTest',
  // A static mutant (a module-level constant such as a catalogue table) can only be tested by re-running every
  // test: one such mutant took as long as all the others together. They are reported as ignored.
  ignoreStatic: true,
  mutate: [
    'src/domain/**/*.ts',
    'server/ingest/parsers/**/*.ts',
    'server/alerts/rules.ts',
    '!**/*.test.ts',
    // Types and re-exports only: nothing to mutate that a test could observe.
    '!src/domain/types.ts',
    '!src/domain/contract.ts',
    '!src/domain/index.ts',
    '!server/ingest/parsers/types.ts',
    // Constants only (limits of the ingest health view; the build's version string, `dev` under test): every
    // mutant is a module-level value no test can tell apart without restating it.
    '!src/domain/ingestHealth.ts',
    '!src/domain/version.ts',
  ],
  ignorePatterns: [
    'dist',
    'dev-dist',
    'data',
    'test-results',
    'playwright-report',
    'reports',
    'docs',
    'e2e',
    'bench',
    'faults',
  ],
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 1),
  timeoutMS: 10_000,
  reporters: ['progress', 'clear-text', 'json', 'html'],
  // MUTATION_REPORT: another place for the report (two narrowed runs at once); bench/mutation.ts reads it.
  jsonReporter: { fileName: process.env.MUTATION_REPORT ?? 'reports/mutation/mutation.json' },
  htmlReporter: {
    fileName: (process.env.MUTATION_REPORT ?? 'reports/mutation/mutation.json').replace(/json$/, 'html'),
  },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: false },
  thresholds: { high: 90, low: 85, break: null },
  // Stryker rewrites tsconfig.json's relative paths in its sandbox with TypeScript's JS API, which TypeScript 7
  // (native) no longer has; nothing here needs it (vitest transpiles, paths are unchanged), so point it nowhere.
  tsconfigFile: 'no-tsconfig-for-stryker.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
