// Live samples may go to a thousand watchers, and each upload sends them two events (the sample and its
// 5-minute bucket). Measured on 2 cores, the cost is the write system call per socket (~12 µs on loopback) plus
// socket.io's own path per socket (packet objects, buffers, drain events: ~5 µs). So the events sent while the
// current callback and its promise continuations run (an upload's publishers) are encoded once, joined per socket,
// and written to each socket's WebSocket in one write, before the event loop moves on.
// A socket that socket.io is busy with (a write in flight, packets queued, long-polling, compression) gets the
// events through socket.io instead, so nothing overtakes what socket.io already holds for it.
import type { Server, Socket } from 'socket.io';

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

/** The parts of engine.io and ws a direct write depends on (socket.io's own broadcast uses the same sendFrame). */
interface EngineConnection {
  readyState: string;
  upgrading: boolean;
  writeBuffer: unknown[];
  transport: {
    name: string;
    writable: boolean;
    socket?: { readyState: number; extensions: string; _sender?: { sendFrame(list: Buffer[]): void } };
  };
}

type Sender = { sendFrame(list: Buffer[]): void };

/**
 * The WebSocket sender of a transport when frames may go straight onto it: a WebSocket without extensions
 * (compression would need socket.io's own path). Fixed for the transport's life, so looked up once.
 */
const senders = new WeakMap<object, Sender | null>();
function senderOf(transport: EngineConnection['transport']): Sender | null {
  let sender = senders.get(transport);
  if (sender === undefined) {
    const ws = transport.socket;
    sender = transport.name === 'websocket' && ws?.extensions === '' && ws._sender ? ws._sender : null;
    senders.set(transport, sender);
  }
  return sender;
}

/** Writes straight onto the socket's WebSocket when socket.io holds nothing for it; false when it may not. */
function writeDirect(socket: Socket, frame: Buffer): boolean {
  const conn = socket.conn as unknown as EngineConnection;
  const { transport } = conn;
  const sender = senderOf(transport);
  if (
    sender === null ||
    !socket.connected ||
    conn.readyState !== 'open' ||
    conn.upgrading ||
    conn.writeBuffer.length > 0 ||
    !transport.writable ||
    transport.socket?.readyState !== 1
  )
    return false;
  sender.sendFrame([frame]);
  return true;
}

interface Pending {
  event: string;
  data: unknown;
  ids: string[];
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
    const deliver = (id: string, list: number[], frame: Buffer) => {
      const socket = sockets.get(id);
      if (socket && !writeDirect(socket, frame))
        for (const i of list) socket.emit(batch[i].event, batch[i].data);
    };
    // Usually every event of the turn goes to the same sockets (a sample and its 5-minute bucket): one frame.
    const { ids } = batch[0];
    if (batch.every((p) => sameIds(p.ids, ids))) {
      const all = batch.map((_, i) => i);
      const frame = batch.length === 1 ? frameOf(0) : Buffer.concat(all.map(frameOf));
      for (const id of ids) deliver(id, all, frame);
      return;
    }
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
      deliver(id, list, frame);
    }
  }
}

function sameIds(a: string[], b: string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
