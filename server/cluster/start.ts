// `npm run cluster`: the scale-out deployment on one machine (README "Cluster"): ingest processes and 2 API
// processes on PostgreSQL and Redis behind HAProxy on one port. Defaults work on a machine with all three
// installed locally (`.ci/run` installs HAProxy).
//   PORT, HOST, INGEST_PROCESSES, CLUSTER_PORTS   where the parts listen (layout.ts)
//   TRUST_PROXY     proxies in front of HAProxy (0); the processes trust one more
//   DATABASE_URL    postgres://postgres@127.0.0.1:5432/postgres?schema=portal
//   REDIS_URL       redis://127.0.0.1:6379
// Other variables (DATA_DIR, DEMO, SMTP_URL…) pass to every process, as for `npm start`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config';
import { startCluster } from './cluster';
import { clusterLayout } from './layout';

const { port, host, ingest, ports } = clusterLayout(process.env);
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

const cluster = await startCluster({ port, host, ports, ingest, env });
const list = (ps: number[]) => ps.map((p) => `:${p}`).join(' ');
console.log(
  `Cluster running at http://localhost:${cluster.port} behind HAProxy (ingest ${list(ports.slice(0, ingest))}, ` +
    `API ${list(ports.slice(ingest))}; ${env.DATABASE_URL?.replace(/\/\/[^@]*@/, '//')}, ${env.REDIS_URL})`,
);
let stopping = false;
// Without HAProxy the cluster has no front door: stop, so whatever runs `npm run cluster` sees it and restarts it.
cluster.haproxy.child.once('exit', async (code, signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`HAProxy exited (${signal ?? code}): stopping the cluster…`);
  await cluster.stop();
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the cluster…`);
    await cluster.stop();
    process.exit(0);
  });
