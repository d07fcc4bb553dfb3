// Local days covering a range: the day-based history APIs (Weather Underground's by date, Ecowitt and WeatherLink
// a day per call) are asked day by day, each day clipped to the range.
import { localDayEnd, localDayStart } from '../../../src/domain/timeZones';

/** [start, end) per device-local day overlapping [from, to), clipped to it. */
export function localDays(from: number, to: number, timeZone: string): [number, number][] {
  const out: [number, number][] = [];
  for (let day = localDayStart(from, timeZone); day < to; day = localDayEnd(day, timeZone))
    out.push([Math.max(day, from), Math.min(localDayEnd(day, timeZone), to)]);
  return out;
}
