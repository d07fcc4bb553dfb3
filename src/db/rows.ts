// Live rows kept in Dexie `live` (spec §9: the last 5 minutes, always the newest per device), shared by the data
// worker (socket events) and the service worker (periodic sync of last data).
import { LIVE_KEEP_SECONDS } from '../domain';
import type { PortalDb } from './schema';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Delete live rows older than `LIVE_KEEP_SECONDS` before now, but never the newest row of the device. */
export async function pruneLive(db: PortalDb, device: string, now = nowSeconds()): Promise<number> {
  return db.transaction('rw', db.live, async () => {
    const newest = await db.live
      .where('[device+time]')
      .between([device, -Infinity], [device, Infinity])
      .last();
    if (!newest) return 0;
    const cutoff = Math.min(now - LIVE_KEEP_SECONDS, newest.time);
    return db.live
      .where('[device+time]')
      .between([device, -Infinity], [device, cutoff], true, false)
      .delete();
  });
}

/** A device's rows of a time-keyed table (live, 5-minute, daily), oldest first. */
export const byDevice = (table: PortalDb['live'], device: string) =>
  table.where('[device+time]').between([device, -Infinity], [device, Infinity]);

/** Newest stored time of a device: live sample, else 5-minute row. */
export async function newestTime(db: PortalDb, device: string): Promise<number | null> {
  const live = await byDevice(db.live, device).last();
  if (live) return live.time;
  const five = await byDevice(db.metrics, device).last();
  return five?.time ?? null;
}
