// Bucket aggregates as a compact binary record, so a history answer decodes only the metrics it was asked for
// (JSON made a year of daily rows or a month of 5-minute rows cost a full parse per row).
// Layout, little-endian: n × [count, sum, min, max, last] as float64, then n × uint16 catalogue positions
// (ascending), then uint16 n. Positions index METRIC_KEYS: the catalogue only ever appends (packed.test.ts pins it).
// A record of one reading (every aggregate [1, v, v, v, v], as a 5-minute archive's rows or a console's single
// upload in its slot make) is stored as n × v instead, flagged in the last uint16 (n | SINGLE): 10 bytes a metric
// instead of 42. Most of a 5-minute import's bytes were those repeated values (issue 25: 824 → 192 bytes a row).
import { endianness } from 'node:os';
import type { Agg } from '../../src/domain/aggregate';
import { METRIC_KEYS, METRICS, metricIndex } from '../../src/domain/catalogue';
import type { Coded } from '../../src/domain/types';
import type { Aggs } from './buckets';

const LITTLE_ENDIAN = endianness() === 'LE';

export function pack(aggs: Aggs): Buffer {
  // Positions in ascending order (insertion sort: a record holds a few dozen), then the record assembled in
  // typed scratch arrays and copied out once: this runs for every bucket an upload or an import writes.
  let n = 0;
  for (const key in aggs) {
    const index = metricIndex(key);
    if (index >= METRIC_KEYS.length) continue;
    let j = n++;
    for (; j > 0 && SCRATCH_POSITIONS[j - 1] > index; j--) SCRATCH_POSITIONS[j] = SCRATCH_POSITIONS[j - 1];
    SCRATCH_POSITIONS[j] = index;
  }
  for (let j = 0; j < n; j++) {
    const a = aggs[METRIC_KEYS[SCRATCH_POSITIONS[j]]];
    for (let f = 0; f < 5; f++) SCRATCH_AGGS[j * 5 + f] = a[f];
  }
  let single = n > 0;
  for (let j = 0; j < n && single; j++) {
    const o = j * 5;
    const v = SCRATCH_AGGS[o + 1];
    single =
      SCRATCH_AGGS[o] === 1 &&
      SCRATCH_AGGS[o + 2] === v &&
      SCRATCH_AGGS[o + 3] === v &&
      SCRATCH_AGGS[o + 4] === v;
  }
  if (single) return packSingle(n);
  SCRATCH_POSITIONS[n] = n;
  const buf = Buffer.allocUnsafe(n * 42 + 2);
  if (LITTLE_ENDIAN) {
    buf.set(SCRATCH_AGG_BYTES.subarray(0, n * 40), 0);
    buf.set(SCRATCH_POSITION_BYTES.subarray(0, n * 2 + 2), n * 40);
    return buf;
  }
  for (let j = 0; j < n; j++) {
    for (let f = 0; f < 5; f++) buf.writeDoubleLE(SCRATCH_AGGS[j * 5 + f], (j * 5 + f) * 8);
    buf.writeUInt16LE(SCRATCH_POSITIONS[j], n * 40 + j * 2);
  }
  buf.writeUInt16LE(n, n * 42);
  return buf;
}

/** The flag of a one-reading record in its last uint16 (n is far below it: the catalogue has ~150 metrics). */
const SINGLE = 0x8000;

/** A one-reading record: the values (the sums) only, then the positions and n | SINGLE. */
function packSingle(n: number): Buffer {
  for (let j = 0; j < n; j++) SCRATCH_VALUES[j] = SCRATCH_AGGS[j * 5 + 1];
  return valuesRecord(n, n | SINGLE);
}

