// The admin area (workers/admin.ts).
import * as admin from '../admin';
import type { Handlers } from './handlers';

export const adminHandlers = {
  adminFind: (rt, path, query) => admin.adminFind(rt.conn, path, query),
  adminGet: (rt, path, id) => admin.adminGet(rt.conn, path, id),
  adminSave: (rt, path, id, data) => admin.adminSave(rt.conn, path, id, data),
  adminRemove: (rt, path, id) => admin.adminRemove(rt.conn, path, id),
  adminExport: (rt, id, req, onProgress) => admin.adminExport(rt.conn, id, req, onProgress),
  cancelAdminExport: async (_rt, id) => admin.cancelAdminExport(id),
  watchIngestHealth: async (rt, id, onRejections) => admin.watchIngestHealth(rt.conn, id, onRejections),
  unwatchIngestHealth: async (_rt, id) => admin.unwatchIngestHealth(id),
} satisfies Handlers<
  | 'adminFind'
  | 'adminGet'
  | 'adminSave'
  | 'adminRemove'
  | 'adminExport'
  | 'cancelAdminExport'
  | 'watchIngestHealth'
  | 'unwatchIngestHealth'
>;
