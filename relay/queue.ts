// The relay's on-disk queue: every upload is appended to a segment file and fsync'd before the console hears
// "ok", so nothing a console was told is stored is lost to a crash or a restart. Each destination (the portal,
// each --forward) appends the uploads it delivered to its own ack log, also fsync'd. A segment whose uploads
// every destination has is deleted. When the queue outgrows its size bound the oldest segments are rewritten
// with one upload per 5 minutes (then, if still too large, the oldest dropped): the only rewrite of a file.
//
// Files in the queue directory:
//   <first seq, 12 digits>.seg   one upload per line, JSON (QueuedUpload)
//   <destination id>.acks        one line per delivered seq, or `<N`: every seq below N was delivered
import { createHash } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statfsSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

/** The request a console sent, as the relay received it (its time fields filled in when it had none). */
export interface UploadRequest {
  method: 'GET' | 'POST';
  /** Path without the query. */
  path: string;
  /** Query string without `?`. */
  query: string;
  contentType: string;
  authorization: string;
  /** A POST's body text; null for a GET. */
  body: string | null;
}

export interface QueuedUpload {
  seq: number;
  /** Unix ms when the relay received it. */
  at: number;
  req: UploadRequest;
}

/** The thinned resolution of the oldest data when space runs short. */
export const THIN_MS = 5 * 60_000;

interface Segment {
  first: number;
  file: string;
  bytes: number;
  uploads: QueuedUpload[];
}

interface Acks {
  file: string;
  fd: number;
  /** Every seq below this was delivered. */
  below: number;
  /** Delivered seqs at or above `below`. */
  seqs: Set<number>;
  /** Held uploads not delivered yet. */
  pending: number;
}

export interface QueueOptions {
  dir: string;
  /** Destination ids (see destinationId): whose deliveries the queue keeps. */
  destinations: readonly string[];
  /** The most bytes the segments may take. */
  maxBytes: number;
  /** A segment is closed (and a new one begun) at this size. */
  segmentBytes?: number;
  /** Free disk space the queue leaves to others (default 32 MiB): short of it, the queue thins itself. */
  minFreeBytes?: number;
  /** Free bytes on the queue's file system (tests: a small disk). */
  freeBytes?: (dir: string) => number;
}

/** Free bytes for unprivileged writers on the file system of `dir`. */
function diskFree(dir: string): number {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
}

/** A stable id for a destination URL (its ack log's name): the same URL keeps its deliveries across restarts. */
export function destinationId(url: string): string {
  return createHash('sha256').update(url).digest('hex').slice(0, 16);
}

const SEG = /^(\d{12})\.seg$/;
const pad = (n: number) => String(n).padStart(12, '0');

function appendSync(fd: number, text: string): void {
  writeSync(fd, text);
  fsyncSync(fd);
}

