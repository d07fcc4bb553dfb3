// Climate summaries (issue 26): the server's answer for a month or a climate year, kept in Dexie `settings` so
// the Climate page shows the last one offline.

import type { PortalDb } from '../src/db/schema';
import { climateKey, getSetting, setSetting } from '../src/db/settings';
import type { ClimateAnswer, ClimateQuery } from '../src/domain/climate/summary';
import { SERVICES } from '../src/domain/contract';
import type { ClimateOptions } from './api';
import type { Connection } from './connection';

export async function loadClimate(
  db: PortalDb,
  conn: Connection,
  device: string,
  period: string,
  format: 'json' | 'noaa',
  options: ClimateOptions = {},
): Promise<ClimateAnswer | string | null> {
  const extra = `${options.normals ? 'n' : ''}${options.compare ? `c${options.compare}` : ''}`;
  const key = climateKey(device, extra ? `${period}:${extra}` : period, format);
  // Offline, or signed in but not yet authenticated again on a fresh socket (a call then would be a guest's and
  // a private station answers 404): the kept copy. The page asks again once the connection is authenticated.
  if (!conn.connected || conn.getState().auth !== 'authenticated') return (await getSetting(db, key)) ?? null;
  const query: ClimateQuery = /^\d{4}$/.test(period)
    ? { device, year: period, format }
    : { device, month: period, format };
  if (options.normals) query.normals = '1';
  if (options.compare) query.compare = options.compare;
  const answer = await conn.find(SERVICES.climate, query);
  await setSetting(db, key, answer);
  return answer;
}
