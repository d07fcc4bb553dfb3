// Readings that reached the portal after newer ones were forwarded (issue 27): a relay's backlog, a backfill from
// a vendor's cloud. The station's targets on networks that take past readings (src/domain/networks.ts
// `pastReadings`) note from when they have something to catch up on; the forwarder sends those 5-minute readings
// in order (forwarder.ts), a few per pass, and never moves the target's newest sent time backwards.
import type { Knex } from 'knex';
import { NETWORKS } from '../../../src/domain/networks';
import type { Application } from '../../declarations';
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

/**
 * Ingest's side: a late reading is noted only for a station with targets on such networks, which each process
 * knows from the targets' own events; the others (most stations, and every upload of a console whose clock is
 * behind) cost no query.
 */
export class LateReadings {
  private forwarded = new Map<string, Promise<boolean>>();
  private listening = false;

  constructor(private app: Application) {}

  async note(device: string, from: number): Promise<void> {
    if (await this.hasTargets(device)) await noteLateReadings(this.app.ctx.storage.knex, device, from);
  }

  private hasTargets(device: string): Promise<boolean> {
    if (!this.listening) {
      this.listening = true;
      const forget = (t: { device?: string }) => t.device && this.forwarded.delete(t.device);
      for (const event of ['created', 'patched', 'removed'])
        this.app.service('uploadTargets').on(event, forget);
    }
    let found = this.forwarded.get(device);
    if (!found) {
      if (this.forwarded.size > 100_000) this.forwarded.clear();
      found = this.app.ctx.storage
        .knex(TABLE)
        .where({ device, enabled: true })
        .whereIn('network', PAST)
        .first('_id')
        .then((row) => !!row);
      this.forwarded.set(device, found);
      found.catch(() => this.forwarded.delete(device));
    }
    return found;
  }
}
