// Re-applying a calibration to history (issue 24), the owner's explicit action:
//   stationRecalibrations find {device, key, from}            → the preview: days that change, old → new extremes
//   stationRecalibrations find {device, key, from, to, raw}   → the console's own values in the raw samples kept
//   stationRecalibrations create {device, key, from}          → applies it (server/storage/recalibrate.ts)
// The calibration applied is the metric's entry in effect now (none: the raw values again), from the device-local
// day of `from` on. Only the station's owner (and an admin) may; records, exports and graphs follow because they
// read the buckets. What a process keeps of the station's stored values is forgotten in every process (the
// `created` event reaches them all through the sync bus): the records' cache of past days, the calibration ingest
// applies (laid over the re-applications, so a late reading is stored as its neighbours), and quality control's
// previous accepted values (ingest/qc.ts listens itself).
import { Forbidden } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { calibratable } from '../../../src/domain/calibration';
import type { RawValues, RecalibrationReport, RecalibrationRequest } from '../../../src/domain/recalibration';
import type { Application, AuthUser } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { codedError } from '../../hooks/error-codes';
import { asObject, bool, num, readers, str } from '../../hooks/validate';
import { forgetRecords } from '../../records/compute';
import { rawValues, recalibrate } from '../../storage/recalibrate';
import { RAW_SAMPLE_DAYS } from '../../storage/retention';
import { canWrite, type DeviceRow } from '../devices/device-record';
import { recordIngestCalibrations } from './ingest-ledger';

type P = Params & { user?: AuthUser };

/** How far back a re-application may reach (about ten years of 5-minute rows). */
export const MAX_RECALIBRATION_DAYS = 3660;

export class StationRecalibrationsService {
  /** One re-application per station at a time in this process (the engines serialise across processes). */
  private running = new Map<string, Promise<unknown>>();

  constructor(private app: Application) {}

  async find(params: P): Promise<RecalibrationReport | RawValues> {
    const query = params.query ?? {};
    const { device, key, from } = await this.checked(query, params.user);
    if (bool(query, 'raw')) {
      const now = Math.floor(Date.now() / 1000);
      const to = num(query, 'to', { min: from, max: now + 86400, integer: true }) ?? now + 1;
      if (to - from > RAW_SAMPLE_DAYS * 86400 + 86400)
        throw readers.fail(`Raw values are kept for ${RAW_SAMPLE_DAYS} days: ask for at most that`, {
          field: 'to',
        });
      return {
        key,
        values: await rawValues(this.app.ctx.storage, this.app.ctx.samples, device._id, key, from, to),
      };
    }
    // The preview counts what the SQLite writer still holds open too: stored first, as for an apply.
    await this.app.ctx.samples.flush();
    return recalibrate(this.app.ctx.storage, { device, key, from, write: false });
  }

  async create(data: RecalibrationRequest, params: P): Promise<RecalibrationReport> {
    const { device, key, from } = await this.checked(asObject(data), params.user);
    const before = this.running.get(device._id) ?? Promise.resolve();
    const job = before
      .catch(() => {})
      .then(async () => {
        // SQLite: the writer's open buckets (and raw samples waiting beside them) are stored first.
        await this.app.ctx.samples.flush();
        const report = await recalibrate(this.app.ctx.storage, {
          device,
          key,
          from,
          write: true,
          user: params.user?._id ?? null,
        });
        forgetStoredValues(this.app, device._id);
        return report;
      });
    this.running.set(device._id, job);
    try {
      return await job;
    } finally {
      if (this.running.get(device._id) === job) this.running.delete(device._id);
    }
  }

  private async checked(input: Record<string, unknown>, user: AuthUser | undefined) {
    const device: DeviceRow = await this.app.service('weatherDevices').readable(input.device, user);
    if (!canWrite(device, user)) throw codedError(Forbidden, 'ownerOnlyChange');
    const key = str(input, 'key', { required: true, max: 40 }) as string;
    if (!calibratable(key)) throw readers.fail(`${key} cannot be calibrated`, { field: 'key' });
    const now = Math.floor(Date.now() / 1000);
    const from = num(input, 'from', {
      required: true,
      integer: true,
      min: now - MAX_RECALIBRATION_DAYS * 86400,
      max: now,
      message: `from must be a time (unix seconds) within the last ${MAX_RECALIBRATION_DAYS} days`,
    }) as number;
    return { device: { ...device, timezone: device.timezone }, key, from };
  }
}

/** This process's copies of what a re-application changed (at once here, and at its event in every process). */
function forgetStoredValues(app: Application, device: string): void {
  forgetRecords(device);
  app.ctx.calibrations.forget(device);
}

export function stationRecalibrations(app: Application): void {
  app.use('stationRecalibrations', new StationRecalibrationsService(app), { methods: ['find', 'create'] });
  app.service('stationRecalibrations').hooks({ before: { find: [requireAuth], create: [requireAuth] } });
  app
    .service('stationRecalibrations')
    .on('created', (report: RecalibrationReport) => forgetStoredValues(app, report.device));
  recordIngestCalibrations(app);
}
