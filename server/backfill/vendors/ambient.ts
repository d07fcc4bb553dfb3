// Ambient Weather REST API (https://ambientweather.docs.apiary.io, "Query Device Data"):
// GET /v1/devices/:macAddress?apiKey&applicationKey&endDate&limit=288 answers up to 288 records, newest first,
// each {dateutc (ms), tempf, humidity, dewPoint, feelsLike, windspeedmph, windgustmph, winddir, baromrelin,
// baromabsin, hourlyrainin, eventrainin, dailyrainin, weeklyrainin, monthlyrainin, yearlyrainin, solarradiation,
// uv, tempinf, humidityin}, in imperial units. Paged backwards: the next endDate is the oldest record's time,
// until the range's start is passed or a page comes back empty.

import type { SampleRow } from '../../import/types';
import { fToC, inHgToHpa, inToMm, mphToMs } from '../../ingest/parsers/values';
import { BackfillError } from '../http';
import { isObject, numberOf, type VendorModule } from './types';

const FIELDS: Record<string, readonly [key: string, convert: (v: number) => number]> = {
  tempf: ['tempc0', fToC],
  humidity: ['humc0', (v) => v],
  dewPoint: ['dewpoint', fToC],
  feelsLike: ['feelslike', fToC],
  windspeedmph: ['windspd', mphToMs],
  windgustmph: ['gust', mphToMs],
  winddir: ['winddir', (v) => v],
  baromrelin: ['relbaro', inHgToHpa],
  baromabsin: ['absbaro', inHgToHpa],
  hourlyrainin: ['hourlyrain', inToMm],
  eventrainin: ['eventrain', inToMm],
  dailyrainin: ['dailyrain', inToMm],
  weeklyrainin: ['weeklyrain', inToMm],
  monthlyrainin: ['monthlyrain', inToMm],
  yearlyrainin: ['yearlyrain', inToMm],
  solarradiation: ['solarrad', (v) => v],
  uv: ['uvi', (v) => v],
  tempinf: ['tempin', fToC],
  humidityin: ['humin', (v) => v],
};

export const PAGE = 288;

/** One page's records as {time (unix s), values}; throws on an answer that is not a list. */
export function ambientRows(answer: unknown): { time: number; values: Record<string, number | null> }[] {
  if (isObject(answer) && typeof answer.error === 'string')
    throw new BackfillError('vendor', `Ambient Weather: ${answer.error.slice(0, 100)}`);
  if (answer !== null && !Array.isArray(answer))
    throw new BackfillError('malformed', 'Ambient Weather answered no list of records');
  const out: { time: number; values: Record<string, number | null> }[] = [];
  for (const r of answer ?? []) {
    if (!isObject(r)) continue;
    const ms = numberOf(r.dateutc);
    if (ms === null) continue;
    const values: Record<string, number | null> = {};
    for (const [field, [key, convert]] of Object.entries(FIELDS)) {
      const v = numberOf(r[field]);
      if (v !== null) values[key] = convert(v);
    }
    out.push({ time: Math.floor(ms / 1000), values });
  }
  return out;
}

export const ambient: VendorModule = (client, endpoint, keys, range) => {
  let line = 0;
  return {
    planned: null,
    async *pages() {
      let endDate = range.to * 1000;
      const seen = new Set<number>();
      for (;;) {
        const q = new URLSearchParams({
          apiKey: keys.apiKey,
          applicationKey: keys.applicationKey,
          endDate: String(endDate),
          limit: String(PAGE),
        });
        const records = ambientRows(
          await client.getJson(`${endpoint}/v1/devices/${encodeURIComponent(keys.mac)}?${q}`),
        );
        if (records.length === 0) return;
        const page: SampleRow[] = [];
        for (const r of records.sort((a, b) => a.time - b.time)) {
          // endDate may be inclusive: the record a page ended on comes again at the top of the next.
          if (r.time < range.from || r.time >= range.to || seen.has(r.time)) continue;
          seen.add(r.time);
          page.push({ time: r.time, values: r.values, line: ++line });
        }
        yield page;
        const oldest = records[0].time * 1000;
        if (oldest <= range.from * 1000 || oldest >= endDate || records.length < PAGE) return;
        endDate = oldest;
      }
    },
  };
};
