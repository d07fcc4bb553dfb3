// A cluster for the load run (bench/load-run.ts) and the fault runs (faults/): server/cluster/cluster.ts on a
// PostgreSQL schema and a Redis prefix of its own (dropped afterwards), an account made through the public API,
// N stations, socket clients in a helper process (bench/cluster-watchers.ts) and a WSLink uploader.
// Ports: free ones (server/testing/free-ports.ts), or CLUSTER_TEST_PORT (HAProxy's) and the next ones for the
// processes, or CLUSTER_TEST_PORTS.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import knexFactory, { type Knex } from 'knex';
import { type Cluster, startCluster } from '../server/cluster/cluster';
import { objectId } from '../server/storage/ids';
import { freePorts } from '../server/testing/free-ports';

export const FIELDS =
  'rbar=1008.8&abar=990.5&intem=25.8&inhum=22&inbat=1&t1hum=71&t1wdir=231&t1ws=3.1&t1ws10mav=2.9' +
  '&t1wgust=5.2&t1rainra=0&t1rainhr=0&t1raindy=1.2&t1rainwy=4.4&t1rainmth=30.8&t1rainyr=400.5&t1uvi=2.1' +
  '&t1solrad=279&t1bat=1&t1cn=1&t1chill=18.4&t1heat=18.4&t1dew=13.1&t234c1tem=21.9' +
  '&t234c1hum=56&t234c1bat=1&t234c1cn=1&t8pm25=12&t8pm10=20&t8bat=5&t8cn=1&t10co2=640&apiver=1.00';

export interface Station {
  _id: string;
  wsid: string;
  key: string;
}

