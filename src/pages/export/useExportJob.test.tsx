// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExportRequest } from '../../../workers/api';

type Progress = (received: number, total: number | null) => void;
const worker = vi.hoisted(() => ({ exportData: vi.fn(), cancelExport: vi.fn() }));
vi.mock('../../bridge/worker', () => ({ dataWorker: worker }));
// comlink's proxy() only marks the callback for transfer; here the "worker" calls it directly.
vi.mock('comlink', () => ({ proxy: <T,>(fn: T) => fn }));

const { useExportJob } = await import('./useExportJob');

const req: ExportRequest = { device: 'd1', startTime: 0, endTime: 86400, format: 'csv', locale: 'en' };

/** An export the test finishes: report progress, resolve or reject. */
function pendingExport() {
  let progress: Progress = () => undefined;
  let finish: (v: { blob: Blob; name: string }) => void = () => undefined;
  let fail: (e: unknown) => void = () => undefined;
  worker.exportData.mockImplementationOnce(
    (_id: string, _req: ExportRequest, onProgress: Progress) =>
      new Promise((ok, ko) => {
        progress = onProgress;
        finish = ok;
        fail = ko;
      }),
  );
  return {
    progress: (r: number, t: number | null) => progress(r, t),
    finish: (v: { blob: Blob; name: string }) => finish(v),
    fail: (e: unknown) => fail(e),
  };
}

beforeEach(() => {
  worker.exportData.mockReset();
  worker.cancelExport.mockReset().mockResolvedValue(undefined);
});

describe('export job', () => {
  it('confirms, reports progress, then saves the file and says so', async () => {
    const save = vi.fn();
    const { result } = renderHook(() => useExportJob(save));
    act(() => result.current.confirm());
    expect(result.current.phase).toEqual({ kind: 'confirm' });
    const job = pendingExport();
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.start(req);
    });
    expect(worker.exportData).toHaveBeenCalledWith(expect.any(String), req, expect.any(Function));
    expect(result.current.phase).toEqual({ kind: 'running', received: 0, total: null });
    act(() => job.progress(2048, 4096));
    expect(result.current.phase).toEqual({ kind: 'running', received: 2048, total: 4096 });
    const blob = new Blob(['a;b']);
    await act(async () => {
      job.finish({ blob, name: 'garden.csv' });
      await done;
    });
    expect(save).toHaveBeenCalledWith(blob, 'garden.csv');
    expect(result.current.phase).toEqual({ kind: 'done', name: 'garden.csv' });
  });

  it('shows the error of a failed export, and closes quietly when the worker reports it cancelled', async () => {
    const { result } = renderHook(() => useExportJob(vi.fn()));
    const failing = pendingExport();
    await act(async () => {
      const run = result.current.start(req);
      failing.fail({ message: 'Too many requests', code: 429 });
      await run;
    });
    expect(result.current.phase).toEqual({ kind: 'error', message: 'Too many requests' });
    const cancelled = pendingExport();
    await act(async () => {
      const run = result.current.start(req);
      cancelled.fail({ message: 'Export cancelled', code: 499, name: 'Cancelled' });
      await run;
    });
    expect(result.current.phase).toBeNull();
  });

  it('cancel stops the download and ignores what the stopped job still sends', async () => {
    const save = vi.fn();
    const { result } = renderHook(() => useExportJob(save));
    const job = pendingExport();
    let run: Promise<void> = Promise.resolve();
    act(() => {
      run = result.current.start(req);
    });
    const id = worker.exportData.mock.calls[0][0];
    act(() => result.current.cancel());
    expect(worker.cancelExport).toHaveBeenCalledWith(id);
    expect(result.current.phase).toBeNull();
    await act(async () => {
      job.progress(10, 100);
      job.finish({ blob: new Blob([]), name: 'late.csv' });
      await run;
    });
    expect(result.current.phase).toBeNull();
    expect(save).not.toHaveBeenCalled();
  });
});
