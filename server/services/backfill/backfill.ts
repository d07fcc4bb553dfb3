// Backfill from the vendors' clouds (issue 27), station owners only:
//   GET /backfill?device=<id>   {source: the stored keys (secrets masked) or null, jobs: the station's backfills}
//   POST /backfill {device, vendor, keys?, from, to}   stores the keys (when given) and starts a backfill of
//       [from, to) (unix s) in the background; answers the job at once. Keys left as answered (masked) keep the
//       stored value. One backfill per station at a time.
//   GET /backfill/<job>   its progress; PATCH /backfill/<job> {action: cancel}; DELETE /backfill/<device>: forget
//       the keys. Undo is the import's (PATCH /imports/<job> {action: rollback}): a backfill is an import job.
// The keys are the owner's: never answered to anyone else (a shared user or an admin gets 403), never logged,
// never in an error text. The rows go through the import (server/import/run.ts, policy fill): a 5-minute bucket
// the station has data in is never touched, the backfill's go around it.
import { createHash } from 'node:crypto';
import { BadRequest, Forbidden, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import {
  BACKFILL_VENDORS,
  type BackfillJob,
  type BackfillSource,
  type BackfillState,
  type BackfillVendor,
  isBackfillVendor,
  MAX_BACKFILL_DAYS,
  RETENTION_DAYS,
  VENDOR_KEYS,
} from '../../../src/domain/backfill';
import { maskKey } from '../../../src/domain/networks';
import { relation } from '../../../src/domain/stations';
import { backfillConfig } from '../../backfill/config';
import { vendorClient, vendorName } from '../../backfill/http';
import { backfillReader } from '../../backfill/reader';
import { ambient } from '../../backfill/vendors/ambient';
import { ecowitt } from '../../backfill/vendors/ecowitt';
import type { VendorModule } from '../../backfill/vendors/types';
import { weatherlink } from '../../backfill/vendors/weatherlink';
import { wunderground } from '../../backfill/vendors/wunderground';
import type { Application, AuthUser } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { asObject, num, str } from '../../hooks/validate';
import { runImport } from '../../import/run';
import { noteLateReadings } from '../../integrations/forward/catch-up';
import { forgetRecords } from '../../records/compute';
import { objectId } from '../../storage/ids';
import { present as presentImport } from '../imports/imports';

type P = Params & { user?: AuthUser };

const MODULES: Record<BackfillVendor, VendorModule> = { ecowitt, wunderground, ambient, weatherlink };
const MASK = '••••';
/** A running backfill silent this long (ms) without this process running it was left by a process now gone. */
const STALE_MS = 15 * 60_000;

interface Live {
  controller: AbortController;
  requests: { done: number; planned: number | null };
  waitingUntil: number | null;
  days: Set<number>;
}

/** Backfills running in this process. */
const running = new Map<string, Live>();

interface Meta {
  vendor: BackfillVendor;
  from: number;
  to: number;
  requests?: { done: number; planned: number | null };
  days?: number;
}

function parseJson<T>(text: unknown): T | null {
  try {
    return typeof text === 'string' ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function presentJob(row: Record<string, unknown>): BackfillJob {
  const meta = parseJson<Meta>(row.options) ?? { vendor: 'ecowitt', from: 0, to: 0 };
  const live = running.get(String(row._id));
  return {
    ...presentImport(row),
    // Running until this process has settled it (a stopped backfill's import first ends as done, then is marked).
    ...(live ? { status: 'running' as const } : {}),
    vendor: meta.vendor,
    from: meta.from,
    to: meta.to,
    requests: live ? { ...live.requests } : (meta.requests ?? { done: 0, planned: null }),
    waitingUntil: live?.waitingUntil ?? null,
    days: live ? live.days.size : (meta.days ?? 0),
  };
}

function presentSource(row: Record<string, unknown>): BackfillSource {
  const vendor = row.vendor as BackfillVendor;
  const keys = parseJson<Record<string, string>>(row.keys) ?? {};
  const shown: Record<string, string> = {};
  for (const f of VENDOR_KEYS[vendor] ?? [])
    shown[f.name] = f.secret ? maskKey(keys[f.name] ?? '') : (keys[f.name] ?? '');
  return { vendor, keys: shown, updatedAt: Number(row.updatedAt) };
}

export class BackfillService {
  constructor(private app: Application) {}

  private get config() {
    return this.app.ctx.config.backfill ?? backfillConfig({});
  }

  private get knex() {
    return this.app.ctx.storage.knex;
  }

  /** The station, if the caller owns it (the keys are the owner's alone). */
  private async owned(id: unknown, user: AuthUser | undefined) {
    const device = await this.app.service('weatherDevices').readable(id, user);
    if (relation(device, user) !== 'owner')
      throw new Forbidden('Only the station owner can backfill it from a vendor’s cloud');
    return device;
  }

  /**
   * Backfills left running by a process that is gone (a restart): none of this process's, and silent for longer
   * than any wait of ours (a 429's longest, a chunk's fetching). Marked stopped, so the screen does not wait on
   * them forever and a new one may start.
   */
  private async settleStale(device: string) {
    const silentSince = Date.now() - STALE_MS;
    const rows = await this.knex('importJobs')
      .where({ device, source: 'backfill', status: 'running' })
      .andWhere('updatedAt', '<', silentSince)
      .select('_id');
    const stale = rows.map((r) => String(r._id)).filter((id) => !running.has(id));
    if (stale.length > 0)
      await this.knex('importJobs')
        .whereIn('_id', stale)
        .update({ status: 'cancelled', updatedAt: Date.now() });
  }

  async find(params: P): Promise<BackfillState> {
    const query = (params.query ?? {}) as Record<string, unknown>;
    const device = await this.owned(str(query, 'device', { required: true, max: 24 }), params.user);
    await this.settleStale(device._id);
    const source = await this.knex('backfillSources').where({ device: device._id }).first();
    const jobs = await this.knex('importJobs')
      .where({ device: device._id, source: 'backfill' })
      .orderBy('createdAt', 'desc')
      .limit(10);
    return { source: source ? presentSource(source) : null, jobs: jobs.map(presentJob) };
  }

  async get(id: unknown, params: P): Promise<BackfillJob> {
    return presentJob(await this.job(id, params.user));
  }

  private async job(id: unknown, user: AuthUser | undefined) {
    if (typeof id !== 'string' || !/^[a-f0-9]{24}$/.test(id)) throw new NotFound('No such backfill');
    const job = await this.knex('importJobs').where({ _id: id, source: 'backfill' }).first();
    if (!job) throw new NotFound('No such backfill');
    await this.owned(job.device, user);
    return job;
  }

  async patch(id: unknown, data: unknown, params: P): Promise<BackfillJob> {
    const job = await this.job(id, params.user);
    const action = str(asObject(data), 'action', { required: true, max: 16 });
    if (action !== 'cancel') throw new BadRequest('action must be cancel', { field: 'action' });
    running.get(job._id)?.controller.abort();
    return presentJob(job);
  }

  /** Forgets the station's keys (id: the station). */
  async remove(id: unknown, params: P): Promise<{ device: string }> {
    const device = await this.owned(id, params.user);
    await this.knex('backfillSources').where({ device: device._id }).delete();
    return { device: device._id };
  }

  /** The keys to use: those given (a masked value keeps the stored one), checked against the vendor's fields. */
  private async keysFor(
    device: string,
    vendor: BackfillVendor,
    given: unknown,
  ): Promise<Record<string, string>> {
    const stored = await this.knex('backfillSources').where({ device }).first();
    const old =
      stored && stored.vendor === vendor ? (parseJson<Record<string, string>>(stored.keys) ?? {}) : {};
    const body = given === undefined || given === null ? {} : asObject(given, 'keys');
    const keys: Record<string, string> = {};
    for (const f of VENDOR_KEYS[vendor]) {
      const v = str(body, f.name, { max: 200 });
      const value = v === undefined || v.startsWith(MASK) ? old[f.name] : v.trim();
      if (!value)
        throw new BadRequest(`keys.${f.name} is required for ${vendorName(vendor)}`, { field: f.name });
      if (!/^[\x21-\x7e]+$/.test(value))
        throw new BadRequest(`keys.${f.name} must be letters, digits and signs without spaces`, {
          field: f.name,
        });
      keys[f.name] = value;
    }
    return keys;
  }

  async create(data: unknown, params: P): Promise<BackfillJob> {
    const body = asObject(data);
    const device = await this.owned(str(body, 'device', { required: true, max: 24 }), params.user);
    const vendor = body.vendor;
    if (!isBackfillVendor(vendor))
      throw new BadRequest(`vendor must be one of ${BACKFILL_VENDORS.join(', ')}`, { field: 'vendor' });
    const from = num(body, 'from', { required: true, integer: true, min: 0 })!;
    let to = num(body, 'to', { required: true, integer: true, min: 0 })!;
    const now = Math.floor(Date.now() / 1000);
    // The current hour is the live writer's (run.ts never imports it): the range ends at the last whole hour.
    to = Math.min(to, now - (now % 3600));
    if (to <= from)
      throw new BadRequest('from must be before to, and before the current hour', { field: 'from' });
    if (to - from > MAX_BACKFILL_DAYS * 86400)
      throw new BadRequest(`A backfill covers at most ${MAX_BACKFILL_DAYS} days`, { field: 'from' });
    const retention = RETENTION_DAYS[vendor];
    if (retention !== null && from < now - retention * 86400)
      throw new BadRequest(`${vendorName(vendor)} keeps readings for ${retention} days only`, {
        field: 'from',
      });
    const keys = await this.keysFor(device._id, vendor, body.keys);
    await this.settleStale(device._id);
    const busy = await this.knex('importJobs')
      .where({ device: device._id, source: 'backfill', status: 'running' })
      .first('_id');
    if (busy) throw new BadRequest('A backfill of this station is running already');

    const at = Date.now();
    const saved = { vendor, keys: JSON.stringify(keys), updatedAt: at };
    const updated = await this.knex('backfillSources').where({ device: device._id }).update(saved);
    if (!updated) await this.knex('backfillSources').insert({ device: device._id, ...saved });

    const jobId = objectId();
    const timeZone = device.timezone || 'UTC';
    const live: Live = {
      controller: new AbortController(),
      requests: { done: 0, planned: null },
      waitingUntil: null,
      days: new Set(),
    };
    const client = vendorClient({
      vendor,
      key: keys.apiKey,
      config: this.config,
      signal: live.controller.signal,
      onRequest: () => {
        live.requests.done++;
      },
      onWait: (until) => {
        live.waitingUntil = until;
      },
    });
    const fetch = MODULES[vendor](client, this.config.endpoints[vendor], keys, { from, to, timeZone, now });
    live.requests.planned = fetch.planned;
    const reader = backfillReader(vendor, fetch, timeZone, live.controller.signal);
    live.days = reader.days;
    running.set(jobId, live);
    const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
    const meta = (): Meta => ({ vendor, from, to, requests: live.requests, days: live.days.size });
    const started = runImport(
      this.knex,
      { _id: device._id, timezone: timeZone, latitude: device.latitude, longitude: device.longitude },
      reader,
      {
        dryRun: false,
        policy: 'fill',
        source: 'backfill',
        fileName: `${vendorName(vendor)} ${day(from)} – ${day(to - 1)}`,
        fileHash: createHash('sha256').update(`${jobId}:${vendor}:${from}:${to}`).digest('hex'),
        user: params.user?._id ?? null,
        jobId,
        signal: live.controller.signal,
      },
    );
    void started
      .then(async (report) => {
        // The reader stops early on a cancel; the import then ends as done: it was stopped.
        if (live.controller.signal.aborted && report.status === 'done')
          await this.knex('importJobs').where({ _id: jobId }).update({ status: 'cancelled' });
        forgetRecords(device._id);
        // What was filled goes on to the networks that take past readings (issue 27).
        if (report.imported > 0 && report.from !== null)
          await noteLateReadings(this.knex, device._id, report.from - (report.from % 300));
      })
      .catch((error: unknown) =>
        // The error's text is ours (BackfillError), never the URL with its keys.
        this.app.ctx.log.warn('backfill stopped', {
          job: jobId,
          vendor,
          reason: String((error as Error).message),
        }),
      )
      .finally(async () => {
        // The summary is saved before the job stops being live: a reader in between would see a finished job
        // with the days counted at its start (none).
        await this.knex('importJobs')
          .where({ _id: jobId })
          .update({ options: JSON.stringify(meta()) })
          // The job's row is kept whatever happens here; only its counts and days are missing: say so.
          .catch((error: unknown) =>
            this.app.ctx.log.warn('backfill summary not saved', { job: jobId, reason: String(error) }),
          );
        running.delete(jobId);
      });
    // Answered once the job row exists, so GET /backfill/<job> finds it; its range goes in now.
    for (let i = 0; i < 100 && !(await this.knex('importJobs').where({ _id: jobId }).first('_id')); i++)
      await new Promise((r) => setTimeout(r, 10));
    await this.knex('importJobs')
      .where({ _id: jobId })
      .update({ options: JSON.stringify(meta()) });
    return this.get(jobId, params);
  }
}

export function backfill(app: Application): void {
  app.use('backfill', new BackfillService(app), { methods: ['find', 'get', 'create', 'patch', 'remove'] });
  app.service('backfill').hooks({ before: { all: [requireAuth] } });
}