/** Makes a file's creation or renaming in `dir` durable (fsync of a file does not cover its directory entry). */
function syncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Writes `text` as `file` whole: a temporary file, fsync'd, renamed over it (never a half-written file). */
function replaceSync(file: string, text: string): void {
  const tmp = `${file}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    appendSync(fd, text);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  syncDir(dirname(file));
}

/** The lines of an ack log that were written whole (a last one without its newline was cut by a crash). */
function completeLines(text: string): string[] {
  return text.split('\n').slice(0, -1);
}

/** The uploads of a segment file; a line cut short by a crash (the last one) is skipped. */
function readSegment(file: string): QueuedUpload[] {
  const out: QueuedUpload[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    try {
      out.push(JSON.parse(line) as QueuedUpload);
    } catch {
      // torn write: never acknowledged to the console
    }
  }
  return out;
}

export class UploadQueue {
  private segments: Segment[] = [];
  private active: { fd: number; segment: Segment } | null = null;
  private acks = new Map<string, Acks>();
  private nextSeq = 1;
  private readonly segmentBytes: number;
  /** Uploads dropped by thinning since the queue was opened. */
  thinned = 0;

  constructor(private options: QueueOptions) {
    this.segmentBytes = options.segmentBytes ?? Math.max(4096, Math.min(1 << 20, options.maxBytes / 16));
    mkdirSync(options.dir, { recursive: true });
    for (const name of readdirSync(options.dir).sort()) {
      const m = SEG.exec(name);
      if (!m) continue;
      const file = join(options.dir, name);
      const uploads = readSegment(file);
      this.segments.push({ first: Number(m[1]), file, bytes: statSync(file).size, uploads });
      for (const u of uploads) this.nextSeq = Math.max(this.nextSeq, u.seq + 1);
    }
    // Seqs go on from the highest ever given, also when every segment was delivered and deleted (the ack logs
    // remember it): a seq given again would count as delivered already.
    for (const name of readdirSync(options.dir))
      if (name.endsWith('.acks'))
        for (const line of completeLines(readFileSync(join(options.dir, name), 'utf8'))) {
          const seq = line.startsWith('<') ? Number(line.slice(1)) : Number(line) + 1;
          if (Number.isFinite(seq)) this.nextSeq = Math.max(this.nextSeq, seq);
        }
    for (const id of options.destinations) {
      const acks = this.openAcks(id);
      for (const u of this.all()) if (!this.has(acks, u.seq)) acks.pending++;
      this.acks.set(id, acks);
    }
    this.compact();
  }

  private openAcks(id: string): Acks {
    const file = join(this.options.dir, `${id}.acks`);
    let below = 0;
    const seqs = new Set<number>();
    let text: string | null = null;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // A destination new to this queue starts with what arrives from now on.
      below = this.nextSeq;
      replaceSync(file, `<${below}\n`);
    }
    for (const line of completeLines(text ?? '')) {
      if (line.startsWith('<')) below = Math.max(below, Number(line.slice(1)) || 0);
      else if (/^\d+$/.test(line)) seqs.add(Number(line));
    }
    // A line cut short is dropped from the file too, or the next delivery would be appended to it.
    if (text && !text.endsWith('\n'))
      replaceSync(
        file,
        completeLines(text)
          .map((l) => `${l}\n`)
          .join(''),
      );
    return { file, fd: openSync(file, 'a'), below, seqs, pending: 0 };
  }

  /** Appends an upload (fsync'd before it returns). */
  append(at: number, req: UploadRequest): QueuedUpload {
    const upload: QueuedUpload = { seq: this.nextSeq++, at, req };
    const line = `${JSON.stringify(upload)}\n`;
    const size = Buffer.byteLength(line);
    const limit = this.limit();
    if (this.bytes() + size > limit) this.makeRoom(size, limit);
    if (!this.active || this.active.segment.bytes >= this.segmentBytes) this.roll(upload.seq);
    const { fd, segment } = this.active!;
    appendSync(fd, line);
    segment.bytes += size;
    segment.uploads.push(upload);
    for (const acks of this.acks.values()) acks.pending++;
    return upload;
  }

  /** Records that `destination` has `seq` (fsync'd); a segment every destination has is deleted. */
  delivered(destination: string, seq: number): void {
    const acks = this.acks.get(destination);
    if (!acks || seq < acks.below || acks.seqs.has(seq)) return;
    acks.seqs.add(seq);
    acks.pending--;
    appendSync(acks.fd, `${seq}\n`);
    this.compact();
  }

  private has(acks: Acks, seq: number): boolean {
    return seq < acks.below || acks.seqs.has(seq);
  }

  /** Whether every destination has `seq`. */
  private done(seq: number): boolean {
    for (const acks of this.acks.values()) if (!this.has(acks, seq)) return false;
    return true;
  }

  /** The uploads `destination` does not have yet, oldest first; only those after seq `after` when given. */
  *pending(destination: string, after = 0): Generator<QueuedUpload> {
    const acks = this.acks.get(destination);
    if (!acks) return;
    for (const segment of this.segments) {
      const last = segment.uploads.at(-1);
      if (!last || last.seq <= after) continue;
      for (const upload of segment.uploads)
        if (upload.seq > after && !this.has(acks, upload.seq)) yield upload;
    }
  }

  /** How many uploads `destination` does not have yet. */
  count(destination: string): number {
    return this.acks.get(destination)?.pending ?? 0;
  }

  /** Bytes the segment files take. */
  bytes(): number {
    let total = 0;
    for (const s of this.segments) total += s.bytes;
    return total;
  }

  /** Every upload still held, oldest first (tests, status). */
  all(): QueuedUpload[] {
    return this.segments.flatMap((s) => s.uploads);
  }

  close(): void {
    if (this.active) closeSync(this.active.fd);
    this.active = null;
    for (const acks of this.acks.values()) closeSync(acks.fd);
    this.acks.clear();
  }

  private roll(first: number): void {
    if (this.active) closeSync(this.active.fd);
    const file = join(this.options.dir, `${pad(first)}.seg`);
    const segment: Segment = { first, file, bytes: 0, uploads: [] };
    this.segments.push(segment);
    this.active = { fd: openSync(file, 'a'), segment };
    syncDir(this.options.dir);
  }

  /**
   * Deletes the closed segments every destination has (oldest first: the queue's order stays the files'
   * order), then shortens the ack logs to what is still held.
   */
  private compact(): void {
    let removed = false;
    while (this.segments.length > 0) {
      const oldest = this.segments[0];
      if (oldest === this.active?.segment) {
        // The open segment goes too once all of it is delivered: the next upload begins a new one.
        if (!oldest.uploads.every((u) => this.done(u.seq)) || oldest.bytes < this.segmentBytes) break;
        closeSync(this.active.fd);
        this.active = null;
      } else if (!oldest.uploads.every((u) => this.done(u.seq))) break;
      unlinkSync(oldest.file);
      this.segments.shift();
      removed = true;
    }
    if (removed) this.rewriteAcks();
  }

  /** Each ack log as `<first held seq` and the delivered seqs after it. */
  private rewriteAcks(): void {
    const first = this.segments.find((s) => s.uploads.length > 0)?.uploads[0].seq ?? this.nextSeq;
    for (const acks of this.acks.values()) {
      acks.below = Math.max(acks.below, first);
      for (const seq of acks.seqs) if (seq < acks.below) acks.seqs.delete(seq);
      closeSync(acks.fd);
      replaceSync(acks.file, `<${acks.below}\n${[...acks.seqs].map((s) => `${s}\n`).join('')}`);
      acks.fd = openSync(acks.file, 'a');
    }
  }

  /**
   * The most bytes the queue may take now: --max-size, and no more than leaves the disk its reserve of free
   * space (what the queue frees is free space again, so it thins only as the disk fills).
   */
  private limit(): number {
    const free = (this.options.freeBytes ?? diskFree)(this.options.dir);
    const reserve = this.options.minFreeBytes ?? 32 * 1024 * 1024;
    return Math.max(0, Math.min(this.options.maxBytes, this.bytes() + free - reserve));
  }

  /**
   * Frees room for `need` more bytes: the oldest closed segments are rewritten keeping one upload per
   * THIN_MS (the first of each), oldest first until a quarter of the bound is free; if that is not enough,
   * the oldest segments are dropped.
   */
  private makeRoom(need: number, limit: number): void {
    this.freeRoom(need, limit);
    this.rewriteAcks();
    this.compact();
  }

  /** Forgets a dropped upload in the destinations' counts. */
  private dropped(upload: QueuedUpload): void {
    this.thinned++;
    for (const acks of this.acks.values()) if (!this.has(acks, upload.seq)) acks.pending--;
  }

  private freeRoom(need: number, limit: number): void {
    const target = Math.max(0, limit * 0.75 - need);
    let lastBucket = -1;
    for (const segment of this.segments) {
      if (this.bytes() <= target) return;
      if (segment === this.active?.segment) break;
      const kept: QueuedUpload[] = [];
      for (const upload of segment.uploads) {
        const bucket = Math.floor(upload.at / THIN_MS);
        if (this.done(upload.seq)) continue;
        if (bucket === lastBucket) this.dropped(upload);
        else {
          lastBucket = bucket;
          kept.push(upload);
        }
      }
      const text = kept.map((u) => `${JSON.stringify(u)}\n`).join('');
      replaceSync(segment.file, text);
      segment.uploads = kept;
      segment.bytes = Buffer.byteLength(text);
    }
    while (this.bytes() + need > limit && this.segments.length > 0) {
      const oldest = this.segments[0];
      if (oldest === this.active?.segment) {
        closeSync(this.active.fd);
        this.active = null;
      }
      for (const upload of oldest.uploads) this.dropped(upload);
      unlinkSync(oldest.file);
      this.segments.shift();
    }
  }
}
