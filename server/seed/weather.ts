// Plausible synthetic weather for the demo station: a diurnal and seasonal temperature cycle, humidity that
// falls as it warms, slow pressure waves, gusty wind, passing showers, sun-driven light and UV, indoor air
// quality, extra channels, lightning on stormy afternoons. Deterministic in time, so history and live agree.
import * as SunCalc from 'suncalc';

/** Smooth pseudo-noise in [-1, 1] from time (sum of incommensurate sines). */
function wave(t: number, period: number, phase = 0): number {
  return Math.sin((2 * Math.PI * t) / period + phase);
}
function noise(t: number, seed: number): number {
  return (
    (wave(t, 3607 + seed * 17, seed) +
      wave(t, 911 + seed * 7, seed * 2) * 0.5 +
      wave(t, 211 + seed, seed * 3) * 0.25) /
    1.75
  );
}
const round = (v: number, dp = 1) => Math.round(v * 10 ** dp) / 10 ** dp;

const DAY = 86400;
const STEP = 300;

/** How stormy it is at `t`: 0 calm … 1 stormy. */
const stormAt = (t: number) => Math.max(0, noise(t / 6, 9));
/** Rain rate (mm/h) at `t`: showers when it is stormy. */
const rateAt = (t: number) => {
  const storm = stormAt(t);
  return storm > 0.55 ? round((storm - 0.55) * 40, 1) : 0;
};

/**
 * Rain (mm) that fell in [from, to), the rate summed over 5-minute steps (issue 22: the demo's totals came
 * from their own noise, so 17 mm/h could go with 0.0 mm today and the month's total shrank over the week).
 */
function rainBetween(from: number, to: number): number {
  let mm = 0;
  for (let s = Math.ceil(from / STEP) * STEP; s < to; s += STEP) mm += (rateAt(s) * STEP) / 3600;
  return mm;
}

/** Per local day, the rain fallen by each 5-minute step of it (kept: a year's total sums up to 365 days). */
const dayRain = new Map<number, Float64Array>();
function stepsOfDay(start: number): Float64Array {
  let sums = dayRain.get(start);
  if (!sums) {
    sums = new Float64Array(DAY / STEP + 1);
    for (let i = 1; i < sums.length; i++)
      sums[i] = sums[i - 1] + rainBetween(start + (i - 1) * STEP, start + i * STEP);
    if (dayRain.size > 4000) dayRain.clear();
    dayRain.set(start, sums);
  }
  return sums;
}
const rainOfDay = (start: number) => stepsOfDay(start)[DAY / STEP];
/** Rain of the local day starting at `start` up to `t` (within it). */
const rainOfDayUntil = (start: number, t: number) =>
  stepsOfDay(start)[Math.min(DAY / STEP, Math.max(0, Math.ceil((t - start) / STEP)))];

/** The station's rain counters at `t`, in its local solar day (offset by longitude), consistent with each other. */
export function rainTotals(t: number, longitude: number) {
  const offset = (longitude / 360) * DAY;
  const dayStart = Math.floor((t + offset) / DAY) * DAY - offset;
  const today = rainOfDayUntil(dayStart, t);
  // The past hour, across midnight when it began the day before.
  const hourAgo = t - 3600;
  const hour =
    hourAgo >= dayStart
      ? today - rainOfDayUntil(dayStart, hourAgo)
      : today + rainOfDay(dayStart - DAY) - rainOfDayUntil(dayStart - DAY, hourAgo);
  const local = new Date((dayStart + offset) * 1000);
  const daysSince = (start: number) => {
    let mm = today;
    for (let d = start; d < dayStart; d += DAY) mm += rainOfDay(d);
    return mm;
  };
  // Weeks from Monday; months and years from their first day.
  const weekStart = dayStart - ((local.getUTCDay() + 6) % 7) * DAY;
  const monthStart = dayStart - (local.getUTCDate() - 1) * DAY;
  const yearStart = Date.UTC(local.getUTCFullYear(), 0, 1) / 1000 - offset;
  return {
    rate: rateAt(t),
    hour,
    day: today,
    week: daysSince(weekStart),
    month: daysSince(monthStart),
    year: daysSince(yearStart),
  };
}

export interface Place {
  latitude: number;
  longitude: number;
}

