import { defineConfig } from 'vitest/config';

// `npm run test:faults`: the cluster's fault runs (faults/), one at a time (they share a port range and the
// machine), each bounded to a minute or two.
export default defineConfig({
  test: {
    include: ['faults/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
