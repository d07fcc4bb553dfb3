// The NOAA climatological summaries as plain text (issue 26), column for column the layout WeeWX writes: its
// Seasons skin's templates skins/Seasons/NOAA/NOAA-%Y-%m.txt.tmpl (monthly) and NOAA-%Y.txt.tmpl (yearly) in
// github.com/weewx/weewx (read at commits 92e9127 and f4652ef). Their conventions kept here: every field is a
// space and then a fixed width (%6.1f temperatures, degree days and wind, %6.1f rain in mm or %6.2f in inches,
// %6.0f directions, %6d counts), " %H:%M" times and " %d" days, "   N/A" for a missing value, the thresholds of
// hot and cold days and of rain days in the report's own units (90/32/32/0 °F or 30/0/0/−20 °C; 0.01/0.1/1 in or
// 0.3/3/30 mm). Values come in SI from summary.ts and are converted once here to the user's units.
import { localParts } from '../timeZones';
import type { UnitPrefs } from '../unitPrefs';
import type { ClimateDay, ClimateMonth, ClimateTotals } from './summary';

export interface NoaaStation {
  name: string;
  latitude: number | null;
  longitude: number | null;
  elevation: number | null;
  timeZone: string;
}

type Units = Pick<UnitPrefs, 'temperature' | 'rain' | 'windSpeed' | 'elevation'>;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const NONE = '   N/A';
const NODAY = ' N/A';

const WIND: Record<string, [factor: number, label: string]> = {
  'm/s': [1, 'm/s'],
  'km/h': [3.6, 'km/h'],
  mph: [2.2369362920544, 'mph'],
  knot: [1.9438444924406, 'knots'],
};

/** The unit conversions and formats of one report. */
function unitsOf(u: Units) {
  const f = u.temperature === 'F';
  const inch = u.rain === 'in';
  const [windFactor, windLabel] = WIND[u.windSpeed] ?? WIND['m/s'];
  const fmt = (v: number | null, dp: number) => (v === null ? NONE : v.toFixed(dp).padStart(6));
  return {
    f,
    inch,
    temp: (c: number | null) => fmt(c === null ? null : f ? c * 1.8 + 32 : c, 1),
    /** Degree days: a difference of temperatures, so only scaled. */
    deg: (c: number | null) => fmt(c === null ? null : f ? c * 1.8 : c, 1),
    rain: (mm: number | null) => fmt(mm === null ? null : inch ? mm / 25.4 : mm, inch ? 2 : 1),
    wind: (ms: number | null) => fmt(ms === null ? null : ms * windFactor, 1),
    dir: (deg: number | null) => fmt(deg, 0),
    count: (n: number) => String(n).padStart(6),
    labels: `TEMPERATURE (${f ? '°F' : '°C'}), RAIN (${inch ? 'in' : 'mm'}), WIND SPEED (${windLabel})`,
    tempLabel: f ? '°F' : '°C',
    rainLabel: inch ? 'in' : 'mm',
    windLabel,
    /** Hot, cold, cold, very cold: °C thresholds that are 90, 32, 32, 0 °F or 30, 0, 0, −20 °C. */
    tempThresholds: f ? [90, 32, 32, 0] : [30, 0, 0, -20],
    rainThresholds: inch ? [0.01, 0.1, 1] : [0.3, 3, 30],
    elevation: (m: number | null) =>
      m === null
        ? 'N/A'
        : u.elevation === 'imperial'
          ? `${(m / 0.3048).toFixed(0)} feet`
          : `${m.toFixed(0)} meters`,
  };
}

/** WeeWX's degrees-minutes: 50-48.00 N, 004-21.00 E. */
function angle(v: number | null, degWidth: number, pos: string, neg: string): string {
  if (v === null) return 'N/A';
  const a = Math.abs(v);
  let deg = Math.floor(a);
  let min = (a - deg) * 60;
  if (Number(min.toFixed(2)) >= 60) {
    deg += 1;
    min = 0;
  }
  return `${String(deg).padStart(degWidth, '0')}-${min.toFixed(2).padStart(5, '0')} ${v < 0 ? neg : pos}`;
}

