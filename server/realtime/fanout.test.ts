// WebSocket framing of the direct fan-out, read by an independent client: Node's own WebSocket (undici).
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { describe, expect, test } from 'vitest';
import { textFrame } from './fanout';

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