/** n × float64 from SCRATCH_VALUES, n × uint16 positions, then `last`: a raw sample's or a one-reading record. */
function valuesRecord(n: number, last: number): Buffer {
  SCRATCH_POSITIONS[n] = last;
  const buf = Buffer.allocUnsafe(n * 10 + 2);
  if (LITTLE_ENDIAN) {
    // Typed arrays hold the machine's byte order, which is the format's on every little-endian machine.
    buf.set(SCRATCH_VALUE_BYTES.subarray(0, n * 8), 0);
    buf.set(SCRATCH_POSITION_BYTES.subarray(0, n * 2 + 2), n * 8);
    return buf;
  }
  for (let j = 0; j < n; j++) {
    buf.writeDoubleLE(SCRATCH_VALUES[j], j * 8);
    buf.writeUInt16LE(SCRATCH_POSITIONS[j], n * 8 + j * 2);
  }
  buf.writeUInt16LE(last, n * 10);
  return buf;
}

/** A record's number of metrics. */
const countOf = (b: Buffer) => b.readUInt16LE(b.length - 2) & ~SINGLE;
/** The bytes of each metric's numbers: 40, or 8 in a one-reading record. */
const strideOf = (b: Buffer): 40 | 8 => (b.readUInt16LE(b.length - 2) & SINGLE ? 8 : 40);

function agg(buf: Buffer, j: number, stride: 40 | 8): Agg {
  if (stride === 8) {
    const v = buf.readDoubleLE(j * 8);
    return [1, v, v, v, v];
  }
  const o = j * 40;
  return [
    buf.readDoubleLE(o),
    buf.readDoubleLE(o + 8),
    buf.readDoubleLE(o + 16),
    buf.readDoubleLE(o + 24),
    buf.readDoubleLE(o + 32),
  ];
}

const bufferOf = (buf: Buffer | Uint8Array) =>
  Buffer.isBuffer(buf) ? buf : Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);

/** Every metric of a record. */
export function unpack(buf: Buffer | Uint8Array): Aggs {
  const b = bufferOf(buf);
  const n = countOf(b);
  const stride = strideOf(b);
  const out: Aggs = {};
  for (let j = 0; j < n; j++) out[METRIC_KEYS[b.readUInt16LE(n * stride + j * 2)]] = agg(b, j, stride);
  return out;
}

/** The record in the 40-bytes-a-metric layout, whose numbers can be rewritten in place (recalibrate.ts). */
export function widen(buf: Buffer): Buffer {
  if (strideOf(buf) === 40) return buf;
  const n = countOf(buf);
  const out = Buffer.allocUnsafe(n * 42 + 2);
  for (let j = 0; j < n; j++) {
    const v = buf.readDoubleLE(j * 8);
    out.writeDoubleLE(1, j * 40);
    for (let f = 1; f < 5; f++) out.writeDoubleLE(v, j * 40 + f * 8);
    out.writeUInt16LE(buf.readUInt16LE(n * 8 + j * 2), n * 40 + j * 2);
  }
  out.writeUInt16LE(n, n * 42);
  return out;
}

/**
 * Reads only `keys` from records. Consecutive records of a station almost always hold the same metrics, so the
 * positions found for one record are reused while the position table is byte-identical.
 */
export class PackedReader {
  private want: number[];
  private layout: Buffer | null = null;
  private slots: number[] = [];

  constructor(private keys: string[]) {
    this.want = keys.map(metricIndex);
  }

  read(buf: Buffer | Uint8Array): Aggs {
    const b = bufferOf(buf);
    const n = countOf(b);
    const stride = strideOf(b);
    // The positions and the last uint16, which tells the two layouts apart.
    const table = b.subarray(n * stride);
    if (!this.layout?.equals(table)) {
      this.layout = Buffer.from(table);
      this.slots = this.want.map((index) => {
        for (let j = 0; j < n; j++) if (table.readUInt16LE(j * 2) === index) return j;
        return -1;
      });
    }
    const out: Aggs = {};
    for (let w = 0; w < this.keys.length; w++)
      if (this.slots[w] >= 0) out[this.keys[w]] = agg(b, this.slots[w], stride);
    return out;
  }
}

