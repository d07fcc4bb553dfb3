// HAProxy as the cluster's front door: writes the filled deploy/haproxy.cfg into a directory of its own, runs
// `haproxy` in the foreground as a child, and reads its runtime API (each process's state and request count).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type HaproxyOptions, haproxyConfig } from './haproxy-config';

/** One server's line of `show stat`. */
export interface ServerStat {
  backend: string;
  server: string;
  /** UP, DOWN, MAINT, `UP 1/2` (going down)… */
  status: string;
  /** Requests sent to it so far. */
  requests: number;
}

export interface Haproxy {
  child: ChildProcess;
  configPath: string;
  stats(): Promise<ServerStat[]>;
  stop(): Promise<void>;
}

/** The HAProxy binary: HAPROXY, else `haproxy` on PATH or Debian's /usr/sbin (not on a user's PATH). */
export function haproxyBinary(): string {
  if (process.env.HAPROXY) return process.env.HAPROXY;
  for (const candidate of ['haproxy', '/usr/sbin/haproxy'])
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {}
  throw new Error('HAProxy is not installed: apt-get install haproxy (or set HAPROXY to its path)');
}

/** A runtime API command's answer (the socket closes after it). */
function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = net.connect(socket);
    let out = '';
    c.on('connect', () => c.end(`${command}\n`));
    c.on('data', (d) => {
      out += d;
    });
    c.on('end', () => resolve(out));
    c.on('error', reject);
  });
}

export async function startHaproxy(
  options: Omit<HaproxyOptions, 'statsSocket'>,
  log: (line: string) => void,
): Promise<Haproxy> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-haproxy-'));
  const statsSocket = join(dir, 'admin.sock');
  const configPath = join(dir, 'haproxy.cfg');
  writeFileSync(configPath, haproxyConfig({ ...options, statsSocket }));
  // -db: foreground, no daemon; -W: master-worker, so SIGTERM/SIGUSR1 stop it as for systemd.
  const child = spawn(haproxyBinary(), ['-W', '-db', '-f', configPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!])
    createInterface({ input: stream }).on('line', (line) => log(`[haproxy] ${line}`));
  const exited = once(child, 'exit');

  const stats = async (): Promise<ServerStat[]> => {
    const [header, ...rows] = (await ask(statsSocket, 'show stat')).trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    return rows
      .map((row) => row.split(','))
      .filter((f) => f[at('svname')] !== 'FRONTEND' && f[at('svname')] !== 'BACKEND')
      .map((f) => ({
        backend: f[at('pxname')],
        server: f[at('svname')],
        status: f[at('status')],
        requests: Number(f[at('stot')]),
      }));
  };
  // Listening (and its runtime API answering) once the stats answer; an exit first is a failed start (a port
  // taken, a bad configuration: HAProxy said why on stderr).
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`HAProxy exited (${child.exitCode ?? child.signalCode}); its output says why`);
    try {
      await stats();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error('HAProxy did not start within 15 s');
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    child,
    configPath,
    stats,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
