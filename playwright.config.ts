import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { ADMIN_EMAIL } from './e2e/admin-email';
import { CHROMIUM, CHROMIUM_ARGS } from './e2e/chromium';

// End-to-end: the real server (`npm start` path, fresh SQLite in a temp dir, no demo) serving the built PWA,
// driven in Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 4610);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// e2e/backfill starts a fake of the vendors' history APIs here (the server's BACKFILL_URL_* point at it).
const backfillPort = Number(process.env.E2E_BACKFILL_PORT ?? port + 300);
process.env.E2E_BACKFILL_PORT = String(backfillPort);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // No retries, in CI either: a test that passes on its second try hides a lost event or a race (issue 30).
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: './node_modules/.bin/node --import tsx server/start.ts',
    url: `http://localhost:${port}/metrics`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Every account of the run signs up and verifies from one address: a public
    // server's per-IP limits (20 sign-ups an hour, 50 codes in 15 minutes) would refuse the later specs'
    // accounts. The limits have their own tests in server/.
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO: 'off',
      LOG_LEVEL: 'info',
      ADMIN_EMAILS: ADMIN_EMAIL,
      SIGNUPS_PER_IP: '1000',
      RESET_ATTEMPTS_PER_IP: '1000',
      // e2e/forwarding forwards to a fake network on 127.0.0.1: a home-network setup (issue #20).
      FORWARD_ALLOW_PRIVATE: 'on',
      // The climate spec uploads a year and a half of readings with past console times (1,638 uploads); the
      // per-station limit (30 at once, 1 a second) has its own tests in server/.
      INGEST_BURST: '5000',
      BACKFILL_URL_ECOWITT: `http://127.0.0.1:${backfillPort}`,
      BACKFILL_URL_WUNDERGROUND: `http://127.0.0.1:${backfillPort}`,
      BACKFILL_URL_AMBIENT: `http://127.0.0.1:${backfillPort}`,
      BACKFILL_URL_WEATHERLINK: `http://127.0.0.1:${backfillPort}`,
    },
  },
});