export interface ClusterHarness {
  cluster: Cluster;
  port: number;
  token: string;
  stations: Station[];
  /** The harness's own connection to the cluster's schema (counting stored rows). */
  knex: Knex;
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export const clock = () => Number(process.hrtime.bigint()) / 1e6;

/** HAProxy's port and `count` processes' ports. */
export async function clusterPorts(count: number): Promise<{ port: number; ports: number[] }> {
  if (!process.env.CLUSTER_TEST_PORT) {
    const [port, ...ports] = await freePorts(count + 1);
    return { port, ports };
  }
  const port = Number(process.env.CLUSTER_TEST_PORT);
  const ports = process.env.CLUSTER_TEST_PORTS
    ? process.env.CLUSTER_TEST_PORTS.split(',').map(Number)
    : Array.from({ length: count }, (_, i) => port + 1 + i);
  return { port, ports: ports.slice(0, count) };
}

/** Resident memory of a process (MiB), from /proc. */
export function rssMiB(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** CPU time a process has used (s, user + system), from /proc (clock ticks of 1/100 s). */
export function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

async function json(port: number, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

export async function startHarness({
  stations: count,
  name,
  env: extraEnv = {},
  roles,
  ingest = Number(process.env.INGEST_PROCESSES ?? 1),
  api = 2,
  supervise,
}: {
  stations: number;
  name: string;
  env?: NodeJS.ProcessEnv;
  /** The processes' roles (default: `ingest` ingest processes, then `api` API ones). */
  roles?: ('all' | 'api' | 'ingest')[];
  /** How many ingest processes (INGEST_PROCESSES, default 1) and API processes (2), without `roles`. */
  ingest?: number;
  api?: number;
  /** Restart a process that exits (default true). */
  supervise?: boolean;
}): Promise<ClusterHarness> {
  const pg = new URL(
    process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  );
  const schema = `${name}_${process.pid}`;
  const database = new URL(pg);
  database.searchParams.set('schema', schema);
  const { port, ports } = await clusterPorts(roles?.length ?? ingest + api);
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: database.toString(),
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: schema,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(join(tmpdir(), `${name}-`)),
    DEMO: 'off',
    STATIC_DIR: '',
    FORWARD: 'off',
    ...extraEnv,
  };
  const quiet = process.env.CLUSTER_LOG === 'on' ? undefined : () => {};
  const cluster = await startCluster({ port, ports, ingest, env, log: quiet, roles, supervise });
  const knex = knexFactory({ client: 'pg', connection: pg.toString(), searchPath: [schema] });
  const drop = async () => {
    await cluster.stop();
    await knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
    await knex.destroy();
  };
  try {
    return await prepare();
  } catch (error) {
    await drop(); // no server process outlives a failed start
    throw error;
  }

  async function prepare(): Promise<ClusterHarness> {
    // The account: signed up through HAProxy, verified here (the code goes by mail), logged in.
    const email = `load-${process.pid}@example.com`;
    const password = 'load-test-password-1';
    await json(port, 'POST', '/users', {
      email,
      password,
      firstName: 'Load',
      lastName: 'Test',
      termsAccepted: true,
    });
    await knex('users').where({ email }).update({ verified: true });
    const { accessToken, user } = await json(port, 'POST', '/authentication', {
      strategy: 'local',
      email,
      password,
    });
    const now = Date.now();
    const stations: Station[] = Array.from({ length: count }, (_, i) => ({
      _id: objectId(now),
      wsid: `load${i}`,
      key: `key${i}`,
    }));
    for (let i = 0; i < stations.length; i += 500)
      await knex('weatherDevices').insert(
        stations.slice(i, i + 500).map((s) => ({
          _id: s._id,
          wsid: s.wsid,
          stationKey: s.key,
          name: `Load ${s.wsid}`,
          user: user._id,
          timezone: 'UTC',
          createdAt: now,
          updatedAt: now,
        })),
      );
    return {
      cluster,
      port: cluster.port,
      token: accessToken,
      stations,
      knex,
      env,
      close: drop,
    };
  }
}

export interface UploadAnswer {
  status: number;
  ms: number;
  /** The sample's time (unix s) the upload carried. */
  time: number;
}

// Idle connections are dropped after 3 s, before HAProxy would close them.
const agent = new http.Agent({ keepAlive: true, maxSockets: 128, timeout: 3000 });

/** One WSLink upload of `station` for `time` (unix s), temperature `temp`; status 0 when no answer came. */
export function upload(
  port: number,
  station: Station,
  time: number,
  temp: number,
  retried = false,
): Promise<UploadAnswer> {
  const datetime = new Date(time * 1000).toISOString().slice(0, 19).replace('T', ' ');
  const path = `/data/upload.php?wsid=${station.wsid}&wspw=${station.key}&datetime=${encodeURIComponent(datetime)}&t1tem=${temp}&${FIELDS}`;
  const started = clock();
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent, timeout: 30000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: clock() - started, time }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection closed by the other end as this request went out (Node's documented case for
      // `reusedSocket`): it never arrived; send it again on a fresh connection.
      if (error.code === 'ECONNRESET' && req.reusedSocket && !retried)
        return void upload(port, station, time, temp, true).then((a) =>
          resolve({ ...a, ms: clock() - started }),
        );
      resolve({ status: 0, ms: clock() - started, time });
    });
  });
}

export interface WatcherReport {
  device: string;
  sampled: boolean;
  received: number;
  events: [number, number][];
  watches: number;
  watchedAt: number[];
}

/** Socket clients in a helper process, client i watching devices[i]; resolves once all watch. */
export async function startWatchers(
  port: number,
  token: string,
  devices: string[],
  every: number,
  ports?: number[],
): Promise<{ child: ChildProcess; report(): Promise<WatcherReport[]>; stop(): Promise<void> }> {
  // In a file: 5,000 devices' IDs are longer than one command-line argument may be (E2BIG).
  const input = join(mkdtempSync(join(tmpdir(), 'watchers-')), 'input.json');
  writeFileSync(input, JSON.stringify({ port, ports, token, devices, every }));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/cluster-watchers.ts', input], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  if (line !== 'ready') throw new Error(`watchers: ${line}`);
  return {
    child,
    report: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m as WatcherReport[]));
        child.send('report');
      }),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.min(s.length - 1, Math.floor(s.length * p))];
};
