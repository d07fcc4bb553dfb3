// `npm start`: build the PWA if needed, open the database (migrations run), create the demo account and
// simulated station on first start, serve PWA + API on one port, print the URL and the demo login.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createApp } from './app';
import { buildReason } from './build-stamp';
import { loadConfig } from './config';
import { createLogger } from './log';
import { DEMO_EMAIL, DEMO_PASSWORD, ensureDemo } from './seed/demo';
import { startSimulator } from './seed/simulator';
import { VERSION } from './version';

const config = loadConfig();
// Start-up lines are written whatever LOG_LEVEL says (scripts wait for them); LOG_FORMAT=json makes them JSON.
const banner = createLogger({ level: 'info', format: config.logFormat });
const log = (s: string) => banner.info(config.logFormat === 'json' ? s.trim() : s);

// The web app is built on the first start and again whenever its sources changed since (a `git pull`): the
// build writes their fingerprint. A STATIC_DIR elsewhere is someone else's build: only built when missing.
const reason =
  config.staticDir === resolve('dist')
    ? buildReason(resolve('.'), config.staticDir)
    : config.staticDir && !existsSync(join(config.staticDir, 'index.html'))
      ? 'first start'
      : null;
if (reason) {
  log(`Building the web app (${reason})…`);
  const vite = resolve('node_modules/.bin/vite');
  const built = spawnSync(vite, ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (built.status !== 0) {
    banner.error('The web app could not be built; see the messages above.');
    process.exit(1);
  }
}

let server: Awaited<ReturnType<typeof createApp>>;
try {
  server = await createApp(config);
} catch (error) {
  // A refused database (made by a newer version, unreachable) ends the start with its reason, not a stack.
  banner.error(`The portal could not start: ${(error as Error)?.message ?? error}`);
  process.exit(1);
}
const port = await server.listen();
const url = `http://localhost:${port}`;
let stopSimulator = () => {};
if (config.demo) {
  const { device } = await ensureDemo(server, log);
  // The simulator uploads over HTTP like a console: to HOST when the server listens on one address only.
  const host = !config.host || config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  stopSimulator = startSimulator(
    origin,
    () => server.app.ctx.devices.get(device._id),
    undefined,
    (m) => server.app.ctx.log.warn(m),
  );
  log(`\nDemo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD} (station ID ${device.wsid})`);
}
log(
  `Weather portal running at ${url}  (version ${VERSION}, database: ${config.database.startsWith('postgres') ? 'PostgreSQL' : config.database})`,
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`\n${signal}: stopping…`);
  stopSimulator();
  // Open browser sockets keep the HTTP server from closing; the data is safe once the open buckets are
  // stored, so do that first and do not wait long for the sockets. (Ending them from here instead made
  // clients treat the stop as final and not reconnect.)
  await server.app.ctx.samples.flush();
  setTimeout(() => process.exit(0), 2000).unref();
  await server.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
