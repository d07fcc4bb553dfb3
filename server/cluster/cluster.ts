// A cluster on one machine: 1 ingest process and N API processes (server/start.ts with ROLE) on one PostgreSQL
// database and one Redis, behind the proxy of proxy.ts on one public port. `npm run cluster` starts one; the
// load bench and the fault runs start theirs with this too. A process that dies is started again (as systemd or
// a container runtime would) unless `supervise` is off.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import type http from 'node:http';
import { createInterface } from 'node:readline';
import type { Role } from '../config';
import { clusterProxy } from './proxy';

export interface ClusterOptions {
  /** The public port (the proxy's) and address (default 127.0.0.1; '' = every interface). */
  port: number;
  host?: string;
  /** The processes' own ports: the ingest process's first, then one per API process. */
  ports: number[];
  /** Environment of every process (DATABASE_URL, REDIS_URL, REDIS_PREFIX, AUTH_SECRET, DATA_DIR…). */
  env: NodeJS.ProcessEnv;
  /**
   * Each process's ROLE (default: the first `ingest`, the others `api`). Processes of role `all` get no requests
   * from the proxy unless listed first (they are then the upload processes); the fault runs reach them directly.
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
  proxy: http.Server;
  stop(): Promise<void>;
}

const RESTART_AFTER_MS = 1000;

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { ports, supervise = true } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  let stopping = false;

  const processes: ClusterProcess[] = ports.map((port, i) => {
    const role: Role = options.roles?.[i] ?? (i === 0 ? 'ingest' : 'api');
    const name = i === 0 && role === 'ingest' ? 'ingest' : `${role}${i}`;
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
            TRUST_PROXY: '1', // the proxy's X-Forwarded-For names the client
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

  const proxy = clusterProxy({
    ingest: [{ port: ports[0] }],
    api: ports.slice(1).map((port) => ({ port })),
  });
  await new Promise<void>((resolve, reject) => {
    proxy.once('error', reject);
    const host = options.host ?? '127.0.0.1';
    if (host) proxy.listen(options.port, host, () => resolve());
    else proxy.listen(options.port, () => resolve());
  });
  const address = proxy.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    processes,
    proxy,
    async stop() {
      stopping = true;
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await Promise.all(processes.map((p) => p.kill('SIGTERM')));
    },
  };
}
