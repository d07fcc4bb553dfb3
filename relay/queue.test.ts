import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { destinationId, THIN_MS, UploadQueue, type UploadRequest } from './queue';

const PORTAL = destinationId('https://portal.example');
const OTHER = destinationId('http://192.168.1.5:8123/');

const request = (n: number): UploadRequest => ({
  method: 'GET',
  path: '/data/upload.php',
  query: `wsid=ABC&wspw=key&t1tem=${n}`,
  contentType: '',
  authorization: '',
  body: null,
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'relay-queue-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const open = (options: Partial<ConstructorParameters<typeof UploadQueue>[0]> = {}) =>
  new UploadQueue({ dir, destinations: [PORTAL], maxBytes: 1 << 20, ...options });

const temps = (q: UploadQueue, destination = PORTAL) =>
  [...q.pending(destination)].map((u) => Number(new URLSearchParams(u.req.query).get('t1tem')));

describe('UploadQueue', () => {
  test('appends in order, each upload on disk before append returns', () => {
    const q = open();
    for (let n = 1; n <= 5; n++) q.append(1000 * n, request(n));
    expect(temps(q)).toEqual([1, 2, 3, 4, 5]);
    expect(q.count(PORTAL)).toBe(5);
    // What a crash right now would leave: the segment holds every upload.
    const [segment] = readdirSync(dir).filter((f) => f.endsWith('.seg'));
    expect(readFileSync(join(dir, segment), 'utf8').trim().split('\n')).toHaveLength(5);
    q.close();
  });

  test('survives a restart: what was not delivered is still queued, in order; seqs go on', () => {
    const q = open();
    const uploads = [1, 2, 3, 4].map((n) => q.append(1000 * n, request(n)));
    q.delivered(PORTAL, uploads[0].seq);
    q.delivered(PORTAL, uploads[2].seq);
    q.close();

    const again = open();
    expect(temps(again)).toEqual([2, 4]);
    expect(again.count(PORTAL)).toBe(2);
    const next = again.append(5000, request(5));
    expect(next.seq).toBe(uploads[3].seq + 1);
    expect(temps(again)).toEqual([2, 4, 5]);
    again.close();
  });

  test('after everything was delivered and its files deleted, a restart still queues new uploads', () => {
    const q = open({ segmentBytes: 200 });
    const uploads = [1, 2, 3, 4].map((n) => q.append(1000 * n, request(n)));
    for (const u of uploads) q.delivered(PORTAL, u.seq);
    expect(readdirSync(dir).filter((f) => f.endsWith('.seg'))).toEqual([]);
    q.close();
    const again = open({ segmentBytes: 200 });
    const next = again.append(5000, request(5));
    expect(next.seq).toBeGreaterThan(uploads[3].seq);
    expect(temps(again)).toEqual([5]);
    expect(again.count(PORTAL)).toBe(1);
    again.close();
  });

  test('a line cut short by a crash is skipped on restart (an upload, or a delivery)', () => {
    const q = open();
    const first = q.append(1000, request(1));
    q.close();
    const [segment] = readdirSync(dir).filter((f) => f.endsWith('.seg'));
    writeFileSync(join(dir, segment), `${readFileSync(join(dir, segment), 'utf8')}{"seq":2,"at":20`);
    // The delivery of seq 1 was being written: "1" of "1\n" is not a delivery of seq 1.
    const [acks] = readdirSync(dir).filter((f) => f.endsWith('.acks'));
    writeFileSync(join(dir, acks), `${readFileSync(join(dir, acks), 'utf8')}${first.seq}`);
    const again = open();
    expect(temps(again)).toEqual([1]);
    // Deliveries after it are read back as written.
    const next = again.append(2000, request(2));
    again.delivered(PORTAL, next.seq);
    again.close();
    const third = open();
    expect(temps(third)).toEqual([1]);
    third.close();
  });

  test('each destination keeps its own deliveries; a segment goes once every destination has it', () => {
    const q = open({ destinations: [PORTAL, OTHER], segmentBytes: 4096 });
    const uploads = Array.from({ length: 60 }, (_, i) => q.append(1000 * i, request(i)));
    const segments = () => readdirSync(dir).filter((f) => f.endsWith('.seg')).length;
    const before = segments();
    expect(before).toBeGreaterThan(2);
    for (const u of uploads) q.delivered(PORTAL, u.seq);
    expect(q.count(PORTAL)).toBe(0);
    expect(q.count(OTHER)).toBe(60);
    expect(segments()).toBe(before);
    for (const u of uploads.slice(0, 30)) q.delivered(OTHER, u.seq);
    expect(segments()).toBeLessThan(before);
    expect(temps(q, OTHER)).toEqual(Array.from({ length: 30 }, (_, i) => 30 + i));
    q.close();

    const again = open({ destinations: [PORTAL, OTHER], segmentBytes: 4096 });
    expect(again.count(PORTAL)).toBe(0);
    expect(temps(again, OTHER)).toEqual(Array.from({ length: 30 }, (_, i) => 30 + i));
    again.close();
  });

  test('a destination new to the queue starts with what arrives from then on', () => {
    const q = open();
    q.append(1000, request(1));
    q.close();
    const again = open({ destinations: [PORTAL, OTHER] });
    expect(again.count(OTHER)).toBe(0);
    again.append(2000, request(2));
    expect(temps(again, OTHER)).toEqual([2]);
    expect(temps(again, PORTAL)).toEqual([1, 2]);
    again.close();
  });

  test('short of space, the oldest uploads are thinned to one per 5 minutes; the newest stay whole', () => {
    const maxBytes = 40_000;
    const q = open({ maxBytes, segmentBytes: 4000 });
    // An upload every 30 s for a long outage: far more than the bound holds.
    const every = 30_000;
    for (let i = 0; i < 600; i++) q.append(i * every, request(i));
    expect(q.bytes()).toBeLessThanOrEqual(maxBytes);
    expect(q.thinned).toBeGreaterThan(0);
    const held = [...q.pending(PORTAL)];
    expect(held.length).toBe(q.count(PORTAL));
    // In order, and the newest of them one every 30 s, as they came.
    const times = held.map((u) => u.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.slice(-10)).toEqual(Array.from({ length: 10 }, (_, i) => (590 + i) * every));
    // The thinned part: at most one upload per 5-minute bucket.
    const buckets = new Map<number, number>();
    for (const u of held)
      buckets.set(Math.floor(u.at / THIN_MS), (buckets.get(Math.floor(u.at / THIN_MS)) ?? 0) + 1);
    const thinnedBuckets = [...buckets.values()].filter((n) => n === 1).length;
    expect(thinnedBuckets).toBeGreaterThan(5);
    // The oldest data is not all gone: it is there at 5-minute resolution.
    expect(held[0].at).toBeLessThan(times.at(-1)! - 60 * every);
    q.close();

    // As thinned on disk: a restart finds the same uploads.
    const again = open({ maxBytes, segmentBytes: 4000 });
    expect([...again.pending(PORTAL)].map((u) => u.seq)).toEqual(held.map((u) => u.seq));
    again.close();
  });

  test('short of disk space, the queue thins itself the same way, and only as far as the disk needs', () => {
    // A 200 kB disk the queue has alone, 50 kB of it kept free: the queue may take about 150 kB.
    const disk = 200_000;
    const q: UploadQueue = open({
      maxBytes: 1 << 30,
      segmentBytes: 8000,
      minFreeBytes: 50_000,
      freeBytes: () => disk - q.bytes(),
    });
    for (let i = 0; i < 2000; i++) q.append(i * 30_000, request(i));
    expect(q.bytes()).toBeLessThanOrEqual(150_000);
    // Thinned, not emptied: it keeps using the room it has.
    expect(q.bytes()).toBeGreaterThan(100_000);
    expect(q.thinned).toBeGreaterThan(0);
    const times = [...q.pending(PORTAL)].map((u) => u.at);
    expect(times.slice(-5)).toEqual([1995, 1996, 1997, 1998, 1999].map((i) => i * 30_000));
    q.close();
  });
});
