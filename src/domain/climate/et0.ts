// Reference evapotranspiration ET₀ by FAO-56 Penman–Monteith (Allen, Pereira, Raes, Smith 1998: FAO Irrigation
// and Drainage Paper 56, chapters 3 and 4; equation numbers below are the paper's). Pure: temperatures °C,
// humidity %, wind m/s, pressure kPa, radiation MJ m⁻², latitude and longitude in degrees (north, east positive).

const GSC = 0.082; // solar constant, MJ m⁻² min⁻¹
const SIGMA_DAY = 4.903e-9; // Stefan–Boltzmann, MJ K⁻⁴ m⁻² day⁻¹
const SIGMA_HOUR = SIGMA_DAY / 24; // 2.043e-10 per hour (Eq. 39 note)
const ALBEDO = 0.23; // the grass reference
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Eq. 7: atmospheric pressure (kPa) from elevation (m). */
export const pressureAt = (elevation: number): number => 101.3 * ((293 - 0.0065 * elevation) / 293) ** 5.26;

/** Eq. 8: psychrometric constant (kPa/°C). */
export const psychrometric = (pressure: number): number => 0.000665 * pressure;

/** Eq. 11: saturation vapour pressure (kPa). */
export const satVapour = (t: number): number => 0.6108 * Math.exp((17.27 * t) / (t + 237.3));

/** Eq. 13: slope of the saturation vapour pressure curve (kPa/°C). */
export const vapourSlope = (t: number): number => (4098 * satVapour(t)) / (t + 237.3) ** 2;

/**
 * Eq. 47: wind at 2 m from wind measured at `height` m (log profile over short grass). Consoles report the
 * anemometer's wind, typically at 10 m; ET₀ needs it at 2 m.
 */
export const windAt2m = (u: number, height: number): number =>
  height === 2 ? u : (u * 4.87) / Math.log(67.8 * height - 5.42);

