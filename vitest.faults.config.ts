import { defineConfig } from 'vitest/config';

// `npm run test:faults`: the cluster's fault runs (faults/) through HAProxy on free ports, one at a time (they share
// the machine, and one restarts PostgreSQL), each bounded to a minute or two.
export default defineConfig({
  test: {
    include: ['faults/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
