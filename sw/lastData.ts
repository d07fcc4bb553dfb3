// Periodic Background Sync `last-data` (installed app, no page open): pull the newest row of each of the user's
// devices with one `weatherMetrics/batchLastData` call into Dexie `live`, so the app opens on fresh readings.

import { rest } from '../src/bridge/rest';
import { getAuth } from '../src/db/authStorage';
import { pruneLive } from '../src/db/rows';
import { type PortalDb, toRow } from '../src/db/schema';
import { type Coded, fromCoded } from '../src/domain';
import { SERVICES } from '../src/domain/contract';

export async function pullLastData(db: PortalDb, origin: string, fetchImpl?: typeof fetch): Promise<number> {
  const auth = await getAuth(db);
  const devices = await db.devices.toCollection().primaryKeys();
  if (!auth?.accessToken || devices.length === 0) return 0;
  const coded = await rest<Coded>(
    { service: SERVICES.batchLastData, method: 'find', query: { devices } },
    { origin, accessToken: auth.accessToken, fetch: fetchImpl },
  );
  const rows = fromCoded<Record<string, unknown>>(coded).filter(
    (r) => typeof r.device === 'string' && typeof r.time === 'number',
  );
  for (const { device, ...sample } of rows) {
    await db.live.put(toRow(device as string, sample));
    await pruneLive(db, device as string);
  }
  return rows.length;
}
