// Group commit, for both engines: the uploads that arrive while a batch is being written (or within the same
// turn of the event loop) are written together in the next one. A transaction per upload cost more than the
// upload itself; one batch at a time keeps a station's uploads in the order they were made.
import type { Upload, WriteResult } from './buckets';

interface Waiting {
  upload: Upload;
  done(result: WriteResult): void;
  fail(error: unknown): void;
}

export class GroupCommit {
  private queue: Waiting[] = [];
  private running: Promise<void> | null = null;

  constructor(private writeBatch: (uploads: Upload[]) => Promise<WriteResult[]>) {}

  write(upload: Upload): Promise<WriteResult> {
    return new Promise((done, fail) => {
      this.queue.push({ upload, done, fail });
      // The first waits one turn, so the uploads that came in with it share its batch.
      this.running ??= new Promise<void>((turn) => setImmediate(turn)).then(() => this.drain());
    });
  }

  /** Resolves once every upload queued so far is written (or failed). */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        const results = await this.writeBatch(batch.map((w) => w.upload));
        for (let i = 0; i < batch.length; i++) batch[i].done(results[i]);
      } catch (error) {
        for (const w of batch) w.fail(error);
      }
    }
    this.running = null;
  }
}

/**
 * Several group commits side by side, a device always in the same one (its uploads stay in order). PostgreSQL
 * writes batches of different devices concurrently (their rows never overlap, so they never wait for each
 * other); a batch spends most of its time waiting for round trips and the commit's flush, so one batch at a
 * time left the database idle most of the time. SQLite has one writer: one lane.
 */
export class GroupCommitLanes {
  private lanes: GroupCommit[];

  constructor(count: number, writeBatch: (uploads: Upload[]) => Promise<WriteResult[]>) {
    this.lanes = Array.from({ length: Math.max(1, count) }, () => new GroupCommit(writeBatch));
  }

  write(upload: Upload): Promise<WriteResult> {
    return this.lanes[upload.seq % this.lanes.length].write(upload);
  }

  async idle(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.idle()));
  }
}