/** A WSLink upload (metric units, the console's own field names) for unix time `t`. */
export function wslinkFields(t: number, place: Place): Record<string, string | number> {
  const date = new Date(t * 1000);
  const dayOfYear = (t / 86400) % 365.25;
  const season = -Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365.25); // -1 mid-winter … 1 mid-summer
  const sun = SunCalc.getPosition(date, place.latitude, place.longitude);
  // suncalc 2 answers in degrees.
  const elevation = Math.max(0, Math.sin((sun.altitude * Math.PI) / 180));
  // Warmest mid-afternoon: the diurnal cycle lags the sun by ~3 h.
  const localHour = (t / 3600 + place.longitude / 15) % 24;
  const diurnal = Math.cos((2 * Math.PI * (localHour - 15)) / 24);
  const temp = 11 + 9 * season + 5 * diurnal + 1.2 * noise(t, 1);
  const storm = stormAt(t);
  const hum = Math.min(99, Math.max(20, 68 - 18 * diurnal + 25 * storm + 4 * noise(t, 2)));
  const baro = 1013 + 9 * wave(t, 5.3 * 86400) - 8 * storm + 0.6 * noise(t, 3);
  const wind = Math.max(0, 2.5 + 2 * diurnal + 7 * storm + 1.5 * noise(t, 4));
  const gust = wind * (1.4 + 0.3 * Math.abs(noise(t, 5)));
  const rain = rainTotals(t, place.longitude);
  const solar = round(elevation * (1000 - 650 * storm) * (0.9 + 0.1 * noise(t, 6)), 0);
  const uv = round(Math.max(0, (solar / 1000) * 9 * (0.6 + 0.4 * season)), 1);
  const strikes = storm > 0.7 && diurnal > 0 ? Math.round((storm - 0.7) * 60) : 0;
  const fields: Record<string, string | number> = {
    datetime: date.toISOString().slice(0, 19).replace('T', ' '),
    rbar: round(baro, 1),
    abar: round(baro - 12, 1),
    intem: round(21.5 + 1.2 * diurnal + 0.3 * noise(t, 7)),
    inhum: Math.round(45 + 5 * noise(t, 8)),
    inbat: 1,
    t1tem: round(temp),
    t1hum: Math.round(hum),
    t1wdir: Math.round((((225 + 60 * noise(t, 10) + 30 * storm) % 360) + 360) % 360),
    t1ws: round(wind),
    t1ws10mav: round(wind * 0.9),
    t1wgust: round(gust),
    t1rainra: rain.rate,
    t1rainhr: round(rain.hour, 1),
    t1raindy: round(rain.day, 1),
    t1rainwy: round(rain.week, 1),
    t1rainmth: round(rain.month, 1),
    t1rainyr: round(rain.year, 1),
    t1uvi: uv,
    t1solrad: solar,
    t1bat: 1,
    t1cn: 1,
    t5lst: strikes > 0 ? 2 : 9999,
    t5lskm: strikes > 0 ? round(8 + 20 * Math.abs(noise(t, 12))) : '',
    t5lsf: strikes,
    t5ls5mtc: Math.round(strikes / 6),
    t5ls30mtc: Math.round(strikes / 2),
    t5ls1htc: strikes,
    t5ls1dtc: strikes * 3,
    t5lsbat: 1,
    t5lscn: 1,
    t6c1wls: 0,
    t6c1bat: 1,
    t6c1cn: 1,
    t8pm25: round(9 + 6 * noise(t, 13) + 8 * (1 - storm), 0),
    t8pm10: round(16 + 8 * noise(t, 14) + 10 * (1 - storm), 0),
    t8bat: 5,
    t8cn: 1,
    t9hcho: Math.round(25 + 10 * noise(t, 15)),
    t9voclv: Math.max(1, Math.min(5, Math.round(4 + noise(t, 16)))),
    t9bat: 5,
    t9cn: 1,
    t10co2: Math.round(620 + 180 * noise(t, 17) + 120 * Math.max(0, -diurnal)),
    t10bat: 5,
    t10cn: 1,
    t11co: round(Math.max(0, 0.8 + 0.6 * noise(t, 18)), 1),
    t11bat: 5,
    t11cn: 1,
  };
  // Channels: 1 bedroom (thermo-hygro), 2 pool, 3 soil.
  const channels: [number, number, number][] = [
    [2, 20.5 + 0.8 * diurnal, 52],
    [3, 14 + 8 * season + 1.5 * diurnal, 0],
    [4, 9 + 7 * season + 0.8 * diurnal, 38 - 10 * diurnal + 20 * storm],
  ];
  channels.forEach(([type, t1, h], i) => {
    const n = i + 1;
    fields[`t234c${n}tem`] = round(t1 + 0.3 * noise(t, 20 + n));
    fields[`t234c${n}hum`] =
      type === 3 ? '' : Math.round(Math.min(99, Math.max(1, h + 3 * noise(t, 30 + n))));
    fields[`t234c${n}tp`] = type;
    fields[`t234c${n}bat`] = 1;
    fields[`t234c${n}cn`] = 1;
  });
  return fields;
}
