// WebSocket framing of the direct fan-out, read by an independent client: Node's own WebSocket (undici).
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import type { Server } from 'socket.io';
import { describe, expect, test } from 'vitest';
import { FanOut, textFrame } from './fanout';

/** A bare WebSocket server that accepts one client and writes `bytes` to it; resolves with what the client read. */
async function receive(bytes: Buffer, expected: number): Promise<string[]> {
  const server = net.createServer((socket) => {
    socket.once('data', (request) => {
      const key = /Sec-WebSocket-Key: (.+)\r\n/i.exec(request.toString())![1];
      const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64');
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
      socket.write(bytes);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const ws = new WebSocket(`ws://127.0.0.1:${(server.address() as net.AddressInfo).port}`);
  const got: string[] = [];
  await new Promise<void>((resolve, reject) => {
    ws.onmessage = ({ data }) => {
      got.push(data as string);
      if (got.length === expected) resolve();
    };
    ws.onerror = () => reject(new Error('the client refused the frames'));
  });
  ws.close();
  server.close();
  return got;
}

describe('textFrame', () => {
  test.each([0, 1, 125, 126, 127, 65535, 65536, 70000])('a %i-byte text is one whole frame', async (n) => {
    const text = 'x'.repeat(n);
    const frame = textFrame(text);
    expect(frame.length - n).toBe(n < 126 ? 2 : n < 65536 ? 4 : 10);
    expect(await receive(frame, 1)).toEqual([text]);
  });

  test('the length counts bytes, not characters', async () => {
    const text = '42["weatherMetrics created",{"note":"−5 °C ☂"}]';
    expect(await receive(textFrame(text), 1)).toEqual([text]);
  });

  test('frames joined into one write arrive as separate messages', async () => {
    const frames = Buffer.concat([textFrame('a'), textFrame('b'.repeat(200))]);
    expect(await receive(frames, 2)).toEqual(['a', 'b'.repeat(200)]);
  });
});

describe('FanOut', () => {
  /** A socket.io server stand-in: each socket records what reached it directly and through socket.io. */
  function fakeServer(ids: string[], busy: string[] = []) {
    const got = new Map<string, { direct: Buffer[]; emitted: string[] }>();
    const sockets = new Map(
      ids.map((id) => {
        const record = { direct: [] as Buffer[], emitted: [] as string[] };
        got.set(id, record);
        const ws = {
          readyState: 1,
          extensions: '',
          _sender: { sendFrame: (list: Buffer[]) => record.direct.push(...list) },
        };
        const conn = {
          readyState: 'open',
          upgrading: false,
          writeBuffer: busy.includes(id) ? ['a packet socket.io still holds'] : [],
          transport: { name: 'websocket', writable: true, socket: ws },
        };
        return [id, { connected: true, conn, emit: (event: string) => record.emitted.push(event) }];
      }),
    );
    return { io: { of: () => ({ sockets }) } as unknown as Server, got };
  }
  const frameOf = (event: string, data: unknown) => textFrame(`42${JSON.stringify([event, data])}`);

  test('events sent from the continuations of one upload reach each socket in one write, in order', async () => {
    const { io, got } = fakeServer(['a', 'b', 'c'], ['c']);
    const fanOut = new FanOut(io);
    const ids = ['a', 'b', 'c'];
    // As the two publishers do: each awaits its watcher lookup before sending.
    await Promise.all([
      Promise.resolve().then(() => fanOut.send('sample', { n: 1 }, ids)),
      Promise.resolve()
        .then(() => undefined)
        .then(() => fanOut.send('bucket', { n: 2 }, ids)),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    const both = Buffer.concat([frameOf('sample', { n: 1 }), frameOf('bucket', { n: 2 })]);
    expect(got.get('a')!.direct).toEqual([both]);
    expect(got.get('b')!.direct).toEqual([both]);
    // A socket socket.io is busy with gets them through socket.io, behind what it holds.
    expect(got.get('c')).toEqual({ direct: [], emitted: ['sample', 'bucket'] });
  });

  test('a socket named twice gets the events once', async () => {
    const { io, got } = fakeServer(['a']);
    const fanOut = new FanOut(io);
    fanOut.send('one', 1, ['a', 'a']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(got.get('a')!.direct).toEqual([frameOf('one', 1)]);
  });

  test('sockets that get different events each get their own, in the order sent', async () => {
    const { io, got } = fakeServer(['a', 'b']);
    const fanOut = new FanOut(io);
    fanOut.send('one', 1, ['a']);
    fanOut.send('two', 2, ['a', 'b']);
    fanOut.send('three', 3, ['b', 'gone']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(got.get('a')!.direct).toEqual([Buffer.concat([frameOf('one', 1), frameOf('two', 2)])]);
    expect(got.get('b')!.direct).toEqual([Buffer.concat([frameOf('two', 2), frameOf('three', 3)])]);
  });
});
