// A gzip-compressed tar archive (POSIX ustar, with pax headers for long names and large sizes), written and
// read as streams so a backup of any size never sits in memory. Backups are ordinary .tar.gz files: `tar -tzf`
// lists them and `tar -xzf` unpacks them.

import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;

export interface TarEntry {
  /** Path inside the archive, `/`-separated, relative. */
  name: string;
  type: 'file' | 'directory';
  size: number;
  mode: number;
  /** Seconds since the epoch. */
  mtime: number;
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

/** A pax extended header record: "<length> key=value\n", the length counting itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

function header(fields: { name: string; mode: number; size: number; mtime: number; type: string }): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(fields.name, 0, 100, 'utf8');
  block.write(octal(fields.mode & 0o7777, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(fields.size, 12), 124, 'ascii');
  block.write(octal(Math.max(0, Math.floor(fields.mtime)), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii'); // checksum counted as spaces
  block.write(fields.type, 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

const MAX_OCTAL_SIZE = 0o77777777777;

export class TarWriter {
  private gzip = createGzip({ level: 6 });
  private out: WriteStream;
  private done: Promise<void>;

  constructor(file: string) {
    this.out = createWriteStream(file, { mode: 0o600 });
    this.done = pipeline(this.gzip, this.out);
    // A failure of the file surfaces at the next write or at finish().
    this.done.catch(() => {});
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await once(this.gzip, 'drain');
  }

  private async head(entry: Omit<TarEntry, 'type'>, type: '0' | '5'): Promise<void> {
    const name = type === '5' && !entry.name.endsWith('/') ? `${entry.name}/` : entry.name;
    const plain = /^[\x20-\x7e]*$/.test(name) && Buffer.byteLength(name) <= 100;
    const records = [
      ...(plain ? [] : [paxRecord('path', name)]),
      ...(entry.size > MAX_OCTAL_SIZE ? [paxRecord('size', String(entry.size))] : []),
    ].join('');
    if (records) {
      const body = Buffer.from(records, 'utf8');
      await this.write(
        header({ name: 'PaxHeader', mode: 0o644, size: body.length, mtime: entry.mtime, type: 'x' }),
      );
      await this.write(Buffer.concat([body, Buffer.alloc((BLOCK - (body.length % BLOCK)) % BLOCK)]));
    }
    await this.write(
      header({
        name: plain ? name : name.replace(/[^\x20-\x7e]/g, '_').slice(-100),
        mode: entry.mode,
        size: entry.size > MAX_OCTAL_SIZE ? 0 : entry.size,
        mtime: entry.mtime,
        type,
      }),
    );
  }

  async directory(name: string, mode = 0o755, mtime = Date.now() / 1000): Promise<void> {
    await this.head({ name, size: 0, mode, mtime }, '5');
  }

  async buffer(name: string, data: Buffer, mode = 0o644, mtime = Date.now() / 1000): Promise<void> {
    await this.head({ name, size: data.length, mode, mtime }, '0');
    await this.write(data);
    await this.pad(data.length);
  }

  /**
   * A file's bytes as they are now. `size` is what the header announced; a file that changed length while read
   * (it should not: callers copy live files first) is cut or padded with zeros to keep the archive readable.
   */
  async file(
    name: string,
    path: string,
    size: number,
    mode = 0o644,
    mtime = Date.now() / 1000,
  ): Promise<void> {
    await this.head({ name, size, mode, mtime }, '0');
    let written = 0;
    for await (const chunk of createReadStream(path, {
      end: size > 0 ? size - 1 : 0,
    }) as AsyncIterable<Buffer>) {
      const part = chunk.subarray(0, size - written);
      if (part.length === 0) break;
      await this.write(part);
      written += part.length;
    }
    if (written < size) await this.write(Buffer.alloc(size - written));
    await this.pad(size);
  }

  private async pad(size: number): Promise<void> {
    const rest = (BLOCK - (size % BLOCK)) % BLOCK;
    if (rest) await this.write(Buffer.alloc(rest));
  }

  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.gzip.end();
    await this.done;
  }
}

