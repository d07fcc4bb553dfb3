// Quality control at ingest (issue 24): judges each upload's cleaned values against the station's previous
// accepted ones (src/domain/qc.ts) and records what it leaves out. Kept in memory per process: each station's
// previous accepted value per metric (forgotten when a re-application of a calibration rewrites the stored ones),
// and the owners' limits (read once for all stations, then kept up to date from the settings service's events);
// both services' events reach every process through the sync bus. A station this process has not
// seen lately (new, or its uploads went to another process) has its previous values read from the store once: the
// common upload costs no query.
import { COLLECTIONS } from '../../src/domain/collections';
import { judgeInto, type QcLimit, type QcReason, type QcTrack, tracksFrom } from '../../src/domain/qc';
import type { Application } from '../declarations';
import { objectId } from '../storage/ids';

const { service, settings } = COLLECTIONS.qcLimits;

/** After this long without an upload here, the station's previous values are read again from the store. */
const STALE_AFTER = 1800;

/** A value outside its physical range is noted at most this often per station and metric (seconds). */
const LIMIT_NOTE_EVERY = 3600;

const NO_LIMITS: readonly QcLimit[] = [];

interface Seen {
  tracks: Map<string, QcTrack>;
  /** The newest upload time judged here. */
  at: number;
}

export interface Failed {
  key: string;
  value: number;
  reason: QcReason;
}

export class QualityControl {
  private seen = new Map<string, Seen>();
  private limits = new Map<string, readonly QcLimit[]>();
  /** The 5-minute bucket a stuck value was last kept for, per station and metric. */
  private stuckNoted = new Map<string, number>();
  /** When a value outside its physical range was last noted, per station and metric. */
  private limitNoted = new Map<string, number>();
  private listening = false;
  /** The one read of every station's limits (null until it succeeds or after it failed). */
  private loaded: Promise<void> | null = null;

  constructor(private app: Application) {}

  /**
   * Judges `values` in place (failing ones become null) and answers what failed. Awaits only for a station not
   * seen lately or whose limits are not known yet.
   */
  async judge(device: string, time: number, values: Record<string, number | null>): Promise<Failed[]> {
    this.listen();
    if (!this.loaded) await this.loadLimits();
    const limits = this.limits.get(device) ?? NO_LIMITS;
    let seen = this.seen.get(device);
    if (!seen || time - seen.at > STALE_AFTER) {
      const latest = (await this.app.ctx.samples.latest([device])).get(device);
      seen = { tracks: tracksFrom(latest), at: latest?.time ?? 0 };
      this.seen.set(device, seen);
    }
    if (time > seen.at) seen.at = time;
    return judgeInto(values, time, seen.tracks, limits);
  }

  /**
   * Values outside their physical range, at most one an hour per station and metric: a sensor that lost its
   * radio link sends the same sentinel every upload, and such a value can never be accepted (it cannot be stored).
   */
  notable(device: string, time: number, dropped: readonly Failed[]): Failed[] {
    if (dropped.length === 0) return [];
    return dropped.filter((d) => {
      const id = `${device}:${d.key}`;
      const last = this.limitNoted.get(id);
      if (last !== undefined && Math.abs(time - last) < LIMIT_NOTE_EVERY) return false;
      this.limitNoted.set(id, time);
      return true;
    });
  }

  /**
   * The rows of what failed, to insert into `qcFlags` (a kept rain-counter reset is already accepted). A stuck
   * value is kept once per 5-minute bucket: it is the same value every upload (a console may send every 16 s),
   * and one per bucket gives the bucket its minimum, maximum and mean when accepted.
   */
  rows(device: string, time: number, failed: readonly Failed[]) {
    const now = Date.now();
    const bucket = time - (time % 300);
    const kept = failed.filter((f) => {
      if (f.reason !== 'stuck') return true;
      const id = `${device}:${f.key}`;
      if (this.stuckNoted.get(id) === bucket) return false;
      this.stuckNoted.set(id, bucket);
      return true;
    });
    return kept.map((f) => ({
      _id: objectId(now),
      device,
      time,
      key: f.key,
      value: f.value,
      reason: f.reason,
      status: f.reason === 'rainReset' ? 'accepted' : 'flagged',
      createdAt: now,
      decidedAt: f.reason === 'rainReset' ? now : null,
    }));
  }

  /**
   * Every station's limits, read in one query at first use (only stations whose owners set limits have a row):
   * a station's first upload here then costs no query for them. Changes arrive as the settings service's events.
   */
  private loadLimits(): Promise<void> {
    this.loaded ??= this.app.ctx.storage
      .knex(settings.sqlTable)
      .select('weatherDevice', 'limits')
      .then((rows: { weatherDevice: string; limits: string }[]) => {
        // An event that came while the query ran is newer than its row.
        for (const r of rows)
          if (!this.limits.has(r.weatherDevice)) this.limits.set(r.weatherDevice, JSON.parse(r.limits));
      });
    this.loaded.catch(() => {
      this.loaded = null;
    });
    return this.loaded;
  }

  /** Registered at first use: the settings service exists by then (app.ts registers services before uploads). */
  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    const changed = (r: { weatherDevice?: string; limits?: QcLimit[] | string }) => {
      if (!r.weatherDevice || r.limits === undefined) return;
      this.limits.set(r.weatherDevice, typeof r.limits === 'string' ? JSON.parse(r.limits) : r.limits);
    };
    for (const event of ['created', 'patched']) this.app.service(service).on(event, changed);
    // The stored values were re-calibrated: the previous accepted ones are read again (in the new calibration).
    this.app
      .service('stationRecalibrations')
      .on('created', (r: { device?: string }) => r.device && this.seen.delete(r.device));
  }
}
