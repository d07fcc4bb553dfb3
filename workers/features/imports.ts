// History imports (workers/imports.ts), online only.
import * as imports from '../imports';
import type { Handlers } from './handlers';

export const importHandlers = {
  uploadImportFile: (rt, id, file, onProgress) => imports.uploadImportFile(rt.conn, id, file, onProgress),
  cancelImportUpload: async (_rt, id) => imports.cancelImportUpload(id),
  checkImport: (rt, req) => imports.checkImport(rt.conn, req),
  startImport: (rt, req) => imports.startImport(rt.conn, req),
  importJobs: (rt, device) => imports.importJobs(rt.conn, device),
  importAction: (rt, job, action) => imports.importAction(rt.conn, job, action),
} satisfies Handlers<
  'uploadImportFile' | 'cancelImportUpload' | 'checkImport' | 'startImport' | 'importJobs' | 'importAction'
>;
