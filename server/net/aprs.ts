// One APRS-IS conversation over TCP (CWOP, issue #28), through the same address rules as every HTTP request a
// user's or an operator's address leads to (guarded.ts, issue #20): an IP literal is checked before the socket
// is made, a name is resolved by the guarded lookup so the address checked is the address connected to.
//
// The conversation is the one the CWOP guide (wxqa.com/faq.html) describes and WeeWX restx.py
// CWOPThread.send_packet() runs: the server greets with a "#" line, we send the login line, the server answers
// "# logresp <call> verified|unverified, server <name>", we send the packet line and close. Only the logresp line
// is kept (the format reads it); nothing else the server says is read.
import { isIP, Socket } from 'node:net';
import { addressAllowed, isLocalName } from './address';
import { BlockedTarget, type GuardOptions, guardedLookup } from './guarded';

export interface AprsAnswer {
  /** 200 once the packet was written after a logresp line; 0 when nothing came back. */
  status: number;
  /** The logresp line. */
  body: string;
}

/** The host and port of an `aprs://host:port` address; null when it is not one. */
export function aprsAddress(url: string): { host: string; port: number } | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'aprs:' || !u.hostname || u.username || u.password) return null;
  const port = Number(u.port || 14580);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  return {
    host: u.hostname
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '')
      .toLowerCase(),
    port,
  };
}

/** Whether an APRS-IS address may be used before any lookup (as urlAllowed for http): not a literal private
 *  address nor a name of the host itself. A name is checked again, address by address, at the connection. */
export function aprsUrlAllowed(url: string, options: GuardOptions): boolean {
  const target = aprsAddress(url);
  if (!target) return false;
  return isIP(target.host)
    ? addressAllowed(target.host, options.allowPrivate)
    : options.allowPrivate || !isLocalName(target.host);
}

/** Sends `login` then, once the server answered it, `packet`; resolves with the server's logresp line. */
export function guardedAprs(
  url: string,
  lines: { login: string; packet: string },
  request: { timeoutMs: number },
  options: GuardOptions,
): Promise<AprsAnswer> {
  const target = aprsAddress(url);
  if (!target) return Promise.reject(new BlockedTarget('url'));
  const { host, port } = target;
  if (!aprsUrlAllowed(url, options)) return Promise.reject(new BlockedTarget('address'));
  return new Promise<AprsAnswer>((resolve, reject) => {
    const socket = new Socket();
    let buffer = '';
    let loggedIn = false;
    let settled = false;
    const finish = (error: Error | null, answer?: AprsAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        socket.destroy();
        reject(error);
      } else {
        socket.end();
        resolve(answer!);
      }
    };
    const timer = setTimeout(() => {
      const error = new Error('APRS-IS did not answer');
      error.name = 'TimeoutError';
      finish(error);
    }, request.timeoutMs);
    socket.setEncoding('latin1');
    socket.on('error', (error) => finish(error));
    socket.on('close', () => finish(new Error('APRS-IS closed the connection')));
    socket.on('data', (chunk: string) => {
      // A server that sends no line ending is not read beyond a few kilobytes.
      buffer = (buffer + chunk).slice(-4096);
      let end = buffer.indexOf('\n');
      while (end >= 0) {
        const line = buffer.slice(0, end).replace(/\r$/, '');
        buffer = buffer.slice(end + 1);
        if (!loggedIn && /^#\s*logresp\b/i.test(line)) {
          loggedIn = true;
          socket.write(`${lines.packet}\r\n`, () => finish(null, { status: 200, body: line.slice(0, 200) }));
        }
        end = buffer.indexOf('\n');
      }
    });
    // The login goes with the connection: servers greet first, but take the login whenever it comes.
    socket.connect({ host, port, lookup: guardedLookup(options) }, () => socket.write(`${lines.login}\r\n`));
  });
}
