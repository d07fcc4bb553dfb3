// Corrections and provenance (issue 24; rules in src/domain/corrections.ts, storage in
// server/storage/corrections.ts), for the station's owner (and an admin):
//   sampleCorrections find {device}                       → the station's edit log, newest first
//   sampleCorrections find {device, from, to, samples}    → the raw samples of [from, to) with their source
//   sampleCorrections create {device, metric, from, to, action, value?, reason} → corrects, answers the log entry
//   sampleCorrections patch(id, {undone: true})           → undoes a correction (the newest over its readings first)
// Records, exports and graphs follow because they read the buckets (the records' cache of past days is forgotten).
import { Conflict, Forbidden, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { METRIC_BY_KEY } from '../../../src/domain/catalogue';
import {
  type CorrectionAction,
  correctSamples,
  isRunningTotal,
  MAX_CORRECTION_SECONDS,
  MAX_REASON,
  type SampleCorrection,
  type SampleEdit,
  type SourcedSample,
  type SourceSpan,
  sourceAt,
  sourceSpans,
  spanOf,
  type TimedValues,
  type ValueSpan,
} from '../../../src/domain/corrections';
import type { Application, AuthUser } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { codedError } from '../../hooks/error-codes';
import { asObject, bool, num, readers, id as readId, str } from '../../hooks/validate';
import { forgetRecords } from '../../records/compute';
import { changeStored } from '../../storage/corrections';
import { objectId } from '../../storage/ids';
import { RAW_SAMPLE_DAYS } from '../../storage/retention';
import { sourceRanges } from '../../storage/sources';
import { canWrite, type DeviceRow } from '../devices/device-record';

type P = Params & { user?: AuthUser };

/** Entries listed at most. */
const MAX_LOG = 200;
/** Samples listed at most (a day of uploads every 16 s is 5,400). */
const MAX_SAMPLES = 6000;

interface Stored {
  time: number;
  before: Record<string, number | null>;
  after: Record<string, number | null>;
}

export class SampleCorrectionsService {
  /** One change per station at a time in this process (the engines serialise across processes). */
  private running = new Map<string, Promise<unknown>>();

  constructor(private app: Application) {}

  private async owned(deviceId: unknown, user: AuthUser | undefined): Promise<DeviceRow> {
    const device = await this.app.service('weatherDevices').readable(deviceId, user);
    if (!canWrite(device, user)) throw codedError(Forbidden, 'ownerOnlyChange');
    return device;
  }

  async find(params: P): Promise<SampleCorrection[] | SourcedSample[] | SourceSpan[]> {
    const query = params.query ?? {};
    const device = await this.owned(query.device, params.user);
    const knex = this.app.ctx.storage.knex;
    if (bool(query, 'sources')) {
      const from = num(query, 'from', { required: true, integer: true, min: 0 }) as number;
      const to = num(query, 'to', { required: true, integer: true, min: 0 }) as number;
      if (from > to) throw readers.fail('from must not be after to', { field: 'from' });
      return sourceSpans(await sourceRanges(knex, device._id, from, to), from, to);
    }
    if (bool(query, 'samples')) {
      const from = num(query, 'from', { required: true, integer: true, min: 0 }) as number;
      const to = num(query, 'to', { required: true, integer: true, min: 0 }) as number;
      if (from > to) throw readers.fail('from must not be after to', { field: 'from' });
      if (to - from > 86400) throw readers.fail('List at most a day of samples', { field: 'to' });
      const samples = (await this.app.ctx.samples.samples(device._id, from, to)).slice(-MAX_SAMPLES);
      const ranges = await sourceRanges(knex, device._id, from, to);
      const edited = await this.editedKeys(device._id, from, to);
      return samples.map(({ time, ...values }) => ({
        time,
        values,
        source: edited.has(time) ? 'edit' : sourceAt(ranges, time),
        edited: [...(edited.get(time) ?? [])],
      }));
    }
    const rows = await knex('sampleCorrections')
      .where({ device: device._id })
      .orderBy('createdAt', 'desc')
      .orderBy('_id', 'desc')
      .limit(MAX_LOG);
    return this.entries(rows);
  }

  async create(data: unknown, params: P): Promise<SampleCorrection> {
    const body = asObject(data);
    for (const key of Object.keys(body))
      if (!['device', 'metric', 'from', 'to', 'action', 'value', 'reason'].includes(key))
        throw readers.fail(`${key} cannot be set`, { field: key });
    const device = await this.owned(body.device, params.user);
    const metric = str(body, 'metric', { required: true, max: 40 }) as string;
    if (metric !== 'all' && !METRIC_BY_KEY[metric])
      throw readers.fail(`Unknown metric ${metric}`, { field: 'metric' });
    const action = str(body, 'action', { required: true }) as CorrectionAction;
    if (action !== 'remove' && action !== 'set')
      throw readers.fail('action must be remove or set', { field: 'action' });
    const now = Math.floor(Date.now() / 1000);
    const oldest = now - RAW_SAMPLE_DAYS * 86400;
    const from = num(body, 'from', { required: true, integer: true, min: 0 }) as number;
    const to = num(body, 'to', { required: true, integer: true, min: 0 }) as number;
    if (from > to) throw readers.fail('from must not be after to', { field: 'from' });
    if (to - from > MAX_CORRECTION_SECONDS)
      throw readers.fail(`The range is too long: at most ${MAX_CORRECTION_SECONDS / 86400} days at once`, {
        field: 'to',
      });
    if (from < oldest)
      throw readers.fail(
        `Readings are kept for ${RAW_SAMPLE_DAYS} days; older ones are aggregates only and cannot be corrected`,
        { field: 'from' },
      );
    if (to > now + 300) throw readers.fail('to is in the future', { field: 'to' });
    let value: number | null = null;
    if (action === 'set') {
      if (metric === 'all') throw readers.fail('Choose one metric to set a value', { field: 'metric' });
      const def = METRIC_BY_KEY[metric];
      value = num(body, 'value', {
        required: true,
        min: def.min,
        max: def.max,
        message: `value must be a number from ${def.min} to ${def.max} ${def.unit}`,
      }) as number;
    } else if (body.value !== undefined && body.value !== null)
      throw readers.fail('A removal takes no value', { field: 'value' });
    const reason = str(body, 'reason', {
      required: true,
      max: MAX_REASON,
      message: `Give a reason (at most ${MAX_REASON} characters)`,
    });
    if (!reason) throw readers.fail('Give a reason for the correction', { field: 'reason' });
    const user = params.user?._id ?? null;
    const runningTotal = action === 'remove' && (metric === 'all' || isRunningTotal(metric));
    // A running total's later readings are lowered too, up to the newest (they are kept RAW_SAMPLE_DAYS).
    const span = { from, to: runningTotal ? now + 1 : to + 1 };

    return this.serially(device._id, async () => {
      await this.app.ctx.samples.flush();
      // The log entry's own fields, as stored and as answered.
      const logged = {
        _id: objectId(),
        device: device._id,
        metric,
        from,
        to,
        action,
        value,
        reason,
        user,
        createdAt: Date.now(),
        undoneAt: null,
        undoneBy: null,
      };
      const entry = await changeStored(
        this.app.ctx.storage,
        device,
        span,
        (samples: TimedValues[]) => {
          const keys =
            metric === 'all'
              ? [
                  ...new Set(
                    samples
                      .filter((s) => s.time >= from && s.time <= to)
                      .flatMap((s) => Object.keys(s.values)),
                  ),
                ]
              : [metric];
          const edits = correctSamples(samples, { from, to, action, value }, keys);
          if (edits.length === 0)
            throw readers.fail(
              metric === 'all'
                ? 'No readings in that range'
                : action === 'set'
                  ? `No readings of ${metric} in that range to change`
                  : `No readings of ${metric} in that range`,
              { field: 'from' },
            );
          const after = applied(samples, edits);
          return {
            edits,
            result: {
              samples: edits.length,
              before: spanOf(samples, metric, from, to),
              after: spanOf(after, metric, from, to),
              edits,
            },
          };
        },
        (r) => ({
          table: 'sampleCorrections',
          row: {
            ...logged,
            samples: r.samples,
            before: JSON.stringify(r.before),
            after: JSON.stringify(r.after),
            changes: JSON.stringify(
              r.edits.map((e): [number, Stored['before'], Stored['after']] => [e.time, e.before, e.after]),
            ),
          },
        }),
      );
      forgetRecords(device._id);
      const [made] = await this.entries([
        { ...logged, samples: entry.samples, before: entry.before, after: entry.after },
      ]);
      return made;
    });
  }

  async patch(id: string, data: unknown, params: P): Promise<SampleCorrection> {
    const body = asObject(data);
    for (const key of Object.keys(body))
      if (key !== 'undone') throw readers.fail(`${key} cannot be set`, { field: key });
    if (body.undone !== true) throw readers.fail('Only undone: true can be set', { field: 'undone' });
    const knex = this.app.ctx.storage.knex;
    const row = await knex('sampleCorrections')
      .where({ _id: readId(id) })
      .first();
    if (!row) throw new NotFound('No such correction');
    const device = await this.owned(row.device, params.user);
    if (row.undoneAt !== null && row.undoneAt !== undefined) return (await this.entries([row]))[0];
    const changes = (JSON.parse(row.changes) as [number, Stored['before'], Stored['after']][]).map(
      ([time, before, after]) => ({ time, before, after }),
    );
    const first = changes[0]?.time ?? Number(row.from);
    const last = changes.at(-1)?.time ?? Number(row.to);
    if (first < Math.floor(Date.now() / 1000) - RAW_SAMPLE_DAYS * 86400)
      throw new Conflict(`Its readings are older than ${RAW_SAMPLE_DAYS} days: no longer kept to undo`);
    const mine = new Map(changes.map((c) => [c.time, new Set(Object.keys(c.after))]));
    const user = params.user?._id ?? null;
    await this.serially(device._id, async () => {
      // The newest correction over the same readings is undone first: the values it found are what it restores.
      const later = (
        await knex('sampleCorrections')
          .where({ device: device._id })
          .whereNull('undoneAt')
          .andWhere('createdAt', '>=', Number(row.createdAt))
          .whereNot({ _id: row._id })
      ).filter((r) =>
        (JSON.parse(r.changes) as [number, unknown, Record<string, unknown>][]).some(([t, , after]) => {
          const keys = mine.get(t);
          return keys !== undefined && Object.keys(after).some((k) => keys.has(k));
        }),
      );
      if (later.length > 0) throw new Conflict('A later correction changed the same readings: undo it first');
      await this.app.ctx.samples.flush();
      const undoneAt = Date.now();
      await changeStored(
        this.app.ctx.storage,
        device,
        { from: first, to: last + 1 },
        (samples) => {
          const at = new Map(samples.map((s) => [s.time, s.values]));
          const edits: SampleEdit[] = [];
          for (const c of changes) {
            const now = at.get(c.time);
            if (!now) throw new Conflict('Its readings are no longer kept: it cannot be undone');
            const current: Record<string, number | null> = {};
            for (const k in c.before) current[k] = now[k] ?? null;
            edits.push({ time: c.time, before: current, after: c.before });
          }
          return { edits, result: null };
        },
        () => ({ table: 'sampleCorrections', id: row._id, row: { undoneAt, undoneBy: user } }),
      );
      forgetRecords(device._id);
    });
    const updated = await knex('sampleCorrections').where({ _id: row._id }).first();
    return (await this.entries([updated]))[0];
  }

  private async serially<T>(device: string, work: () => Promise<T>): Promise<T> {
    const before = this.running.get(device) ?? Promise.resolve();
    // A failed change is answered to its own caller (the `await job` below); the next one runs all the same.
    const job = before.catch(() => {}).then(work);
    this.running.set(device, job);
    try {
      return await job;
    } finally {
      if (this.running.get(device) === job) this.running.delete(device);
    }
  }

  /** Times of [from, to) an active correction changed, with the metrics it changed. */
  private async editedKeys(device: string, from: number, to: number): Promise<Map<number, Set<string>>> {
    const out = new Map<number, Set<string>>();
    const rows = await this.app.ctx.storage
      .knex('sampleCorrections')
      .where({ device })
      .whereNull('undoneAt')
      .andWhere('from', '<', to)
      .select('changes');
    for (const r of rows)
      for (const [time, , after] of JSON.parse(r.changes) as [number, unknown, Record<string, unknown>][]) {
        if (time < from || time >= to) continue;
        const keys = out.get(time) ?? new Set<string>();
        for (const k of Object.keys(after)) keys.add(k);
        out.set(time, keys);
      }
    return out;
  }

  private async entries(rows: Record<string, unknown>[]): Promise<SampleCorrection[]> {
    const ids = [
      ...new Set(rows.flatMap((r) => [r.user, r.undoneBy]).filter((u): u is string => typeof u === 'string')),
    ];
    const users =
      ids.length === 0
        ? []
        : await this.app.ctx.storage
            .knex('users')
            .whereIn('_id', ids)
            .select('_id', 'firstName', 'lastName', 'email');
    const names = new Map(
      users.map((u) => [u._id as string, `${u.firstName} ${u.lastName}`.trim() || (u.email as string)]),
    );
    const span = (v: unknown): ValueSpan => (typeof v === 'string' ? JSON.parse(v) : (v as ValueSpan));
    return rows.map((r) => ({
      _id: r._id as string,
      device: r.device as string,
      metric: r.metric as string,
      from: Number(r.from),
      to: Number(r.to),
      action: r.action as CorrectionAction,
      value: r.value === null || r.value === undefined ? null : Number(r.value),
      reason: r.reason as string,
      user: (r.user as string | null) ?? null,
      userName: names.get(r.user as string) ?? null,
      createdAt: Number(r.createdAt),
      samples: Number(r.samples),
      before: span(r.before),
      after: span(r.after),
      undoneAt: r.undoneAt === null || r.undoneAt === undefined ? null : Number(r.undoneAt),
      undoneBy: (r.undoneBy as string | null) ?? null,
    }));
  }
}

/** The samples with the edits applied. */
function applied(samples: TimedValues[], edits: SampleEdit[]): TimedValues[] {
  const byTime = new Map(edits.map((e) => [e.time, e]));
  return samples.map((s) => {
    const e = byTime.get(s.time);
    if (!e) return s;
    const values = { ...s.values };
    for (const k in e.after) {
      if (e.after[k] === null) delete values[k];
      else values[k] = e.after[k];
    }
    return { time: s.time, values };
  });
}

export function sampleCorrections(app: Application): void {
  app.use('sampleCorrections', new SampleCorrectionsService(app), { methods: ['find', 'create', 'patch'] });
  app.service('sampleCorrections').hooks({ before: { all: [requireAuth] } });
}
