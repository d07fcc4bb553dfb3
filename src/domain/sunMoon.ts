// Sun and moon times for a station's location, on a calendar day of its time zone (server's weatherDevices/sun
// and the sun & moon card compute the same).
import * as SunCalc from 'suncalc';
import { moonPhase } from './levels';
import { localDayStart, localParts, zonedMidnight } from './timeZones';

export interface SunMoon {
  date: string;
  sunrise: number | null;
  sunset: number | null;
  solarNoon: number | null;
  dawn: number | null;
  dusk: number | null;
  moonrise: number | null;
  moonset: number | null;
  /** 0 new, 0.25 first quarter, 0.5 full, 0.75 last quarter. */
  moonPhase: number;
  moonPhaseName: string | null;
  /** Illuminated fraction 0..1. */
  illumination: number;
  /** Sun above / below the horizon all day (polar day / night). */
  alwaysUp: boolean;
  alwaysDown: boolean;
}

const secs = (d: Date | null | undefined): number | null =>
  d instanceof Date && Number.isFinite(d.getTime()) ? Math.round(d.getTime() / 1000) : null;

/** `day` is any instant of the wanted local day (unix s). Times are unix seconds. */
export function sunMoon(latitude: number, longitude: number, timeZone: string, day: number): SunMoon {
  const start = localDayStart(day, timeZone);
  const p = localParts(start, timeZone);
  const end = zonedMidnight(p.y, p.m, p.d + 1, timeZone);
  const noon = new Date(((start + end) / 2) * 1000);
  const sun = SunCalc.getTimes(noon, latitude, longitude);
  // Moon times are per UTC day in SunCalc: look at every UTC day the local day touches.
  const rises: number[] = [];
  const sets: number[] = [];
  for (let t = start - (start % 86400); t < end; t += 86400) {
    const m = SunCalc.getMoonTimes(new Date(t * 1000), latitude, longitude);
    const r = secs(m.rise);
    const s = secs(m.set);
    if (r !== null && r >= start && r < end) rises.push(r);
    if (s !== null && s >= start && s < end) sets.push(s);
  }
  const illum = SunCalc.getMoonIllumination(noon);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${p.y}-${pad(p.m)}-${pad(p.d)}`,
    sunrise: secs(sun.sunrise),
    sunset: secs(sun.sunset),
    solarNoon: secs(sun.solarNoon),
    dawn: secs(sun.dawn),
    dusk: secs(sun.dusk),
    moonrise: rises.length ? Math.min(...rises) : null,
    moonset: sets.length ? Math.min(...sets) : null,
    moonPhase: Number(illum.phase.toFixed(3)),
    moonPhaseName: moonPhase(illum.phase),
    illumination: Number(illum.fraction.toFixed(3)),
    alwaysUp: sun.alwaysUp === true,
    alwaysDown: sun.alwaysDown === true,
  };
}
