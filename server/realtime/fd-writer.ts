// A helper thread that writes frames straight to socket file descriptors while the main thread writes to other
// sockets. A thousand watchers cost a thousand write system calls per upload; split over two threads, the slowest
// fan-outs (p95) took 11–13 ms instead of 15–16 in a bare test on 2 cores (the kernel work of a write overlaps
// with the other thread's).
// The main thread blocks until the helper is done, so nothing else can write to those sockets in between: the
// caller only hands over sockets with nothing queued (no half-written data), and the rest of a frame the helper
// could write only in part (a full socket buffer) follows through the socket itself, in order.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const MAX_SOCKETS = 8192;
const MAX_FRAME_BYTES = 1 << 20;
const MAX_FRAMES = 256;
// Control words: the state (IDLE → WORK → DONE → IDLE), the number of sockets, and 1 once the helper runs.
const STATE = 0;
const COUNT = 1;
const READY = 2;
const IDLE = 0;
const WORK = 1;
const DONE = 2;
/** A stuck helper must not stop the server: after this it is dropped and the main thread writes alone. */
const WAIT_MS = 2000;

// The helper: a loop that waits for work, writes each frame to its descriptor and reports the bytes written
// (-1 when the socket is gone: socket.io notices that itself).
const HELPER = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { ctrl, fds, frameOf, written, offsets, lengths, bytes } = workerData;
const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
Atomics.store(ctrl, ${READY}, 1);
for (;;) {
  Atomics.wait(ctrl, ${STATE}, ${IDLE});
  // Done but not yet taken back: wait for the next batch (its WORK wakes this wait too).
  if (Atomics.load(ctrl, ${STATE}) === ${DONE}) {
    Atomics.wait(ctrl, ${STATE}, ${DONE});
    continue;
  }
  const n = ctrl[${COUNT}];
  for (let i = 0; i < n; i++) {
    const f = frameOf[i];
    try {
      written[i] = writeSync(fds[i], buf, offsets[f], lengths[f]);
    } catch (error) {
      written[i] = error.code === 'EAGAIN' ? 0 : -1;
    }
  }
  Atomics.store(ctrl, ${STATE}, ${DONE});
  Atomics.notify(ctrl, ${STATE});
}`;

/** A socket handed over: its descriptor, the frame for it, and the socket to finish a frame cut short. */
export interface FdTarget {
  fd: number;
  frame: Buffer;
  socket: { write(data: Buffer): unknown };
}

const shared = (n: number) => new Int32Array(new SharedArrayBuffer(4 * n));

export class FdWriter {
  private readonly ctrl = shared(4);
  private readonly fds = shared(MAX_SOCKETS);
  private readonly frameOf = shared(MAX_SOCKETS);
  private readonly written = shared(MAX_SOCKETS);
  private readonly offsets = shared(MAX_FRAMES);
  private readonly lengths = shared(MAX_FRAMES);
  private readonly bytes = new Uint8Array(new SharedArrayBuffer(MAX_FRAME_BYTES));
  private worker: Worker | null;

  constructor() {
    const { ctrl, fds, frameOf, written, offsets, lengths, bytes } = this;
    this.worker = new Worker(HELPER, {
      eval: true,
      workerData: { ctrl, fds, frameOf, written, offsets, lengths, bytes },
    });
    this.worker.unref(); // never keeps the process alive
    this.worker.on('error', (error) => {
      console.error('fan-out helper stopped', error);
      this.worker = null;
    });
  }

  /** How many sockets a batch may hand over (0 once the helper is gone). */
  get capacity(): number {
    return this.worker ? MAX_SOCKETS : 0;
  }

  /**
   * Writes each target's frame whole: the helper writes to the descriptors while `meanwhile` runs here, then
   * what it could not (a full socket buffer) follows here through the socket itself, before anything else can.
   * False when the helper could not take the batch: nothing was written and `meanwhile` did not run.
   */
  write(targets: FdTarget[], meanwhile: () => void): boolean {
    const n = targets.length;
    // Until the helper runs (it starts in the background) the main thread writes alone.
    if (!this.worker || n > MAX_SOCKETS || Atomics.load(this.ctrl, READY) !== 1) return false;
    const index = new Map<Buffer, number>();
    let used = 0;
    for (let i = 0; i < n; i++) {
      const { fd, frame } = targets[i];
      let f = index.get(frame);
      if (f === undefined) {
        f = index.size;
        if (f >= MAX_FRAMES || used + frame.length > MAX_FRAME_BYTES) return false;
        index.set(frame, f);
        this.bytes.set(frame, used);
        this.offsets[f] = used;
        this.lengths[f] = frame.length;
        used += frame.length;
      }
      this.fds[i] = fd;
      this.frameOf[i] = f;
    }
    this.ctrl[COUNT] = n;
    Atomics.store(this.ctrl, STATE, WORK);
    Atomics.notify(this.ctrl, STATE);
    try {
      meanwhile();
    } finally {
      if (Atomics.wait(this.ctrl, STATE, WORK, WAIT_MS) === 'timed-out') this.stuck();
      Atomics.store(this.ctrl, STATE, IDLE);
    }
    for (let i = 0; i < n; i++) {
      const { frame, socket } = targets[i];
      const done = this.written[i];
      if (done >= 0 && done < frame.length) socket.write(frame.subarray(done));
    }
    return true;
  }

  private stuck(): void {
    console.error('fan-out helper did not answer; writing on the main thread from now on');
    void this.worker?.terminate();
    this.worker = null;
    this.written.fill(-1); // unknown: these sockets miss this batch rather than risk a frame written twice
  }
}

let helper: FdWriter | null | undefined;
/** The process's helper, made on first use; none on a single core. */
export function fdWriter(): FdWriter | null {
  helper ??= availableParallelism() > 1 ? new FdWriter() : null;
  return helper;
}
