// A station's relay as the portal last saw it (stationRelays, migration 066): written by ingest for each
// relayed upload, read by the Weather Server view.
import type { Knex } from 'knex';
import type { StationRelay } from '../../../src/domain/contract';
import type { RelayNote } from '../../ingest/relayed';

export function writeStationRelay(knex: Knex, device: string, relay: RelayNote, now: number) {
  return knex('stationRelays')
    .insert({ device, version: relay.version, queued: relay.queued, seenAt: now })
    .onConflict('device')
    .merge();
}

export async function readStationRelay(knex: Knex, device: string): Promise<StationRelay | null> {
  const row = await knex('stationRelays').where({ device }).first();
  if (!row) return null;
  return {
    version: String(row.version),
    queued: row.queued === null ? null : Number(row.queued),
    seenAt: Number(row.seenAt),
  };
}
