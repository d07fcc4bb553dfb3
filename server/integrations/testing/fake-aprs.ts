// A local APRS-IS server for tests: greets like aprsc, answers the login with a logresp line (verified unless
// told otherwise) and records every line each connection sent.

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';

export interface AprsSession {
  lines: string[];
  /** Resolves when the client closed its side. */
  closed: Promise<void>;
}

export class FakeAprsIs {
  readonly sessions: AprsSession[] = [];
  private server: Server;
  private sockets = new Set<Socket>();
  /** What the logresp says of the login: 'verified' or 'unverified'. */
  verdict: 'verified' | 'unverified' = 'verified';
  url = '';

  constructor() {
    this.server = createServer((socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      let done: () => void = () => {};
      const session: AprsSession = { lines: [], closed: new Promise((r) => (done = r)) };
      this.sessions.push(session);
      let buffer = '';
      socket.setEncoding('latin1');
      socket.write('# aprsc 2.1.19-g730c5c0\r\n');
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          session.lines.push(line);
          const login = /^user (\S+) pass/.exec(line);
          if (login) socket.write(`# logresp ${login[1]} ${this.verdict}, server T2TEST\r\n`);
        }
      });
      socket.on('end', () => socket.end());
      socket.on('close', () => done());
      socket.on('error', () => done());
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `aprs://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
