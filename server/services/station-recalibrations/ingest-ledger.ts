// What ingest applied stays known when the owner changes a calibration (issue 24). The stored values carry what
// the entries said when they arrived; a save that rewrites the entries (a changed offset, an earlier `since`, a
// removed entry) would make the entries' history say something else about the past. Before that happens, the
// ranges up to the newest reading whose calibration the save changes are recorded in calibrationApplied with the calibration
// they really carry, so a later re-application inverts what was applied, not what the entries say now.
import type { HookContext } from '@feathersjs/feathers';
import type { CalibrationEntry } from '../../../src/domain/calibration';
import { COLLECTIONS } from '../../../src/domain/collections';
import {
  type AppliedRange,
  appliedSegments,
  sameTransform,
  uniformOver,
} from '../../../src/domain/recalibration';
import type { Application } from '../../declarations';

const { service, settings } = COLLECTIONS.calibration;
const BEFORE = Symbol('calibration before');

type Ctx = HookContext<Application> & { params: { [BEFORE]?: CalibrationEntry[] } };

const parse = (row: { entries?: string } | undefined): CalibrationEntry[] =>
  row?.entries ? (JSON.parse(row.entries) as CalibrationEntry[]) : [];

/** The ranges before `now` that carry something else under `after` than under `before`. */
export function changedRanges(
  before: readonly CalibrationEntry[],
  after: readonly CalibrationEntry[],
  applied: (key: string) => AppliedRange[],
  now: number,
): (AppliedRange & { key: string })[] {
  const keys = new Set([...before, ...after].map((e) => e.key));
  const out: (AppliedRange & { key: string })[] = [];
  for (const key of keys) {
    const ledger = applied(key);
    const was = appliedSegments(before, ledger, key);
    const will = appliedSegments(after, ledger, key);
    for (const s of was) {
      const from = Math.max(s.from, 0);
      const to = Math.min(s.to, now);
      if (from >= to) continue;
      const next = uniformOver(will, from, to);
      if (next && sameTransform(next, s)) continue;
      out.push({ key, from, to, offset: s.offset, multiplier: s.multiplier, quadratic: s.quadratic });
    }
  }
  return out;
}

export function recordIngestCalibrations(app: Application): void {
  const knex = () => app.ctx.storage.knex;
  const remember = async (context: Ctx) => {
    const where =
      context.method === 'patch'
        ? { _id: String(context.id) }
        : { weatherDevice: String((context.data as { weatherDevice?: unknown })?.weatherDevice ?? '') };
    context.params[BEFORE] = parse(await knex()(settings.sqlTable).where(where).first());
  };
  const record = async (context: Ctx) => {
    const before = context.params[BEFORE];
    const result = context.result as { weatherDevice?: string; entries?: CalibrationEntry[] } | undefined;
    if (!before || !result?.weatherDevice) return;
    const device = result.weatherDevice;
    const rows = await knex()('calibrationApplied').where({ device }).orderBy('id');
    const applied = (key: string) =>
      rows
        .filter((r) => r.metric === key)
        .map((r) => ({
          from: Number(r.from),
          to: Number(r.to),
          offset: Number(r.offset),
          multiplier: Number(r.multiplier),
          quadratic: Number(r.quadratic),
        }));
    // Up to the newest reading stored: one arriving later for an earlier time is calibrated with the entries
    // as saved now (a relay's backlog across a change is the one case the record then misdescribes).
    const newest = (await app.ctx.samples.latest([device])).get(device)?.time;
    if (newest === undefined) return;
    const now = Math.ceil(Date.now() / 1000);
    const changed = changedRanges(before, result.entries ?? [], applied, Math.min(now, newest + 1));
    if (changed.length === 0) return;
    await knex()('calibrationApplied').insert(
      changed.map(({ key, ...r }) => ({
        device,
        metric: key,
        ...r,
        appliedAt: now,
        user: context.params.user?._id ?? null,
      })),
    );
    app.ctx.calibrations.forget(device);
  };
  app.service(service).hooks({
    before: { create: [remember], patch: [remember] },
    after: { create: [record], patch: [record] },
  });
}
