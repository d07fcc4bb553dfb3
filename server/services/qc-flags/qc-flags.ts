// Values quality control left out (issue 24), for the station's owner (and an admin): qcFlags find {device, days?}
// → the flags of the last `days` station-local days grouped by day, with the station's gaps over the same days;
// patch(id, {status}) accepts a flag (its value goes into that time's buckets: aggregates and records include it)
// or rejects it (it stays out). An accepted value is in the data for good; a rejected one may still be accepted.
import { BadRequest, Conflict, Forbidden, NotFound } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { findGaps } from '../../../src/domain/gaps';
import { canDecide, flagsByDay, type QcAnswer, type QcFlag, type QcStatus } from '../../../src/domain/qc';
import type { Application, AuthUser } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { codedError } from '../../hooks/error-codes';
import { asObject, num, id as readId, str } from '../../hooks/validate';
import { forgetRecords } from '../../records/compute';
import { canWrite, type DeviceRow } from '../devices/device-record';

type P = Params & { user?: AuthUser };

/** Days listed by default, and at most. */
export const QC_DAYS = 7;
export const QC_MAX_DAYS = 31;
/** At most this many flags in one answer (a stuck sensor is flagged on every upload). */
const MAX_FLAGS = 2000;

const fromRow = (r: Record<string, unknown>): QcFlag => ({
  _id: r._id as string,
  device: r.device as string,
  time: Number(r.time),
  key: r.key as string,
  value: Number(r.value),
  reason: r.reason as QcFlag['reason'],
  status: r.status as QcStatus,
});

export class QcFlagsService {
  constructor(private app: Application) {}

  private async owned(deviceId: unknown, params: P): Promise<DeviceRow> {
    const device = await this.app.service('weatherDevices').readable(deviceId, params.user);
    if (!canWrite(device, params.user)) throw codedError(Forbidden, 'ownerOnlyChange');
    return device;
  }

  async find(params: P): Promise<QcAnswer> {
    const query = params.query ?? {};
    const days =
      num(query, 'days', {
        min: 1,
        max: QC_MAX_DAYS,
        integer: true,
        message: `days must be a whole number from 1 to ${QC_MAX_DAYS}`,
      }) ?? QC_DAYS;
    const device = await this.owned(query.device, params);
    const to = Math.floor(Date.now() / 1000);
    const from = to - days * 86400;
    const rows = await this.app.ctx.storage
      .knex('qcFlags')
      .where({ device: device._id })
      .andWhere('time', '>=', from)
      .orderBy('time', 'desc')
      .limit(MAX_FLAGS + 1);
    const flags = rows.slice(0, MAX_FLAGS).map(fromRow);
    // The gaps of the same days, as the Weather Server page finds them (one bucket further back for a hole's start).
    const buckets = await this.app.ctx.samples.buckets('buckets5m', device._id, from - 300, to, []);
    return {
      days: flagsByDay(flags, device.timezone),
      gaps: findGaps(
        buckets.map((b) => b.time),
        from,
        to,
      ),
      truncated: rows.length > MAX_FLAGS,
    };
  }

  async patch(flagId: string, data: unknown, params: P): Promise<QcFlag> {
    const body = asObject(data);
    for (const key of Object.keys(body)) if (key !== 'status') throw new BadRequest(`${key} cannot be set`);
    const status = str(body, 'status', { required: true }) as QcStatus;
    if (status !== 'accepted' && status !== 'rejected')
      throw new BadRequest('status must be accepted or rejected', { field: 'status' });
    const knex = this.app.ctx.storage.knex;
    const row = await knex('qcFlags')
      .where({ _id: readId(flagId) })
      .first();
    if (!row) throw new NotFound('No such flagged value');
    const device = await this.owned(row.device, params);
    const flag = fromRow(row);
    if (flag.status === status) return flag;
    if (!canDecide(flag.status, status, flag.reason))
      throw new BadRequest(
        flag.reason === 'limit'
          ? 'A value outside its physical range cannot be accepted'
          : 'An accepted value is already in the data',
        { field: 'status' },
      );
    // Claimed first: of two decisions at once, one wins; the value is written once.
    const claimed = await knex('qcFlags')
      .where({ _id: flag._id, status: flag.status })
      .update({ status, decidedAt: Date.now() });
    if (claimed !== 1) throw new Conflict('The value was decided meanwhile');
    if (status === 'accepted') {
      try {
        await this.restore(device, flag);
      } catch (error) {
        await knex('qcFlags').where({ _id: flag._id }).update({ status: flag.status, decidedAt: null });
        throw error;
      }
    }
    return { ...flag, status };
  }

  /**
   * Writes an accepted value into its time's 5-minute and daily buckets as a late reading: the same path that
   * folds a relay's backlog in. A second of that 5-minute bucket without a stored sample carries it (the
   * reading's own second holds the upload's other values, and a second sample at one time is a retransmission).
   */
  private async restore(device: DeviceRow, flag: QcFlag): Promise<void> {
    const { samples } = this.app.ctx;
    const start = flag.time - (flag.time % 300);
    const taken = new Set((await samples.samples(device._id, start, start + 300)).map((s) => s.time));
    const time = freeSecond(flag.time, start, taken);
    if (time === null) throw new Conflict('No free second left in that 5-minute bucket');
    await samples.write(device, time, { [flag.key]: flag.value });
    forgetRecords(device._id);
  }
}

/**
 * The second nearest after `time` (else before it) in its 5-minute bucket from `start` that holds no sample: the
 * reading's own when free. The last second of a bucket has none after it.
 */
export function freeSecond(time: number, start: number, taken: ReadonlySet<number>): number | null {
  for (let s = time; s < start + 300; s++) if (!taken.has(s)) return s;
  for (let s = time - 1; s >= start; s--) if (!taken.has(s)) return s;
  return null;
}

export function qcFlags(app: Application): void {
  app.use('qcFlags', new QcFlagsService(app), { methods: ['find', 'patch'] });
  app.service('qcFlags').hooks({ before: { all: [requireAuth] } });
}
