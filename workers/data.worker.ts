// The data worker entry: exposes one DataEngine over comlink. Errors cross as plain { name, message, code }
// (comlink would drop `code` from an Error), and series arrays are transferred, not copied.
import { expose, transfer } from 'comlink';
import { plainError } from '../src/api/errors';
import type { DataWorkerApi, SeriesData } from './api';
import { DataEngine } from './engine';

const engine = new DataEngine();

const guard =
  <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await fn(...args);
    } catch (e) {
      throw plainError(e);
    }
  };

const withTransfer = (s: SeriesData): SeriesData =>
  transfer(s, [s.x.buffer as ArrayBuffer, ...s.ys.map((y) => y.buffer as ArrayBuffer)]);

const api: DataWorkerApi = {
  start: guard((origin) => engine.start(origin)),
  login: guard((email, password) => engine.login(email, password)),
  signup: guard((input) => engine.signup(input)),
  verify: guard((email, code) => engine.verify(email, code)),
  resendCode: guard((email) => engine.resendCode(email)),
  logout: guard(() => engine.logout()),
  reload: guard(() => engine.reload()),
  selectDevice: guard((id, manage) => engine.selectDevice(id, manage)),
  addDevice: guard((input) => engine.addDevice(input)),
  removeDevice: guard((id) => engine.removeDevice(id)),
  forgetDevice: guard((id) => engine.forgetDevice(id)),
  lookupStation: guard((wsid) => engine.lookupStation(wsid)),
  ensureHistory: guard((device, from, to) => engine.ensureHistory(device, from, to)),
  loadSeries: guard(async (device, keys, from, to, bucket) =>
    withTransfer(await engine.loadSeries(device, keys, from, to, bucket)),
  ),
  loadForecast: guard((device) => engine.loadForecast(device)),
  flushOutbox: guard(() => engine.flushOutbox()),
  bench: guard((device, keys) => engine.bench(device, keys)),
  changePassword: guard((input) => engine.changePassword(input)),
  requestReset: guard((email) => engine.requestReset(email)),
  verifyResetCode: guard((email, code) => engine.verifyResetCode(email, code)),
  resetPassword: guard((email, code, password) => engine.resetPassword(email, code, password)),
  loadAccount: guard(() => engine.loadAccount()),
  loadAvatar: guard(() => engine.loadAvatar()),
  uploadAvatar: guard((dataUrl) => engine.uploadAvatar(dataUrl)),
  removeAvatar: guard(() => engine.removeAvatar()),
  deleteAccount: guard((password) => engine.deleteAccount(password)),
  loadWeatherServer: guard((device) => engine.loadWeatherServer(device)),
  regenerateStationKey: guard((device) => engine.regenerateStationKey(device)),
  setMacIdentification: guard((device, input) => engine.setMacIdentification(device, input)),
  exportData: guard((id, req, onProgress) => engine.exportData(id, req, onProgress)),
  cancelExport: guard((id) => engine.cancelExport(id)),
};

expose(api);