/** Day of the year 1..366 of a calendar date. */
export const dayOfYear = (y: number, m: number, d: number): number =>
  Math.round((Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86400000) + 1;

const inverseDistance = (j: number) => 1 + 0.033 * Math.cos(((2 * Math.PI) / 365) * j); // Eq. 23
const declination = (j: number) => 0.409 * Math.sin(((2 * Math.PI) / 365) * j - 1.39); // Eq. 24

/** Eq. 21: daily extraterrestrial radiation (MJ m⁻² day⁻¹). */
export function extraterrestrialDaily(latitude: number, j: number): number {
  const phi = rad(latitude);
  const dr = inverseDistance(j);
  const delta = declination(j);
  const ws = Math.acos(Math.max(-1, Math.min(1, -Math.tan(phi) * Math.tan(delta)))); // Eq. 25
  return (
    ((24 * 60) / Math.PI) *
    GSC *
    dr *
    (ws * Math.sin(phi) * Math.sin(delta) + Math.cos(phi) * Math.cos(delta) * Math.sin(ws))
  );
}

/** Eq. 34: daylight hours. */
export function daylightHours(latitude: number, j: number): number {
  const ws = Math.acos(Math.max(-1, Math.min(1, -Math.tan(rad(latitude)) * Math.tan(declination(j)))));
  return (24 / Math.PI) * ws;
}

/**
 * Eq. 28–33: extraterrestrial radiation of one hour (MJ m⁻² hour⁻¹). `utcMidHour`: the middle of the hour in
 * UTC hours (14.5 for 14:00–15:00 UTC); the longitude turns it into solar time (the paper's Lz − Lm term).
 */
export function extraterrestrialHourly(
  latitude: number,
  longitude: number,
  j: number,
  utcMidHour: number,
): number {
  const phi = rad(latitude);
  const delta = declination(j);
  const b = (2 * Math.PI * (j - 81)) / 364; // Eq. 33
  const sc = 0.1645 * Math.sin(2 * b) - 0.1255 * Math.cos(b) - 0.025 * Math.sin(b); // Eq. 32
  const omega = (Math.PI / 12) * (utcMidHour + longitude / 15 + sc - 12); // Eq. 31
  const ws = Math.acos(Math.max(-1, Math.min(1, -Math.tan(phi) * Math.tan(delta))));
  // Eq. 29–30, clipped to sunrise and sunset: an hour wholly in the night receives nothing.
  const w1 = Math.max(-ws, Math.min(ws, omega - Math.PI / 24));
  const w2 = Math.max(-ws, Math.min(ws, omega + Math.PI / 24));
  if (w2 <= w1) return 0;
  const dr = inverseDistance(j);
  return (
    ((12 * 60) / Math.PI) *
    GSC *
    dr *
    ((w2 - w1) * Math.sin(phi) * Math.sin(delta) +
      Math.cos(phi) * Math.cos(delta) * (Math.sin(w2) - Math.sin(w1)))
  );
}

/** Eq. 37: clear-sky radiation from Ra and elevation. */
export const clearSky = (ra: number, elevation: number): number => (0.75 + 2e-5 * elevation) * ra;

/** Eq. 35 (Angström): solar radiation from sunshine hours n of N possible (used by FAO-56's examples). */
export const solarFromSunshine = (ra: number, n: number, bigN: number): number =>
  (0.25 + (0.5 * n) / bigN) * ra;

/**
 * Eq. 50 (Hargreaves' radiation formula): solar radiation from the day's temperature range, where the station
 * has no solar sensor. kRs 0.16 inland, 0.19 on the coast.
 */
export const solarFromTemperature = (ra: number, tMax: number, tMin: number, kRs = 0.16): number =>
  kRs * Math.sqrt(Math.max(0, tMax - tMin)) * ra;

/** Mean W/m² over a day → MJ m⁻² day⁻¹ (86,400 s / 10⁶). */
export const wattsToDailyMJ = (w: number): number => w * 0.0864;
/** Mean W/m² over an hour → MJ m⁻² hour⁻¹. */
export const wattsToHourlyMJ = (w: number): number => w * 0.0036;

export interface DailyInput {
  tMax: number;
  tMin: number;
  /** Eq. 17 wants both; with only a mean humidity, Eq. 19 is used. */
  rhMax?: number | null;
  rhMin?: number | null;
  rhMean?: number | null;
  /** Wind at 2 m (windAt2m). */
  u2: number;
  /** Solar radiation MJ m⁻² day⁻¹; null: estimated from the temperature range (Eq. 50). */
  rs: number | null;
  latitude: number;
  elevation: number;
  /** Day of the year. */
  j: number;
}

export interface Et0Detail {
  et0: number;
  delta: number;
  gamma: number;
  es: number;
  ea: number;
  ra: number;
  rs: number;
  rso: number;
  rns: number;
  rnl: number;
  rn: number;
  g: number;
}

/** Eq. 6: daily ET₀ (mm/day) with its intermediate terms. Soil heat flux G = 0 for a day (Eq. 42). */
export function et0DailyDetail(x: DailyInput): Et0Detail {
  const tMean = (x.tMax + x.tMin) / 2; // Eq. 9
  const delta = vapourSlope(tMean);
  const gamma = psychrometric(pressureAt(x.elevation));
  const eMax = satVapour(x.tMax);
  const eMin = satVapour(x.tMin);
  const es = (eMax + eMin) / 2; // Eq. 12
  const ea =
    x.rhMax != null && x.rhMin != null
      ? (eMin * x.rhMax + eMax * x.rhMin) / 200 // Eq. 17
      : x.rhMean != null
        ? (x.rhMean / 100) * es // Eq. 19
        : eMin; // Eq. 48: dew point taken as Tmin
  const ra = extraterrestrialDaily(x.latitude, x.j);
  const rs = x.rs ?? solarFromTemperature(ra, x.tMax, x.tMin);
  const rso = clearSky(ra, x.elevation);
  const rns = (1 - ALBEDO) * rs; // Eq. 38
  const ratio = rso > 0 ? Math.min(1, rs / rso) : 0.5;
  const tk4 = ((x.tMax + 273.16) ** 4 + (x.tMin + 273.16) ** 4) / 2;
  const rnl = SIGMA_DAY * tk4 * (0.34 - 0.14 * Math.sqrt(ea)) * (1.35 * ratio - 0.35); // Eq. 39
  const rn = rns - rnl; // Eq. 40
  const g = 0;
  const et0 =
    (0.408 * delta * (rn - g) + gamma * (900 / (tMean + 273)) * x.u2 * (es - ea)) /
    (delta + gamma * (1 + 0.34 * x.u2));
  return { et0: Math.max(0, et0), delta, gamma, es, ea, ra, rs, rso, rns, rnl, rn, g };
}

export const et0Daily = (x: DailyInput): number => et0DailyDetail(x).et0;

export interface HourlyInput {
  t: number;
  rh: number;
  u2: number;
  /** Solar radiation MJ m⁻² hour⁻¹ (null: none measured, taken from Ra with the day's ratio). */
  rs: number | null;
  ra: number;
  elevation: number;
  /**
   * Rs/Rso for the longwave term when the sun is low or down: FAO-56 (note to Eq. 39 for hourly periods) takes
   * the ratio of the last hours before sunset. 0.8 when unknown (what Example 19 uses at night).
   */
  ratioAtNight?: number;
  /** Rs/Rso to use when no solar sensor (Hargreaves' daily ratio). */
  ratioWithoutSensor?: number;
}

/** Eq. 53: ET₀ of one hour (mm/hour) with its terms. G = 0.1 Rn by day, 0.5 Rn by night (Eq. 45–46). */
export function et0HourlyDetail(x: HourlyInput): Et0Detail {
  const delta = vapourSlope(x.t);
  const gamma = psychrometric(pressureAt(x.elevation));
  const es = satVapour(x.t);
  const ea = (es * x.rh) / 100; // Eq. 54
  const rso = clearSky(x.ra, x.elevation);
  const day = rso > 0.05; // the paper's "sun above the horizon" for hourly periods
  const rs = x.rs ?? (day ? (x.ratioWithoutSensor ?? 0.75) * rso : 0);
  const rns = (1 - ALBEDO) * rs;
  const ratio = day ? Math.min(1, rs / rso) : (x.ratioAtNight ?? 0.8);
  const rnl = SIGMA_HOUR * (x.t + 273.16) ** 4 * (0.34 - 0.14 * Math.sqrt(ea)) * (1.35 * ratio - 0.35);
  const rn = rns - rnl;
  const g = (day ? 0.1 : 0.5) * rn;
  const et0 =
    (0.408 * delta * (rn - g) + gamma * (37 / (x.t + 273)) * x.u2 * (es - ea)) /
    (delta + gamma * (1 + 0.34 * x.u2));
  return { et0: Math.max(0, et0), delta, gamma, es, ea, ra: x.ra, rs, rso, rns, rnl, rn, g };
}

export const et0Hourly = (x: HourlyInput): number => et0HourlyDetail(x).et0;
