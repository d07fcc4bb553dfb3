// Opening a device: an action several screens share (dashboard, devices, shares).
import { dataWorker } from '../bridge/worker';
import { selectDevice } from '../db/edits';

/** Opens a device on the dashboard: remember it (Dexie) and let the worker watch it live. */
export async function openDevice(id: string): Promise<void> {
  await selectDevice(id);
  await dataWorker.selectDevice(id).catch((err) => console.warn('selectDevice failed', err));
}
