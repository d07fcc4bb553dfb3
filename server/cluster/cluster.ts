// A cluster on one machine: ingest processes and API processes (server/start.ts with ROLE) on one PostgreSQL
// database and one Redis, behind HAProxy (deploy/haproxy.cfg, haproxy.ts) on one public port. `npm run cluster`
// starts one; the load bench and the fault runs start theirs with this too. A process that dies is started again
// (as systemd or a container runtime would) unless `supervise` is off; meanwhile HAProxy's health checks take it
// out of its group.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Role } from '../config';
import { type Haproxy, startHaproxy } from './haproxy';

export interface ClusterOptions {
  /** The public port (HAProxy's) and address (default 127.0.0.1; '' = every interface). */
  port: number;
  host?: string;
  /** The processes' own ports: the ingest processes' first, then one per API process. */
  ports: number[];
  /** How many of `ports` are ingest processes (default 1). */
  ingest?: number;
  /**
   * Environment of every process (DATABASE_URL, REDIS_URL, REDIS_PREFIX, AUTH_SECRET, DATA_DIR…). Its
   * TRUST_PROXY counts proxies in front of HAProxy (default 0): the processes trust one more, HAProxy.
   */
  env: NodeJS.ProcessEnv;
  /**
   * Each process's ROLE (default: the first `ingest` ones `ingest`, the others `api`). HAProxy sends uploads to
   * the `ingest` and `all` processes, the rest to the `api` and `all` ones.
   */
  roles?: Role[];
  /** Restart a process that exits (default true). */
  supervise?: boolean;
  /** Where the processes' output goes (default: this process's, each line prefixed with its name). */
  log?: (line: string) => void;
}

export interface ClusterProcess {
  name: string;
  role: Role;
  port: number;
  /** The running process (null while down). */
  child: ChildProcess | null;
  /** Starts it (if down) and resolves once it listens. */
  start(): Promise<void>;
  /** Sends a signal (SIGKILL: a crash); with supervise on, it is started again a second later. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  port: number;
  processes: ClusterProcess[];
  haproxy: Haproxy;
  stop(): Promise<void>;
}

const RESTART_AFTER_MS = 1000;

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { ports, supervise = true, ingest = 1 } = options;
  // HAProxy binds the port it is given and cannot say which one the kernel picked for 0.
  if (!options.port)
    throw new Error('A cluster needs a fixed public port (server/testing/free-ports.ts finds one)');
  const log = options.log ?? ((line: string) => console.log(line));
  let stopping = false;
  const roles = ports.map((_, i): Role => options.roles?.[i] ?? (i < ingest ? 'ingest' : 'api'));
  const trustProxy = Number(options.env.TRUST_PROXY || 0) + 1;

  const processes: ClusterProcess[] = ports.map((port, i) => {
    const role = roles[i];
    // Numbered within their role: ingest1, ingest2, api1, api2…
    const name = `${role}${roles.slice(0, i + 1).filter((r) => r === role).length}`;
    let listening: Promise<void> | null = null;
    const proc: ClusterProcess = {
      name,
      role,
      port,
      child: null,
      start() {
        if (proc.child && listening) return listening;
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            ...process.env,
            ...options.env,
            ROLE: role,
            PORT: String(port),
            HOST: '127.0.0.1',
            TRUST_PROXY: String(trustProxy), // HAProxy's X-Forwarded-For entry names the client
            // The demo station (DEMO=on) is created and simulated by the ingest process only.
            DEMO: i === 0 ? (options.env.DEMO ?? 'off') : 'off',
            // The web app is served by the API processes (built once by the cluster's start).
            STATIC_DIR: role === 'ingest' ? '' : (options.env.STATIC_DIR ?? ''),
          },
        });
        proc.child = child;
        listening = new Promise<void>((resolve, reject) => {
          for (const stream of [child.stdout!, child.stderr!])
            createInterface({ input: stream }).on('line', (line) => {
              if (line.startsWith('Weather portal running at')) resolve();
              log(`[${name}] ${line}`);
            });
          child.once('exit', (code, signal) => reject(new Error(`${name} exited (${signal ?? code})`)));
        });
        listening.catch(() => {});
        child.once('exit', (code, signal) => {
          if (proc.child === child) proc.child = null;
          listening = null;
          if (stopping) return;
          log(`[cluster] ${name} exited (${signal ?? code})${supervise ? '; starting it again' : ''}`);
          if (supervise) setTimeout(() => void proc.start().catch(() => {}), RESTART_AFTER_MS).unref();
        });
        return listening;
      },
      async kill(signal = 'SIGKILL') {
        const child = proc.child;
        if (!child) return;
        const exited = once(child, 'exit');
        child.kill(signal);
        await exited;
      },
    };
    return proc;
  });

  // The ingest process first: it runs the migrations (others would find the migration lock taken).
  await processes[0].start();
  await Promise.all(processes.slice(1).map((p) => p.start()));

  const servers = (...of: Role[]) =>
    processes.filter((p) => of.includes(p.role)).map((p) => ({ name: p.name, port: p.port }));
  let haproxy: Haproxy;
  try {
    haproxy = await startHaproxy(
      {
        port: options.port,
        host: options.host ?? '127.0.0.1',
        ingest: servers('ingest', 'all'),
        api: servers('api', 'all'),
      },
      log,
    );
  } catch (error) {
    stopping = true;
    await Promise.all(processes.map((p) => p.kill('SIGTERM')));
    throw error;
  }
  haproxy.child.once('exit', (code, signal) => {
    if (!stopping) log(`[cluster] HAProxy exited (${signal ?? code}): the cluster has no front door`);
  });
  return {
    port: options.port,
    processes,
    haproxy,
    async stop() {
      stopping = true;
      await haproxy.stop();
      await Promise.all(processes.map((p) => p.kill('SIGTERM')));
    },
  };
}
