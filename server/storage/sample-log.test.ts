import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { decodeSamples, encodeSamples, fileLog, RecordBuffer } from './sample-log';

const samples = [
  { seq: 1, time: 1_800_000_000, data: Buffer.from([1, 2, 3]) },
  { seq: 70_000, time: 1_800_000_016, data: Buffer.alloc(0) },
  { seq: 2, time: 4_000_000_000, data: Buffer.alloc(500, 9) },
];

test('records round-trip; a record torn by a crash is left out', () => {
  const bytes = encodeSamples(samples);
  expect(decodeSamples(bytes)).toEqual(samples);
  expect(decodeSamples(bytes.subarray(0, bytes.length - 1))).toEqual(samples.slice(0, 2));
  expect(decodeSamples(Buffer.alloc(0))).toEqual([]);
});

test('a log file appends, reads back and empties', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'portal-log-')), 'x.ingest-log');
  writeFileSync(path, encodeSamples(samples.slice(0, 1)));
  const log = fileLog(path);
  log.append(encodeSamples(samples.slice(1)));
  expect(log.read()).toEqual(samples);
  expect(log.size()).toBe(encodeSamples(samples).length);
  log.truncate();
  expect(log.read()).toEqual([]);
  log.append(encodeSamples(samples.slice(0, 1)));
  expect(log.read()).toEqual(samples.slice(0, 1));
  log.close();
});

test('a record buffer grows, finds times, and holds the log format', () => {
  const buffer = new RecordBuffer();
  for (const s of samples) buffer.add(s.seq, s.time, s.data);
  expect(buffer.records()).toEqual(samples);
  expect(buffer.bytes()).toEqual(encodeSamples(samples));
  expect(buffer.has(1_800_000_016)).toBe(true);
  expect(buffer.has(1_800_000_017)).toBe(false);
  const seen: [number, number, number][] = [];
  buffer.forEach((seq, time, data) => {
    seen.push([seq, time, data.length]);
  });
  expect(seen).toEqual(samples.map((s) => [s.seq, s.time, s.data.length]));
  buffer.clear();
  expect(buffer.length).toBe(0);
  expect(buffer.has(1_800_000_016)).toBe(false);
});
