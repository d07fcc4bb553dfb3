// `npm run cluster`: the scale-out deployment on one machine (README "Cluster"): 1 ingest process and 2 API
// processes on PostgreSQL and Redis behind one port. Defaults work on a machine with both running locally.
//   PORT            the public port (8080)
//   CLUSTER_PORTS   the processes' own ports, ingest first (PORT+1, PORT+2, PORT+3); one API process per extra
//   DATABASE_URL    postgres://postgres@127.0.0.1:5432/postgres?schema=portal
//   REDIS_URL       redis://127.0.0.1:6379
// Other variables (DATA_DIR, DEMO, SMTP_URL…) pass to every process, as for `npm start`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config';
import { startCluster } from './cluster';

const port = Number(process.env.PORT ?? 8080);
const ports = (process.env.CLUSTER_PORTS ?? `${port + 1},${port + 2},${port + 3}`).split(',').map(Number);
if (ports.length < 2 || ports.some((p) => !Number.isInteger(p) || p <= 0 || p > 65535))
  throw new Error(
    `CLUSTER_PORTS must list at least two ports (ingest, then API), got ${process.env.CLUSTER_PORTS}`,
  );
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres?schema=portal',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};
if (!env.DATABASE_URL?.startsWith('postgres'))
  throw new Error('A cluster shares one PostgreSQL database: DATABASE_URL must be postgres://…');
// One secret for all (tokens signed by one process are checked by the others), created here before they start.
const config = loadConfig(env);
env.AUTH_SECRET = config.authSecret;
env.STATIC_DIR = config.staticDir ?? '';
if (config.staticDir && !existsSync(join(config.staticDir, 'index.html'))) {
  console.log('Building the web app (first start)…');
  const built = spawnSync(resolve('node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(1);
}

const cluster = await startCluster({ port, host: process.env.HOST ?? '', ports, env });
console.log(
  `Cluster running at http://localhost:${cluster.port}  (ingest :${ports[0]}, API ${ports
    .slice(1)
    .map((p) => `:${p}`)
    .join(' ')}; ${env.DATABASE_URL?.replace(/\/\/[^@]*@/, '//')}, ${env.REDIS_URL})`,
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the cluster…`);
    await cluster.stop();
    process.exit(0);
  });
