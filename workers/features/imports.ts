// History imports (workers/imports.ts), online only.
import * as backfill from '../backfill';
import * as imports from '../imports';
import type { Handlers } from './handlers';

export const importHandlers = {
  uploadImportFile: (rt, id, file, onProgress) => imports.uploadImportFile(rt.conn, id, file, onProgress),
  cancelImportUpload: async (_rt, id) => imports.cancelImportUpload(id),
  checkImport: (rt, req) => imports.checkImport(rt.conn, req),
  startImport: (rt, req) => imports.startImport(rt.conn, req),
  importJobs: (rt, device) => imports.importJobs(rt.conn, device),
  importAction: (rt, job, action) => imports.importAction(rt.conn, job, action),
  backfillState: (rt, device) => backfill.backfillState(rt.conn, device),
  startBackfill: (rt, req) => backfill.startBackfill(rt.conn, req),
  cancelBackfill: (rt, job) => backfill.cancelBackfill(rt.conn, job),
  forgetBackfillKeys: (rt, device) => backfill.forgetBackfillKeys(rt.conn, device),
} satisfies Handlers<
  | 'uploadImportFile'
  | 'cancelImportUpload'
  | 'checkImport'
  | 'startImport'
  | 'importJobs'
  | 'importAction'
  | 'backfillState'
  | 'startBackfill'
  | 'cancelBackfill'
  | 'forgetBackfillKeys'
>;
