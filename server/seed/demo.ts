// The demo account and its simulated station, created once on first start (DEMO=off disables them),
// with a week of 5-minute history and a year of sparser history so every graph period has data.

import { DEMO_EMAIL } from '../../src/domain/demo';
import { deriveMissing } from '../../src/domain/formulas';
import { cleanSample } from '../../src/domain/validate';
import type { Server } from '../app';
import { parseWslink } from '../ingest/parsers';
import { type DeviceRow, fromDb } from '../services/devices/device-record';
import { passkeyFor } from '../services/devices/devices.class';
import { objectId, stationKey } from '../storage/ids';
import { type Place, wslinkFields } from './weather';

export { DEMO_EMAIL };
export const DEMO_PASSWORD = 'demo-weather';
export const DEMO_PLACE: Place & { timezone: string } = {
  latitude: 50.08,
  longitude: 14.42,
  timezone: 'Europe/Prague',
};

export interface Demo {
  device: DeviceRow;
  created: boolean;
}

export async function ensureDemo(server: Server, log: (s: string) => void = () => {}): Promise<Demo> {
  const { app } = server;
  const knex = app.ctx.storage.knex;
  let user = await knex('users').where({ email: DEMO_EMAIL }).first();
  if (!user) {
    await app.service('users').create({
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      firstName: 'Demo',
      lastName: 'Owner',
      termsAccepted: true,
    });
    await knex('users').where({ email: DEMO_EMAIL }).update({ verified: true, verifyCode: null });
    user = await knex('users').where({ email: DEMO_EMAIL }).first();
  }
  const existing = await knex('weatherDevices').where({ user: user._id }).orderBy('createdAt').first();
  if (existing) return { device: fromDb(existing), created: false };
  const now = Date.now();
  const row = {
    _id: objectId(now),
    wsid: 'demo',
    stationKey: stationKey(),
    passkey: passkeyFor(null),
    name: 'Demo station',
    user: user._id,
    shareUsers: '[]',
    consoletype: 0,
    timezone: DEMO_PLACE.timezone,
    latitude: DEMO_PLACE.latitude,
    longitude: DEMO_PLACE.longitude,
    elevation: 10,
    channelNameMapping: JSON.stringify([
      { channel: 1, name: 'Bedroom' },
      { channel: 2, name: 'Pool' },
      { channel: 3, name: 'Garden soil' },
    ]),
    shareMode: 'public',
    unmapped: '{}',
    createdAt: now,
    updatedAt: now,
  };
  await knex('weatherDevices').insert(row);
  const device = fromDb(row);
  log('Writing demo history (a week at 5 minutes, a year at 3 hours)…');
  await backfill(server, device, Math.floor(now / 1000));
  return { device, created: true };
}

/** History written through the same pipeline as live uploads (clean, derive, store with rollups). */
async function backfill(server: Server, device: DeviceRow, now: number): Promise<void> {
  const write = async (t: number) => {
    const params = new URLSearchParams(
      Object.entries(wslinkFields(t, DEMO_PLACE)).map(([k, v]) => [k, String(v)]),
    );
    params.set('wsid', device.wsid);
    params.set('wspw', device.stationKey);
    params.delete('datetime');
    const parsed = parseWslink(params, t);
    await server.app.ctx.samples.write(device, t, deriveMissing(cleanSample(parsed.values)));
  };
  const start5 = now - 7 * 86400;
  for (let t = now - 365 * 86400; t < start5; t += 3 * 3600) await write(t - (t % 300));
  for (let t = start5 - (start5 % 300); t < now - 60; t += 300) await write(t);
}
