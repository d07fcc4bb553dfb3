// Upload targets of the Weather Server page (workers/upload-targets.ts).
import * as targets from '../upload-targets';
import type { Handlers } from './handlers';

export const uploadTargetHandlers = {
  loadUploadTargets: (rt, device) => targets.loadUploadTargets(rt.conn, device),
  saveUploadTarget: (rt, id, input) => targets.saveUploadTarget(rt.conn, id, input),
  setUploadTargetEnabled: (rt, id, enabled) => targets.setUploadTargetEnabled(rt.conn, id, enabled),
  removeUploadTarget: (rt, id) => targets.removeUploadTarget(rt.conn, id),
  testUploadTarget: (rt, id) => targets.testUploadTarget(rt.conn, id),
  revealUploadTargetKey: (rt, id) => targets.revealUploadTargetKey(rt.conn, id),
} satisfies Handlers<
  | 'loadUploadTargets'
  | 'saveUploadTarget'
  | 'setUploadTargetEnabled'
  | 'removeUploadTarget'
  | 'testUploadTarget'
  | 'revealUploadTargetKey'
>;
