// The ingest log of the SQLite writer: raw samples of the open 5-minute buckets are appended here (one write per
// group commit) and reach the samples table in bulk, a device's rows together, when their bucket closes or the
// log is rotated. Inserting each upload into the (device, time) index on its own touched a different page per
// upload, and writing those pages was the largest cost of an upload. After a crash the log is replayed into the
// table before anything else, so an acknowledged upload is never lost (the same durability as SQLite's WAL with
// synchronous = NORMAL: a process crash loses nothing, a power cut may lose the last moments).
import { closeSync, fstatSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';

export interface LoggedSample {
  seq: number;
  time: number;
  data: Buffer;
}

const HEADER = 10; // u32 device seq, u32 time, u16 length of the packed values

export interface SampleLog {
  /** Encoded records (RecordBuffer.bytes()). */
  append(records: Buffer): void;
  /** Everything logged since the last truncate (a torn last record is left out). */
  read(): LoggedSample[];
  truncate(): void;
  size(): number;
  close(): void;
}

export function encodeSamples(samples: LoggedSample[]): Buffer {
  let length = 0;
  for (const s of samples) length += HEADER + s.data.length;
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const s of samples) {
    out.writeUInt32LE(s.seq, at);
    out.writeUInt32LE(s.time, at + 4);
    out.writeUInt16LE(s.data.length, at + 8);
    s.data.copy(out, at + HEADER);
    at += HEADER + s.data.length;
  }
  return out;
}

export function decodeSamples(bytes: Buffer): LoggedSample[] {
  const out: LoggedSample[] = [];
  for (let at = 0; at + HEADER <= bytes.length; ) {
    const length = bytes.readUInt16LE(at + 8);
    if (at + HEADER + length > bytes.length) break; // torn by a crash mid-write
    out.push({
      seq: bytes.readUInt32LE(at),
      time: bytes.readUInt32LE(at + 4),
      data: Buffer.from(bytes.subarray(at + HEADER, at + HEADER + length)),
    });
    at += HEADER + length;
  }
  return out;
}

/**
 * Records kept as bytes, in the log's format, in one growing buffer: a waiting raw sample costs no objects of its
 * own (tens of thousands of them live for minutes, which made the garbage collector the largest cost).
 */
export class RecordBuffer {
  private buf: Buffer = Buffer.alloc(0);
  private used = 0;

  add(seq: number, time: number, data: Buffer): void {
    const need = this.used + HEADER + data.length;
    if (need > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.buf.length * 2, 1024));
      this.buf.copy(grown, 0, 0, this.used);
      this.buf = grown;
    }
    this.buf.writeUInt32LE(seq, this.used);
    this.buf.writeUInt32LE(time, this.used + 4);
    this.buf.writeUInt16LE(data.length, this.used + 8);
    data.copy(this.buf, this.used + HEADER);
    this.used = need;
  }

  /** Whether a record holds `time`. */
  has(time: number): boolean {
    for (let at = 0; at < this.used; at += HEADER + this.buf.readUInt16LE(at + 8))
      if (this.buf.readUInt32LE(at + 4) === time) return true;
    return false;
  }

  get length(): number {
    return this.used;
  }

  bytes(): Buffer {
    return this.buf.subarray(0, this.used);
  }

  records(): LoggedSample[] {
    return decodeSamples(this.bytes());
  }

  /** Each record, its values as a view into the buffer (valid only during the call: no copies). */
  forEach(fn: (seq: number, time: number, data: Buffer) => void): void {
    for (let at = 0; at < this.used; ) {
      const length = this.buf.readUInt16LE(at + 8);
      fn(
        this.buf.readUInt32LE(at),
        this.buf.readUInt32LE(at + 4),
        this.buf.subarray(at + HEADER, at + HEADER + length),
      );
      at += HEADER + length;
    }
  }

  clear(): void {
    this.used = 0;
  }
}

/** A log file beside the database (`<file>.ingest-log`). */
export function fileLog(path: string): SampleLog {
  const fd = openSync(path, 'a+');
  return {
    append(records) {
      if (records.length > 0) writeSync(fd, records);
    },
    read: () => decodeSamples(readFileSync(path)),
    truncate: () => ftruncateSync(fd, 0),
    size: () => fstatSync(fd).size,
    close: () => closeSync(fd),
  };
}

/** For an in-memory database: nothing outlives the process anyway. */
export function memoryLog(): SampleLog {
  let size = 0;
  return {
    append(records) {
      size += records.length;
    },
    read: () => [],
    truncate() {
      size = 0;
    },
    size: () => size,
    close() {},
  };
}