function readString(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, start: number, length: number): number {
  const text = readString(block, start, length).trim();
  return text ? Number.parseInt(text, 8) : 0;
}

function parsePax(body: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    if (space === -1) break;
    const length = Number(body.subarray(at, space).toString('ascii'));
    if (!Number.isInteger(length) || length <= 0) break;
    const record = body.subarray(space + 1, at + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return out;
}

/** A byte source read exactly: `take(n)` answers the next n bytes (fewer only at the end of the stream). */
class Exact {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private iterator: AsyncIterator<Buffer>;
  private ended = false;

  constructor(source: AsyncIterable<Buffer>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  private async fill(n: number): Promise<void> {
    while (this.buffered < n && !this.ended) {
      const next = await this.iterator.next();
      if (next.done) this.ended = true;
      else {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
  }

  async take(n: number): Promise<Buffer> {
    await this.fill(n);
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
    const out = all.subarray(0, Math.min(n, all.length));
    const rest = all.subarray(out.length);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return out;
  }

  /**
   * The next `state.left` bytes in pieces as they arrive (a large file is never held whole); `state.left` says
   * what a reader that stopped early left unread.
   */
  async *pieces(state: { left: number }, piece = 1 << 20): AsyncGenerator<Buffer> {
    while (state.left > 0) {
      const chunk = await this.take(Math.min(state.left, piece));
      if (chunk.length === 0) throw new Error('The archive ends in the middle of a file (truncated?)');
      state.left -= chunk.length;
      yield chunk;
    }
  }

  async skip(n: number): Promise<void> {
    for (let left = n; left > 0; ) {
      const chunk = await this.take(Math.min(left, 1 << 20));
      if (chunk.length === 0) throw new Error('The archive ends in the middle of a file (truncated?)');
      left -= chunk.length;
    }
  }
}

/**
 * Reads a .tar.gz, calling `onEntry` for each file and directory with its contents as a stream of pieces (a
 * file's pieces must be consumed before the next entry; unconsumed ones are skipped).
 */
export async function readTar(
  file: string | Readable,
  onEntry: (entry: TarEntry, contents: AsyncGenerator<Buffer>) => Promise<void>,
): Promise<void> {
  const source = typeof file === 'string' ? createReadStream(file) : file;
  const gunzip = createGunzip();
  source.on('error', (e: Error) => gunzip.destroy(e));
  source.pipe(gunzip);
  const input = new Exact(gunzip as AsyncIterable<Buffer>);
  let pax: Record<string, string> = {};
  let ended = false;
  for (;;) {
    const block = await input.take(BLOCK);
    if (block.length === 0) break;
    if (block.length < BLOCK) throw new Error('The archive is truncated');
    if (block.every((b) => b === 0)) {
      ended = true;
      break;
    }
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i];
    if (sum !== readOctal(block, 148, 8)) throw new Error('Not a backup archive (bad tar header checksum)');
    const type = String.fromCharCode(block[156] || 0x30);
    const prefix = readString(block, 345, 155);
    const name = pax.path ?? (prefix ? `${prefix}/` : '') + readString(block, 0, 100);
    const size = pax.size !== undefined ? Number(pax.size) : readOctal(block, 124, 12);
    const padded = size + ((BLOCK - (size % BLOCK)) % BLOCK);
    if (type === 'x' || type === 'g') {
      const body = await input.take(padded);
      if (type === 'x') pax = parsePax(body.subarray(0, size));
      continue;
    }
    pax = {};
    const entry: TarEntry = {
      name: name.replace(/\/+$/, ''),
      type: type === '5' ? 'directory' : 'file',
      size,
      mode: readOctal(block, 100, 8),
      mtime: readOctal(block, 136, 12),
    };
    if (type !== '0' && type !== '5') {
      // Links and devices have no place in a backup: skipped.
      await input.skip(padded);
      continue;
    }
    const state = { left: size };
    await onEntry(entry, input.pieces(state));
    await input.skip(state.left + (padded - size)); // what the handler left, and the padding
  }
  if (!ended) throw new Error('The archive is truncated (no end marker)');
}
