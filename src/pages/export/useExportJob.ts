// One export at a time: confirm → running (progress from the worker) → done (the file saved) or error; cancel
// stops the worker's download. Progress or an answer of a job that was cancelled or replaced is ignored.
import { proxy } from 'comlink';
import { useRef, useState } from 'react';
import type { ExportRequest } from '../../../workers/api';
import { toApiError } from '../../bridge/errors';
import { dataWorker } from '../../bridge/worker';
import { errorText } from '../../state/ui';

export type ExportPhase =
  | { kind: 'confirm' }
  | { kind: 'running'; received: number; total: number | null }
  | { kind: 'done'; name: string }
  | { kind: 'error'; message: string };

/** Hand the file to the browser's download (a link click; the object URL lives a minute). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useExportJob(save: (blob: Blob, name: string) => void = saveFile) {
  const [phase, setPhase] = useState<ExportPhase | null>(null);
  const job = useRef<string | null>(null);

  const start = async (req: ExportRequest) => {
    const id = `${Date.now()}-${Math.random().toString(16).slice(2)}`;
    job.current = id;
    setPhase({ kind: 'running', received: 0, total: null });
    try {
      const { blob, name } = await dataWorker.exportData(
        id,
        req,
        proxy((received: number, total: number | null) => {
          if (job.current === id) setPhase({ kind: 'running', received, total });
        }),
      );
      if (job.current !== id) return;
      save(blob, name);
      setPhase({ kind: 'done', name });
    } catch (e) {
      if (job.current !== id) return;
      // A download stopped by cancelExport rejects with the name 'Cancelled' (workers/account.ts).
      setPhase(toApiError(e).name === 'Cancelled' ? null : { kind: 'error', message: errorText(e) });
    } finally {
      if (job.current === id) job.current = null;
    }
  };

  const cancel = () => {
    const id = job.current;
    job.current = null;
    if (id) dataWorker.cancelExport(id).catch((e) => console.warn('[export] cancel failed', id, e));
    setPhase(null);
  };

  return {
    phase,
    confirm: () => setPhase({ kind: 'confirm' }),
    close: () => setPhase(null),
    start,
    cancel,
  };
}
