// The neighbour check (issue 24): stationNeighbours find {device} → for the owner of a station with a position, how
// its temperature and sea-level pressure compare with the public stations within NEIGHBOUR_RADIUS_KM over the last
// HINT_DAYS days, hour by hour (src/domain/neighbours.ts), as hints with the offset found. Only public stations
// take part, and the answer carries their number and median offset, never a neighbour's readings or position.
import { Forbidden } from '@feathersjs/errors';
import type { Params } from '@feathersjs/feathers';
import { aggValue } from '../../../src/domain/aggregate';
import {
  boxAround,
  distanceKm,
  HINT_DAYS,
  type HourlySeries,
  NEIGHBOUR_METRICS,
  NEIGHBOUR_RADIUS_KM,
  type NeighbourAnswer,
  neighbourHint,
  seaLevelPressure,
} from '../../../src/domain/neighbours';
import type { Application, AuthUser } from '../../declarations';
import { requireAuth } from '../../hooks/auth';
import { codedError } from '../../hooks/error-codes';
import { canWrite, type DeviceRow } from '../devices/device-record';

type P = Params & { user?: AuthUser };

/** At most this many of the nearest public stations are read. */
const MAX_NEIGHBOURS = 40;

export class StationNeighboursService {
  constructor(private app: Application) {}

  async find(params: P): Promise<NeighbourAnswer> {
    const query = params.query ?? {};
    const device = await this.app.service('weatherDevices').readable(query.device, params.user);
    if (!canWrite(device, params.user)) throw codedError(Forbidden, 'ownerOnlyChange');
    const answer: NeighbourAnswer = {
      radiusKm: NEIGHBOUR_RADIUS_KM,
      neighbours: 0,
      positioned: false,
      hints: [],
    };
    const here = placeOf(device);
    if (!here) return answer;
    answer.positioned = true;
    const to = Math.floor(Date.now() / 1000);
    const from = to - HINT_DAYS * 86400;
    const own = await this.hourly(device, from, to);
    // Readings from before a metric's newest calibration were stored under another one: only later ones count.
    const entries = await this.app.ctx.calibrations.entries(device._id);
    for (const { key } of NEIGHBOUR_METRICS) {
      const since = Math.max(0, ...entries.filter((e) => e.key === key).map((e) => e.since / 1000));
      for (const hour of own[key].keys()) if (hour < since) own[key].delete(hour);
    }
    const around = [];
    for (const other of await this.nearby(device, here)) {
      const series = await this.hourly(other, from, to);
      if (series.tempc0.size > 0 || series.relbaro.size > 0) around.push(series);
    }
    answer.neighbours = around.length;
    for (const { key } of NEIGHBOUR_METRICS) {
      const hint = neighbourHint(
        key,
        own[key],
        around.map((s) => s[key]),
      );
      if (hint) answer.hints.push(hint);
    }
    return answer;
  }

  /** The public stations nearest to `here`, within the radius, readable now (a plan that lapsed hides one). */
  private async nearby(device: DeviceRow, here: { latitude: number; longitude: number }) {
    const box = boxAround(here, NEIGHBOUR_RADIUS_KM);
    const rows: { _id: string }[] = await this.app.ctx.storage
      .knex('weatherDevices')
      .select('_id')
      .where({ shareMode: 'public' })
      .whereNot({ _id: device._id })
      .whereBetween('latitude', [box.minLat, box.maxLat])
      .whereBetween('longitude', [box.minLon, box.maxLon]);
    const found: { device: DeviceRow; km: number }[] = [];
    for (const { _id } of rows) {
      const other = await this.app.ctx.devices.get(_id);
      const place = other && placeOf(other);
      if (!other || !place) continue;
      const km = distanceKm(here, place);
      if (km <= NEIGHBOUR_RADIUS_KM && (await this.app.ctx.plans.allows(other)))
        found.push({ device: other, km });
    }
    return found
      .sort((a, b) => a.km - b.km)
      .slice(0, MAX_NEIGHBOURS)
      .map((f) => f.device);
  }

  /** Hourly means of temperature and sea-level pressure (relative, else reduced from absolute). */
  private async hourly(device: DeviceRow, from: number, to: number) {
    const rows = await this.app.ctx.samples.buckets('buckets1h', device._id, from, to, [
      'tempc0',
      'relbaro',
      'absbaro',
    ]);
    const tempc0 = new Map<number, number>();
    const relbaro = new Map<number, number>();
    for (const { time, aggs } of rows) {
      const t = aggs.tempc0 ? aggValue(aggs.tempc0, 'mean') : null;
      if (t !== null) tempc0.set(time, t);
      const rel = aggs.relbaro ? aggValue(aggs.relbaro, 'mean') : null;
      const abs = aggs.absbaro ? aggValue(aggs.absbaro, 'mean') : null;
      if (rel !== null) relbaro.set(time, rel);
      else if (abs !== null && device.elevation != null && t !== null)
        relbaro.set(time, seaLevelPressure(abs, device.elevation, t));
    }
    return { tempc0, relbaro } satisfies Record<string, HourlySeries>;
  }
}

function placeOf(d: DeviceRow): { latitude: number; longitude: number } | null {
  return typeof d.latitude === 'number' && typeof d.longitude === 'number'
    ? { latitude: d.latitude, longitude: d.longitude }
    : null;
}

export function stationNeighbours(app: Application): void {
  app.use('stationNeighbours', new StationNeighboursService(app), { methods: ['find'] });
  app.service('stationNeighbours').hooks({ before: { find: [requireAuth] } });
}
