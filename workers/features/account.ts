// Account and station actions (online only; workers/account.ts): password, avatar, account deletion, the
// Weather Server view and station key, MAC identification, exports.
import * as account from '../account';
import type { Runtime } from '../runtime';
import type { Handlers } from './handlers';
import { sessionHandlers } from './session';

const deps = (rt: Runtime): account.AccountDeps => ({ conn: rt.conn, fetch: rt.fetch });

export const accountHandlers = {
  changePassword: (rt, input) => account.changePassword(deps(rt), input),
  requestReset: (rt, email) => account.requestReset(deps(rt), email),
  verifyResetCode: (rt, email, code) => account.verifyResetCode(deps(rt), email, code),
  resetPassword: (rt, email, code, password) => account.resetPassword(deps(rt), email, code, password),
  loadAccount: (rt) => account.loadAccount(deps(rt)),
  loadAvatar: (rt) => account.loadAvatar(deps(rt)),
  uploadAvatar: (rt, dataUrl) => account.uploadAvatar(deps(rt), dataUrl),
  userPicture: (rt, userId) => account.userPicture(deps(rt), userId),
  removeAvatar: (rt) => account.removeAvatar(deps(rt)),
  deleteAccount: async (rt, password) => {
    await account.deleteAccount(deps(rt), password);
    await sessionHandlers.logout(rt);
  },
  loadWeatherServer: (rt, device) => account.loadWeatherServer(deps(rt), device),
  loadStationGaps: (rt, device, days) => account.loadStationGaps(deps(rt), device, days),
  loadNeighbourHints: (rt, device) => account.loadNeighbourHints(deps(rt), device),
  recalibrateHistory: (rt, device, key, from, apply) =>
    account.recalibrateHistory(deps(rt), device, key, from, apply),
  loadQcFlags: (rt, device, days) => account.loadQcFlags(deps(rt), device, days),
  decideQcFlag: (rt, id, status) => account.decideQcFlag(deps(rt), id, status),
  loadCorrections: (rt, device) => account.loadCorrections(deps(rt), device),
  loadSourcedSamples: (rt, device, from, to) => account.loadSourcedSamples(deps(rt), device, from, to),
  regenerateStationKey: (rt, device) => account.regenerateStationKey(deps(rt), device),
  setMacIdentification: (rt, device, input) => account.setMacIdentification(deps(rt), device, input),
  exportData: (rt, id, req, onProgress) => account.runExport(deps(rt), id, req, onProgress),
  cancelExport: async (_rt, id) => account.cancelExport(id),
} satisfies Handlers<
  | 'changePassword'
  | 'requestReset'
  | 'verifyResetCode'
  | 'resetPassword'
  | 'loadAccount'
  | 'loadAvatar'
  | 'uploadAvatar'
  | 'userPicture'
  | 'removeAvatar'
  | 'deleteAccount'
  | 'loadWeatherServer'
  | 'loadStationGaps'
  | 'loadNeighbourHints'
  | 'recalibrateHistory'
  | 'loadQcFlags'
  | 'decideQcFlag'
  | 'loadCorrections'
  | 'loadSourcedSamples'
  | 'regenerateStationKey'
  | 'setMacIdentification'
  | 'exportData'
  | 'cancelExport'
>;
