// One import at a time on the page: upload (progress) → check (the dry-run report, or a CSV's columns to map) →
// import (the job's progress, polled) → done, cancelled (resume or undo) or undone. Answers of a step the owner
// has left (another file, another station) are ignored.
import { proxy } from 'comlink';
import { useEffect, useRef, useState } from 'react';
import { toApiError } from '../../bridge/errors';
import { dataWorker } from '../../bridge/worker';
import type {
  CsvMapping,
  CumulusUnits,
  ImportColumns,
  ImportJob,
  ImportPolicy,
  ImportReport,
} from '../../domain/imports';
import { errorText } from '../../state/ui';

export type ImportPhase =
  | { kind: 'idle' }
  | { kind: 'uploading'; sent: number; total: number }
  | { kind: 'checking' }
  | { kind: 'mapping'; columns: ImportColumns }
  | { kind: 'report'; report: ImportReport }
  | { kind: 'importing'; report: ImportReport; job: ImportJob }
  | { kind: 'finished'; report: ImportReport; job: ImportJob }
  | { kind: 'error'; message: string };

export interface CheckOptions {
  timeZone?: string;
  units?: CumulusUnits;
  mapping?: CsvMapping;
}

const POLL_MS = 1000;

export function useImport(device: string | undefined) {
  const [phase, setPhase] = useState<ImportPhase>({ kind: 'idle' });
  const [history, setHistory] = useState<ImportJob[]>([]);
  const step = useRef(0);
  const uploaded = useRef<{ file: File; device: string; upload: string } | null>(null);
  const options = useRef<CheckOptions>({});

  const refresh = async () => {
    if (!device) return;
    try {
      setHistory(await dataWorker.importJobs(device));
    } catch {
      setHistory([]);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh reads the device given here
  useEffect(() => {
    setPhase({ kind: 'idle' });
    void refresh();
  }, [device]);

  const fail = (mine: number, e: unknown) => {
    if (step.current !== mine) return;
    setPhase(
      toApiError(e).name === 'Cancelled' ? { kind: 'idle' } : { kind: 'error', message: errorText(e) },
    );
  };

  /** Uploads the file (once per file and station), then checks it with `opts`. */
  const check = async (file: File, opts: CheckOptions = options.current) => {
    if (!device) return;
    const mine = ++step.current;
    options.current = opts;
    try {
      let upload =
        uploaded.current?.file === file && uploaded.current.device === device
          ? uploaded.current.upload
          : null;
      if (!upload) {
        setPhase({ kind: 'uploading', sent: 0, total: file.size });
        const answer = await dataWorker.uploadImportFile(
          String(mine),
          file,
          proxy((sent: number, total: number) => {
            if (step.current === mine) setPhase({ kind: 'uploading', sent, total });
          }),
        );
        upload = answer.upload;
        uploaded.current = { file, device, upload };
      }
      if (step.current !== mine) return;
      setPhase({ kind: 'checking' });
      const answer = await dataWorker.checkImport({ upload, device, dryRun: true, ...opts });
      if (step.current !== mine) return;
      if (answer.columns) setPhase({ kind: 'mapping', columns: answer.columns });
      else if (answer.report) setPhase({ kind: 'report', report: answer.report });
    } catch (e) {
      fail(mine, e);
    }
  };

  const follow = async (mine: number, report: ImportReport, job: ImportJob) => {
    let current = job;
    while (step.current === mine && current.status === 'running') {
      setPhase({ kind: 'importing', report, job: current });
      await new Promise((r) => setTimeout(r, POLL_MS));
      const found = (await dataWorker.importJobs(current.device)).find((j) => j._id === current._id);
      if (!found) break;
      current = found;
    }
    if (step.current !== mine) return;
    setPhase({ kind: 'finished', report, job: current });
    void refresh();
  };

  /** Starts the import (or resumes the stopped import of this file). */
  const start = async (report: ImportReport, policy: ImportPolicy) => {
    const up = uploaded.current;
    if (!up || !device) return;
    const mine = ++step.current;
    try {
      const job = await dataWorker.startImport({
        upload: up.upload,
        device,
        dryRun: false,
        policy,
        ...options.current,
      });
      await follow(mine, report, job);
    } catch (e) {
      fail(mine, e);
    }
  };

  const cancelUpload = () => {
    const mine = step.current;
    step.current++;
    // The upload may have ended meanwhile: nothing to cancel then, but say so in the console.
    dataWorker
      .cancelImportUpload(String(mine))
      .catch((e: unknown) => console.warn('[import] cancelling the upload failed', e));
    setPhase({ kind: 'idle' });
  };

  const cancel = async (job: ImportJob) => {
    try {
      await dataWorker.importAction(job._id, 'cancel');
    } catch (e) {
      fail(step.current, e);
    }
  };

  const undo = async (job: ImportJob) => {
    const mine = ++step.current;
    try {
      const undone = await dataWorker.importAction(job._id, 'rollback');
      if (step.current !== mine) return;
      setPhase((p) => (p.kind === 'finished' ? { ...p, job: undone } : p));
      void refresh();
    } catch (e) {
      fail(mine, e);
    }
  };

  const reset = () => {
    step.current++;
    uploaded.current = null;
    setPhase({ kind: 'idle' });
  };

  return { phase, history, check, start, cancel, cancelUpload, undo, reset };
}
