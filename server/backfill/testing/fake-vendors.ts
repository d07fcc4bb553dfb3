// A local fake of the four vendors' history APIs (a real HTTP server), answering with the recorded shapes in
// ../fixtures/: each fixture's record repeated every 5 minutes over the asked range, the temperature following
// the hour of the day (tempAt) so a test can tell which readings were stored. Answers can be scripted per vendor
// (429 with Retry-After, 401, 500, a body that is not JSON…); every request is logged with its time.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { BackfillVendor } from '../../../src/domain/backfill';
import { zonedTime } from '../../../src/domain/timeZones';

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', name), 'utf8'));

export const STEP = 300;
/**
 * The fake's outdoor temperature at t (°C): 5 at midnight UTC, +1 per hour to 17 at noon, then -1 per hour. No
 * jump at midnight: backfilled rows go through quality control, which leaves a 24 °C fall in 5 minutes out as a
 * spike.
 */
export const tempAt = (t: number) => {
  const hours = (t % 86400) / 3600;
  return Math.round((hours <= 12 ? 5 + hours : 29 - hours) * 10) / 10;
};

export interface FakeRequest {
  vendor: BackfillVendor;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  at: number;
}

export interface Scripted {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

export interface FakeVendors {
  url: string;
  requests: FakeRequest[];
  /** Answers the next requests to a vendor with these, in order, before answering normally again. */
  script(vendor: BackfillVendor, ...answers: Scripted[]): void;
  /** Readings exist from this time on (Ambient's paging ends there); default: a year ago. */
  since: number;
  close(): Promise<void>;
}

const times = (from: number, to: number, since: number) => {
  const out: number[] = [];
  for (let t = Math.ceil(Math.max(from, since) / STEP) * STEP; t < to; t += STEP) out.push(t);
  return out;
};

function wallToUnix(wall: string | null, timeZone: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(wall ?? '');
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  return zonedTime(Date.UTC(y, mo - 1, d, h, mi, s) / 1000, timeZone);
}

function ecowitt(query: URLSearchParams, timeZone: string, since: number): unknown {
  const template = fixture('ecowitt-history.json');
  const from = wallToUnix(query.get('start_date'), timeZone);
  const to = wallToUnix(query.get('end_date'), timeZone) + 1;
  const ts = times(from, to, since);
  if (ts.length === 0) return fixture('ecowitt-empty.json');
  for (const fields of Object.values(template.data) as Record<string, { list: Record<string, string> }>[])
    for (const [name, series] of Object.entries(fields)) {
      const value = Object.values(series.list)[0];
      series.list = Object.fromEntries(
        ts.map((t) => [
          String(t),
          name === 'temperature' && series === fields.temperature ? String(tempAt(t)) : value,
        ]),
      );
    }
  // Indoor temperature stays the fixture's: only the outdoor one follows the hour.
  template.data.indoor.temperature.list = Object.fromEntries(ts.map((t) => [String(t), '21.2']));
  return template;
}

function wunderground(query: URLSearchParams, timeZone: string, since: number): unknown {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(query.get('date') ?? '');
  if (!m) return null;
  const start = zonedTime(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000, timeZone);
  const end = zonedTime(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1) / 1000, timeZone);
  const [obs] = fixture('wunderground-history-all.json').observations;
  const ts = times(start, end, since);
  if (ts.length === 0) return null;
  return {
    observations: ts.map((t) => ({
      ...obs,
      epoch: t,
      obsTimeUtc: new Date(t * 1000).toISOString().replace(/\.000Z$/, 'Z'),
      metric: { ...obs.metric, tempAvg: tempAt(t) },
    })),
  };
}

function ambient(query: URLSearchParams, since: number, now: number): unknown {
  const [record] = fixture('ambient-device-data.json');
  const end = Math.floor(Number(query.get('endDate') ?? now * 1000) / 1000);
  const limit = Math.min(288, Number(query.get('limit') ?? 288));
  // Newest first, endDate included.
  const ts = times(since, Math.min(end, now) + 1, since)
    .reverse()
    .slice(0, limit);
  return ts.map((t) => ({
    ...record,
    dateutc: t * 1000,
    date: new Date(t * 1000).toISOString(),
    tempf: Math.round(((tempAt(t) * 9) / 5 + 32) * 10) / 10,
  }));
}

function weatherlink(query: URLSearchParams, since: number): unknown {
  const template = fixture('weatherlink-historic.json');
  const from = Number(query.get('start-timestamp'));
  const to = Number(query.get('end-timestamp'));
  const ts = times(from, to, since);
  for (const sensor of template.sensors) {
    const [r] = sensor.data;
    sensor.data = ts.map((t) =>
      'temp_last' in r
        ? { ...r, ts: t, temp_last: Math.round(((tempAt(t) * 9) / 5 + 32) * 10) / 10 }
        : { ...r, ts: t },
    );
  }
  return template;
}

/** `port` 0: any free port (the e2e run gives the one its server is configured with). */
export async function startFakeVendors(timeZone: string, port = 0): Promise<FakeVendors> {
  const requests: FakeRequest[] = [];
  const scripts = new Map<BackfillVendor, Scripted[]>();
  const fake: Omit<FakeVendors, 'url' | 'close'> = {
    requests,
    since: Math.floor(Date.now() / 1000) - 365 * 86400,
    script(vendor, ...answers) {
      scripts.set(vendor, [...(scripts.get(vendor) ?? []), ...answers]);
    },
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const vendor: BackfillVendor | null =
      url.pathname === '/api/v3/device/history'
        ? 'ecowitt'
        : url.pathname === '/v2/pws/history/all'
          ? 'wunderground'
          : url.pathname.startsWith('/v1/devices/')
            ? 'ambient'
            : url.pathname.startsWith('/v2/historic/')
              ? 'weatherlink'
              : null;
    if (!vendor) {
      res.writeHead(404).end();
      return;
    }
    requests.push({
      vendor,
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      at: Date.now(),
    });
    const scripted = scripts.get(vendor)?.shift();
    if (scripted) {
      res.writeHead(scripted.status, { 'content-type': 'application/json', ...scripted.headers });
      res.end(scripted.body ?? '');
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    const body =
      vendor === 'ecowitt'
        ? ecowitt(url.searchParams, timeZone, fake.since)
        : vendor === 'wunderground'
          ? wunderground(url.searchParams, timeZone, fake.since)
          : vendor === 'ambient'
            ? ambient(url.searchParams, fake.since, now)
            : weatherlink(url.searchParams, fake.since);
    if (body === null) {
      res.writeHead(204).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as FakeVendors;
}
