// A server a test owns (its own port and DATA_DIR), for tests that stop and restart it; the config's webServer
// cannot be restarted from inside a test.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

async function freePort(): Promise<number> {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address() as { port: number };
  srv.close();
  await once(srv, 'close');
  return port;
}

export class OwnServer {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-own-'));
  private child: ChildProcess | null = null;
  private log = '';

  private constructor(readonly port: number) {}

  /** `port`: a fixed one (a test on a shared machine keeps to its range); else any free port. `env`: extra. */
  static async create(port?: number, env: Record<string, string> = {}): Promise<OwnServer> {
    const server = new OwnServer(port ?? (await freePort()));
    server.env = env;
    return server;
  }

  /** Resolves once the server's output contains `text` (e.g. the demo login, printed after the demo history). */
  async waitForLog(text: string, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.log.includes(text)) {
      if (Date.now() > deadline || this.child?.exitCode != null)
        throw new Error(`no "${text}" from the server:\n${this.log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  private env: Record<string, string> = {};

  get base(): string {
    return `http://localhost:${this.port}`;
  }

  /** Start `server/start.ts` (demo off unless `env` says otherwise) and wait until it answers. */
  async start(timeoutMs = 30_000, env: Record<string, string> = {}): Promise<void> {
    const child = spawn(resolve('node_modules/.bin/node'), ['--import', 'tsx', 'server/start.ts'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        DEMO: 'off',
        LOG_LEVEL: 'warn',
        ...this.env,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (b: Buffer) => {
      this.log = (this.log + b.toString()).slice(-4000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) break;
      const ok = await fetch(`${this.base}/metrics`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start on ${this.port}:\n${this.log}`);
  }

  /**
   * SIGTERM and wait for the process to end; SIGKILL after `timeoutMs`. (A server with a socket.io client still
   * connected does not finish its graceful close, so a page being open means the kill is what stops it.)
   */
  async stop(timeoutMs = 3000): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }
}
