// Weather Underground PWS history, one day per call (The Weather Company's "PWS Historical Data - All", a
// station owner's API key): GET /v2/pws/history/all?stationId=&date=YYYYMMDD&format=json&units=m&apiKey=. The
// answer is {observations: [{epoch, obsTimeUtc, humidityAvg, winddirAvg, solarRadiationHigh, uvHigh,
// metric: {tempAvg, dewptAvg, windspeedAvg, windgustHigh, pressureMax, pressureMin, precipRate, precipTotal}}]},
// one per the station's upload period summary (5 minutes on most); 204 with no body for a day without data.
// units=m: °C, km/h, hPa, mm. `date` is the station's local day.
import { localParts } from '../../../src/domain/timeZones';
import type { SampleRow } from '../../import/types';
import { kmhToMs } from '../../ingest/parsers/values';
import { BackfillError } from '../http';
import { localDays } from './days';
import { isObject, numberOf, type VendorModule } from './types';

const pad = (n: number) => String(n).padStart(2, '0');

export function wundergroundRows(
  answer: unknown,
  from: number,
  to: number,
): Map<number, Record<string, number | null>> {
  const out = new Map<number, Record<string, number | null>>();
  if (answer === null) return out;
  if (!isObject(answer) || !Array.isArray(answer.observations))
    throw new BackfillError('malformed', 'Weather Underground answered no observations list');
  for (const o of answer.observations) {
    if (!isObject(o)) continue;
    const t = numberOf(o.epoch);
    if (t === null || t < from || t >= to) continue;
    const m = isObject(o.metric) ? o.metric : {};
    const max = numberOf(m.pressureMax);
    const min = numberOf(m.pressureMin);
    const speed = numberOf(m.windspeedAvg);
    const gust = numberOf(m.windgustHigh);
    out.set(t, {
      tempc0: numberOf(m.tempAvg),
      humc0: numberOf(o.humidityAvg),
      dewpoint: numberOf(m.dewptAvg),
      windspd: speed === null ? null : kmhToMs(speed),
      gust: gust === null ? null : kmhToMs(gust),
      winddir: numberOf(o.winddirAvg),
      relbaro: max !== null && min !== null ? Math.round(((max + min) / 2) * 100) / 100 : (max ?? min),
      rainrate: numberOf(m.precipRate),
      dailyrain: numberOf(m.precipTotal),
      solarrad: numberOf(o.solarRadiationHigh),
      uvi: numberOf(o.uvHigh),
    });
  }
  return out;
}

export const wunderground: VendorModule = (client, endpoint, keys, range) => {
  const days = localDays(range.from, range.to, range.timeZone);
  let line = 0;
  return {
    planned: days.length,
    async *pages() {
      for (const [start, end] of days) {
        const p = localParts(start, range.timeZone);
        const q = new URLSearchParams({
          stationId: keys.stationId,
          date: `${p.y}${pad(p.m)}${pad(p.d)}`,
          format: 'json',
          units: 'm',
          numericPrecision: 'decimal',
          apiKey: keys.apiKey,
        });
        const rows = wundergroundRows(
          await client.getJson(`${endpoint}/v2/pws/history/all?${q}`),
          start,
          end,
        );
        yield [...rows.keys()]
          .sort((a, b) => a - b)
          .map((time): SampleRow => ({ time, values: rows.get(time)!, line: ++line }));
      }
    },
  };
};
