// Readings that reached the portal after newer ones were forwarded (issue 27): a relay's backlog, a backfill from
// a vendor's cloud. The station's targets on networks that take past readings (src/domain/networks.ts
// `pastReadings`) note from when they have something to catch up on; the forwarder sends those 5-minute readings
// in order (forwarder.ts), a few per pass, and never moves the target's newest sent time backwards.
import type { Knex } from 'knex';
import { NETWORKS } from '../../../src/domain/networks';
import { TABLE } from '../../services/upload-targets/target-record';

const PAST = Object.values(NETWORKS)
  .filter((n) => n.pastReadings)
  .map((n) => n.id);

/** Readings of `device` from `from` (unix s) on are new to its targets that sent newer ones already. */
export async function noteLateReadings(knex: Knex, device: string, from: number): Promise<void> {
  await knex(TABLE)
    .where({ device, enabled: true })
    .whereIn('network', PAST)
    .where('lastSampleTime', '>', from)
    .where((q) => q.whereNull('catchUpFrom').orWhere('catchUpFrom', '>', from))
    .update({ catchUpFrom: from });
}