function header(title: string, s: NoaaStation, u: ReturnType<typeof unitsOf>): string[] {
  return [
    title,
    '',
    '',
    `NAME: ${s.name}                  `,
    `ELEV: ${u.elevation(s.elevation)}    LAT: ${angle(s.latitude, 2, 'N', 'S')}    LONG: ${angle(s.longitude, 3, 'E', 'W')}`,
    '',
    '',
  ];
}

const hhmm = (t: number | null, tz: string) => {
  if (t === null) return NONE;
  const p = localParts(t, tz);
  return ` ${String(p.h).padStart(2, '0')}:${String(p.mi).padStart(2, '0')}`;
};
const dd = (date: string | null, width: number) =>
  date === null ? NODAY : date.slice(8, 10).padStart(width);
const mon = (date: string | null) =>
  date === null ? NODAY : ` ${MONTHS[Number(date.slice(5, 7)) - 1].slice(0, 3)}`;

const hasData = (d: ClimateDay) => d.tempMean !== null || d.rain !== null || d.windMean !== null;

/** The monthly report of the days of one month (`days` from climateDays, `totals` from climateTotals). */
export function noaaMonth(
  station: NoaaStation,
  units: Units,
  y: number,
  m: number,
  days: ClimateDay[],
  totals: ClimateTotals,
): string {
  const u = unitsOf(units);
  const tz = station.timeZone;
  const lines = header(
    `                   MONTHLY CLIMATOLOGICAL SUMMARY for ${MONTHS[m - 1]} ${y}`,
    station,
    u,
  );
  lines.push(
    `                   ${u.labels}`,
    '',
    '                                         HEAT   COOL         AVG',
    '      MEAN                               DEG    DEG          WIND                   DOM',
    'DAY   TEMP   HIGH   TIME    LOW   TIME   DAYS   DAYS   RAIN  SPEED   HIGH   TIME    DIR',
    '-'.repeat(87),
  );
  for (const d of days) {
    const day = ` ${d.date.slice(8, 10)}`;
    if (!hasData(d)) {
      lines.push(day);
      continue;
    }
    lines.push(
      [
        day,
        u.temp(d.tempMean),
        u.temp(d.tempMax),
        hhmm(d.tempMaxTime, tz),
        u.temp(d.tempMin),
        hhmm(d.tempMinTime, tz),
        u.deg(d.hdd),
        u.deg(d.cdd),
        u.rain(d.rain),
        u.wind(d.windMean),
        u.wind(d.windMax),
        hhmm(d.windMaxTime, tz),
        u.dir(d.windDir),
      ].join(' '),
    );
  }
  if (days.some(hasData)) {
    const t = totals;
    lines.push(
      '-'.repeat(87),
      `    ${u.temp(t.tempMean)} ${u.temp(t.tempMax)}    ${dd(t.tempMaxDate, 3)} ${u.temp(t.tempMin)}    ${dd(t.tempMinDate, 3)} ${u.deg(t.hdd)} ${u.deg(t.cdd)} ${u.rain(t.rain)} ${u.wind(t.windMean)} ${u.wind(t.windMax)}    ${dd(t.windMaxDate, 3)} ${u.dir(t.windDir)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Counts of days against the report's thresholds (in its own units, as WeeWX compares them). */
function counts(days: ClimateDay[], u: ReturnType<typeof unitsOf>): { temp: number[]; rain: number[] } {
  const t = (c: number) => (u.f ? c * 1.8 + 32 : c);
  const r = (mm: number) => (u.inch ? mm / 25.4 : mm);
  const [hot, cold, cold2, veryCold] = u.tempThresholds;
  const n = (test: (d: ClimateDay) => boolean) => days.filter(test).length;
  return {
    temp: [
      n((d) => d.tempMax !== null && t(d.tempMax) >= hot),
      n((d) => d.tempMax !== null && t(d.tempMax) <= cold),
      n((d) => d.tempMin !== null && t(d.tempMin) <= cold2),
      n((d) => d.tempMin !== null && t(d.tempMin) <= veryCold),
    ],
    rain: u.rainThresholds.map((th) => n((d) => d.rain !== null && r(d.rain) >= th)),
  };
}

/**
 * The yearly report: a row per month (`months` from climateMonths, in the order of the climate year) and the
 * year's line; `days` are the year's days (for the threshold counts).
 */
export function noaaYear(
  station: NoaaStation,
  units: Units,
  y: number,
  months: ClimateMonth[],
  days: ClimateDay[],
  totals: ClimateTotals,
): string {
  const u = unitsOf(units);
  const ym = (month: string) => `${month.slice(0, 4)} ${month.slice(5, 7)}`;
  const daysOf = (month: string) => days.filter((d) => d.date.startsWith(month));
  const lines = header(`                     CLIMATOLOGICAL SUMMARY for year ${y}`, station, u);
  const [hot, cold, , veryCold] = u.tempThresholds.map((v) => String(v).padStart(6));
  lines.push(
    `                                       TEMPERATURE (${u.tempLabel})`,
    '',
    '                              HEAT    COOL                              MAX    MAX    MIN    MIN',
    '          MEAN   MEAN         DEG     DEG                                >=     <=     <=     <=',
    ` YR  MO   MAX    MIN    MEAN  DAYS    DAYS      HI  DAY     LOW  DAY ${hot} ${cold} ${cold} ${veryCold}`,
    '-'.repeat(96),
  );
  for (const { month, totals: t } of months) {
    if (t.tempMean === null) {
      lines.push(ym(month));
      continue;
    }
    const c = counts(daysOf(month), u).temp.map(u.count).join(' ');
    lines.push(
      `${ym(month)} ${u.temp(t.tempMeanMax)} ${u.temp(t.tempMeanMin)} ${u.temp(t.tempMean)} ${u.deg(t.hdd)} ${u.deg(t.cdd)}  ${u.temp(t.tempMax)} ${dd(t.tempMaxDate, 4)}  ${u.temp(t.tempMin)} ${dd(t.tempMinDate, 4)} ${c}`,
    );
  }
  const all = counts(days, u);
  lines.push(
    '-'.repeat(96),
    `        ${u.temp(totals.tempMeanMax)} ${u.temp(totals.tempMeanMin)} ${u.temp(totals.tempMean)} ${u.deg(totals.hdd)} ${u.deg(totals.cdd)}  ${u.temp(totals.tempMax)} ${mon(totals.tempMaxDate)}  ${u.temp(totals.tempMin)} ${mon(totals.tempMinDate)} ${all.temp.map(u.count).join(' ')}`,
    '',
    '',
    `                  PRECIPITATION (${u.rainLabel})`,
    '',
    '                  MAX         ---DAYS OF RAIN---',
    '                  OBS.               OVER',
    ` YR  MO  TOTAL    DAY  DATE ${u.rainThresholds.map((v) => v.toFixed(2).padStart(6)).join(' ')}`,
    '-'.repeat(48),
  );
  for (const { month, totals: t } of months) {
    if (t.rain === null) {
      lines.push(ym(month));
      continue;
    }
    const c = counts(daysOf(month), u).rain.map(u.count).join(' ');
    lines.push(`${ym(month)} ${u.rain(t.rain)} ${u.rain(t.rainMax)}  ${dd(t.rainMaxDate, 4)} ${c}`);
  }
  lines.push(
    '-'.repeat(48),
    `        ${u.rain(totals.rain)} ${u.rain(totals.rainMax)}  ${mon(totals.rainMaxDate)} ${all.rain.map(u.count).join(' ')}`,
    '',
    '',
    `           WIND SPEED (${u.windLabel})`,
    '',
    '                                DOM',
    ' YR  MO    AVG     HI   DATE    DIR',
    '-'.repeat(35),
  );
  for (const { month, totals: t } of months) {
    if (t.windMean === null) {
      lines.push(ym(month));
      continue;
    }
    lines.push(
      `${ym(month)} ${u.wind(t.windMean)} ${u.wind(t.windMax)}   ${dd(t.windMaxDate, 4)} ${u.dir(t.windDir)}`,
    );
  }
  lines.push(
    '-'.repeat(35),
    `        ${u.wind(totals.windMean)} ${u.wind(totals.windMax)}   ${mon(totals.windMaxDate)} ${u.dir(totals.windDir)}`,
  );
  return `${lines.join('\n')}\n`;
}