/** Where each metric's primary value sits in its record (-1: the mean, sum / count). */
const PRIMARY_FIELD: number[] = METRICS.map(
  (d) => (({ mean: -1, count: 0, sum: 1, min: 2, max: 3, last: 4 }) as const)[d.primary],
);

/**
 * Records straight to the coded answer of primary values ([time, …metrics] columns in catalogue order),
 * without building an object per record: a history answer is mostly this loop.
 */
export function primaryCoded(records: { time: number; data: Buffer | Uint8Array }[]): Coded {
  const bufs = records.map((r) => bufferOf(r.data));
  const present = new Uint8Array(METRIC_KEYS.length);
  for (const b of bufs) {
    const n = countOf(b);
    const stride = strideOf(b);
    for (let j = 0; j < n; j++) present[b.readUInt16LE(n * stride + j * 2)] = 1;
  }
  const column = new Int16Array(METRIC_KEYS.length).fill(-1);
  const columns = ['time'];
  for (let i = 0; i < present.length; i++) {
    if (present[i]) {
      column[i] = columns.length;
      columns.push(METRIC_KEYS[i]);
    }
  }
  const rows = bufs.map((b, r) => {
    const row: (number | null)[] = new Array(columns.length).fill(null);
    row[0] = Number(records[r].time);
    const n = countOf(b);
    const stride = strideOf(b);
    for (let j = 0; j < n; j++) {
      const index = b.readUInt16LE(n * stride + j * 2);
      // A one-reading record's value is each of its aggregates.
      if (stride === 8) {
        row[column[index]] = b.readDoubleLE(j * 8);
        continue;
      }
      const o = j * 40;
      const count = b.readDoubleLE(o);
      if (count === 0) continue;
      const f = PRIMARY_FIELD[index];
      row[column[index]] = f < 0 ? b.readDoubleLE(o + 8) / count : b.readDoubleLE(o + f * 8);
    }
    return row;
  });
  return [columns, rows];
}

/**
 * One raw sample (base-unit values, null = sent but no value) as n × float64 (NaN for null), n × uint16
 * catalogue positions, uint16 n: about 10 bytes a value, and no number-to-text conversion on the ingest path.
 */
export function packValues(values: Record<string, number | null>): Buffer {
  let n = 0;
  for (const key in values) {
    const index = metricIndex(key);
    if (index >= METRIC_KEYS.length) continue;
    const v = values[key];
    SCRATCH_VALUES[n] = v === null || v === undefined ? Number.NaN : v;
    SCRATCH_POSITIONS[n++] = index;
  }
  return valuesRecord(n, n);
}

/** Reused by packValues (runs for every upload): the record is assembled here, then copied out once. */
const SCRATCH_VALUES = new Float64Array(METRIC_KEYS.length);
const SCRATCH_POSITIONS = new Uint16Array(METRIC_KEYS.length + 1);
const SCRATCH_VALUE_BYTES = new Uint8Array(SCRATCH_VALUES.buffer);
const SCRATCH_POSITION_BYTES = new Uint8Array(SCRATCH_POSITIONS.buffer);
/** Reused by pack (every bucket written), as those by packValues. */
const SCRATCH_AGGS = new Float64Array(METRIC_KEYS.length * 5);
const SCRATCH_AGG_BYTES = new Uint8Array(SCRATCH_AGGS.buffer);

/** A stored raw sample: a packed record (SQLite) or JSON text (PostgreSQL, older rows). */
export function readValues(data: Buffer | Uint8Array | string): Record<string, number | null> {
  if (typeof data === 'string') return JSON.parse(data);
  const b = bufferOf(data);
  const n = b.readUInt16LE(b.length - 2);
  const out: Record<string, number | null> = {};
  for (let j = 0; j < n; j++) {
    const v = b.readDoubleLE(j * 8);
    out[METRIC_KEYS[b.readUInt16LE(n * 8 + j * 2)]] = Number.isNaN(v) ? null : v;
  }
  return out;
}
