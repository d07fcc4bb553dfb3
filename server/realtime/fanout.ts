// Live samples may go to a thousand watchers, and each upload sends them two events (the sample and its
// 5-minute bucket). Measured on 2 cores, the cost is the write system call per socket (~12 µs on loopback) plus
// socket.io's own path per socket (packet objects, buffers, drain events: ~5 µs). So the events sent while the
// current callback and its promise continuations run (an upload's publishers) are encoded once, joined per socket,
// and written to each socket's WebSocket in one write, before the event loop moves on.
// From a few hundred sockets on, a helper thread writes half of them meanwhile (fd-writer.ts).
// A socket that socket.io is busy with (a write in flight, packets queued, long-polling, compression) gets the
// events through socket.io instead, so nothing overtakes what socket.io already holds for it.
import type { Server, Socket } from 'socket.io';
import { type FdTarget, fdWriter } from './fd-writer';

/** A server→client WebSocket text frame (FIN, opcode 1, unmasked), RFC 6455 §5.2. */
export function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = n;
  else if (n < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, head);
  return frame;
}

/** engine.io message (4) carrying a socket.io EVENT (2) on the main namespace. */
const eventPacket = (event: string, data: unknown) => `42${JSON.stringify([event, data])}`;

/** The parts of engine.io, ws and net a direct write depends on (socket.io's own broadcast uses the same sendFrame). */
interface TcpSocket {
  writableLength: number;
  destroyed: boolean;
  encrypted?: boolean;
  _handle?: { fd?: number } | null;
  write(data: Buffer): boolean;
}
interface WebSocketLike {
  readyState: number;
  extensions: string;
  _sender?: Sender;
  _socket?: TcpSocket;
}
interface EngineConnection {
  readyState: string;
  upgrading: boolean;
  writeBuffer: unknown[];
  transport: { name: string; writable: boolean; socket?: WebSocketLike };
}
type Sender = { sendFrame(list: Buffer[]): void };

/**
 * The WebSocket of a transport when frames may go straight onto it: one without extensions (compression would
 * need socket.io's own path). Fixed for the transport's life, so looked up once.
 */
const webSockets = new WeakMap<object, WebSocketLike | null>();
function webSocketOf(transport: EngineConnection['transport']): WebSocketLike | null {
  let ws = webSockets.get(transport);
  if (ws === undefined) {
    const candidate = transport.socket;
    ws =
      transport.name === 'websocket' && candidate?._sender && candidate.extensions === '' ? candidate : null;
    webSockets.set(transport, ws);
  }
  return ws;
}

/** The socket's WebSocket when socket.io holds nothing for it (frames may be written straight onto it). */
function directWebSocket(socket: Socket): WebSocketLike | null {
  const conn = socket.conn as unknown as EngineConnection;
  const { transport } = conn;
  const ws = webSocketOf(transport);
  if (
    ws === null ||
    !socket.connected ||
    conn.readyState !== 'open' ||
    conn.upgrading ||
    conn.writeBuffer.length > 0 ||
    !transport.writable ||
    ws.readyState !== 1
  )
    return null;
  return ws;
}

/** The descriptor of a plain TCP socket with nothing queued (another thread may write to it), else -1. */
function idleFd(ws: WebSocketLike): number {
  const tcp = ws._socket;
  if (!tcp || tcp.encrypted || tcp.destroyed || tcp.writableLength > 0) return -1;
  return tcp._handle?.fd ?? -1;
}

/** From this many direct sockets on, half of them are written by the helper thread (fd-writer.ts). */
const SPLIT_FROM = 256;

interface Pending {
  event: string;
  data: unknown;
  ids: string[];
}
interface Target {
  socket: Socket;
  /** Indexes of the batch's events this socket gets, in order. */
  list: number[];
  frame: Buffer;
}

export class FanOut {
  private pending: Pending[] = [];

  constructor(private readonly io: Server) {}

  /** Sends `event` to the sockets `ids` once the current continuations have run, with the others sent meanwhile. */
  send(event: string, data: unknown, ids: string[]): void {
    if (ids.length === 0) return;
    if (this.pending.length === 0) process.nextTick(() => this.flush());
    this.pending.push({ event, data, ids });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    const sockets = this.io.of('/').sockets;
    const single: Buffer[] = [];
    const frameOf = (i: number) => {
      single[i] ??= textFrame(eventPacket(batch[i].event, batch[i].data));
      return single[i];
    };
    const targets: Target[] = [];
    const add = (id: string, list: number[], frame: Buffer) => {
      const socket = sockets.get(id);
      if (socket) targets.push({ socket, list, frame });
    };
    // Usually every event of the turn goes to the same sockets (a sample and its 5-minute bucket): one frame.
    const { ids } = batch[0];
    if (batch.every((p) => sameIds(p.ids, ids))) {
      const all = batch.map((_, i) => i);
      const frame = batch.length === 1 ? frameOf(0) : Buffer.concat(all.map(frameOf));
      for (const id of ids) add(id, all, frame);
    } else {
      // Otherwise which events each socket gets, in order; sockets with the same list share one joined frame.
      const lists = new Map<string, number[]>();
      batch.forEach((p, i) => {
        for (const id of p.ids) {
          const list = lists.get(id);
          if (list) list.push(i);
          else lists.set(id, [i]);
        }
      });
      const frames = new Map<string, Buffer>();
      for (const [id, list] of lists) {
        const key = list.join(',');
        let frame = frames.get(key);
        if (!frame) {
          frame = list.length === 1 ? frameOf(list[0]) : Buffer.concat(list.map(frameOf));
          frames.set(key, frame);
        }
        add(id, list, frame);
      }
    }
    deliver(targets, batch);
  }
}

/** Writes each target's frame: straight onto its WebSocket (half of many on the helper thread), else via socket.io. */
function deliver(targets: Target[], batch: Pending[]): void {
  const direct: { ws: WebSocketLike; frame: Buffer }[] = [];
  const viaSocketIo: Target[] = [];
  // Once per socket: two threads must never write to the same socket.
  const seen = new Set<Socket>();
  for (const t of targets) {
    if (seen.has(t.socket)) continue;
    seen.add(t.socket);
    const ws = directWebSocket(t.socket);
    if (ws) direct.push({ ws, frame: t.frame });
    else viaSocketIo.push(t);
  }
  const helper = direct.length >= SPLIT_FROM ? fdWriter() : null;
  const handed: FdTarget[] = [];
  let mine = direct;
  if (helper) {
    mine = direct.slice(0, direct.length >> 1);
    for (const d of direct.slice(direct.length >> 1)) {
      const fd = idleFd(d.ws);
      if (fd >= 0 && handed.length < helper.capacity)
        handed.push({ fd, frame: d.frame, socket: d.ws._socket! });
      else mine.push(d);
    }
  }
  const writeMine = () => {
    for (const { ws, frame } of mine) ws._sender!.sendFrame([frame]);
    for (const { socket, list } of viaSocketIo)
      for (const i of list) socket.emit(batch[i].event, batch[i].data);
  };
  if (handed.length > 0 && helper!.write(handed, writeMine)) return;
  writeMine();
  for (const { socket, frame } of handed) socket.write(frame);
}

function sameIds(a: string[], b: string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
