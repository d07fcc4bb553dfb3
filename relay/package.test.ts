// The relay's npm package (relay/package.json, `npx weather-portal-relay`): packed with `npm pack` (its prepack
// bundles relay/ and the portal's parsers into dist/cli.mjs), installed from the tarball into an empty directory
// outside the repository, and run from there with a bare environment: --help, then a real console upload through
// it to a fake portal — so nothing of the repository (its node_modules, tsx, package.json) is needed.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { until } from './testing';

const run = promisify(execFile);
const relayDir = import.meta.dirname;
let tmp: string;
let bin: string;
/** A bare environment: no NODE_PATH, no repository on the way; node from wherever this test's node is. */
const env = { PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, HOME: tmpdir() };

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'relay-pack-'));
  const { stdout } = await run('npm', ['pack', '--pack-destination', tmp, '--json'], {
    cwd: relayDir,
    maxBuffer: 1 << 22,
  });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  // Only the bundle, its README and the systemd unit: no sources, no tests.
  expect(packed.files.map((f) => f.path).sort()).toEqual([
    'README.md',
    'dist/cli.mjs',
    'package.json',
    'weather-portal-relay.service',
  ]);
  const app = join(tmp, 'app');
  mkdirSync(app);
  await run(
    'npm',
    ['install', '--offline', '--no-audit', '--no-fund', '--no-save', join(tmp, packed.filename)],
    { cwd: app, env: { ...env, npm_config_cache: join(tmp, 'npm-cache') } },
  );
  bin = join(app, 'node_modules', '.bin', 'weather-portal-relay');
}, 120_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

test('the package is the portal’s version', () => {
  const relay = JSON.parse(readFileSync(join(relayDir, 'package.json'), 'utf8'));
  const portal = JSON.parse(readFileSync(join(relayDir, '..', 'package.json'), 'utf8'));
  expect(relay.version).toBe(portal.version);
  expect(relay.bin).toEqual({ 'weather-portal-relay': 'dist/cli.mjs' });
});

test('the installed bin answers --help from outside the repository', async () => {
  const { stdout } = await run(bin, ['--help'], { cwd: tmp, env });
  expect(stdout).toMatch(/^usage: weather-portal-relay --portal <portal URL>/);
  expect(stdout).toContain('--poll-ecowitt <address>');
  await expect(run(bin, ['--portal', 'http://x'], { cwd: tmp, env })).rejects.toMatchObject({ code: 2 });
});

test('the installed bin relays a console upload with the bundled parsers', async () => {
  const got: { url: string; relay: string | undefined }[] = [];
  const portal: Server = createServer((req, res) => {
    got.push({ url: req.url ?? '', relay: req.headers['x-relay'] as string | undefined });
    res.end('OK');
  });
  await new Promise<void>((r) => portal.listen(0, '127.0.0.1', r));
  // A free port for the relay.
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((r) => probe.close(r));
  const child = spawn(
    bin,
    [
      '--portal',
      `http://127.0.0.1:${(portal.address() as AddressInfo).port}`,
      '--listen',
      String(port),
      '--host',
      '127.0.0.1',
      '--queue',
      join(tmp, 'queue'),
    ],
    { cwd: tmp, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
  });
  try {
    await until(() => out.includes('relay listening'), 10_000, 'the relay to listen');
    const res = await fetch(`http://127.0.0.1:${port}/data/upload.php?wsid=garden&wspw=key&t1tem=20.5`);
    // WSLink's own answer, from the bundled parsers.
    expect(res.status).toBe(200);
    await until(() => got.length === 1, 10_000, 'the upload at the portal');
    expect(got[0].url).toMatch(/^\/data\/upload\.php\?.*wsid=garden.*t1tem=20\.5/);
    expect(got[0].relay).toBe('relay/0.2.0');
    const status = await (await fetch(`http://127.0.0.1:${port}/status`)).json();
    expect(status).toMatchObject({ queued: 0, sent: 1, portalReachable: true });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await new Promise((r) => portal.close(r));
  }
}, 30_000);
