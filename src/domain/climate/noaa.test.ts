// The NOAA reports, line for line. Every expected line is written out by hand from WeeWX's layout (a space and a
// width-6 field; " N/A" days; "   N/A" values) and the conversions (°F = °C × 1.8 + 32, in = mm / 25.4, …).
import { describe, expect, it } from 'vitest';
import { type NoaaStation, noaaMonth, noaaYear } from './noaa';
import type { ClimateDay, ClimateMonth, ClimateTotals } from './summary';

const METRIC = { temperature: 'C', rain: 'mm', windSpeed: 'm/s', elevation: 'metric' } as const;
const IMPERIAL = { temperature: 'F', rain: 'in', windSpeed: 'mph', elevation: 'imperial' } as const;

const station = (over: Partial<NoaaStation> = {}): NoaaStation => ({
  name: 'Test',
  latitude: 50.8,
  longitude: 4.35,
  elevation: 100,
  timeZone: 'UTC',
  ...over,
});

const day = (date: string, over: Partial<ClimateDay> = {}): ClimateDay => ({
  date,
  tempMean: null,
  tempMax: null,
  tempMaxTime: null,
  tempMin: null,
  tempMinTime: null,
  hdd: null,
  cdd: null,
  gdd: null,
  chillHours: null,
  rain: null,
  et0: null,
  windMean: null,
  windMax: null,
  windMaxTime: null,
  windDir: null,
  ...over,
});

const totals = (over: Partial<ClimateTotals> = {}): ClimateTotals => ({
  tempMean: null,
  tempMeanMax: null,
  tempMeanMin: null,
  tempMax: null,
  tempMaxDate: null,
  tempMin: null,
  tempMinDate: null,
  hdd: null,
  cdd: null,
  gdd: null,
  chillHours: null,
  rain: null,
  rainMax: null,
  rainMaxDate: null,
  et0: null,
  waterBalance: null,
  windMean: null,
  windMax: null,
  windMaxDate: null,
  windDir: null,
  daysMaxAbove30: 0,
  daysMaxBelow0: 0,
  daysMinBelow0: 0,
  daysMinBelowMinus20: 0,
  daysRain03: 0,
  daysRain3: 0,
  daysRain30: 0,
  ...over,
});

const at = (iso: string) => Date.parse(iso) / 1000;
const dashes = (n: number) => '-'.repeat(n);
const MONTH_HEAD = [
  '                                         HEAT   COOL         AVG',
  '      MEAN                               DEG    DEG          WIND                   DOM',
  'DAY   TEMP   HIGH   TIME    LOW   TIME   DAYS   DAYS   RAIN  SPEED   HIGH   TIME    DIR',
];

describe('noaaMonth', () => {
  it('writes the days and the month line in °C, mm and m/s, times in the station time zone', () => {
    // Prague is UTC+1 in March: 13:35Z is 14:35.
    const days = [
      day('2026-03-05', {
        tempMean: 12.3,
        tempMax: 20.5,
        tempMaxTime: at('2026-03-05T13:35:00Z'),
        tempMin: -3.2,
        tempMinTime: at('2026-03-05T05:10:00Z'),
        hdd: 5.5,
        cdd: 0,
        rain: 2.54,
        windMean: 3,
        windMax: 10,
        windMaxTime: at('2026-03-05T15:00:00Z'),
        windDir: 225,
      }),
      day('2026-03-06'),
      day('2026-03-07', { rain: 0 }),
      day('2026-03-08', { tempMean: 0 }),
      day('2026-03-09', { windMean: 0 }),
    ];
    const t = totals({
      tempMean: 12.3,
      tempMax: 20.5,
      tempMaxDate: '2026-03-05',
      tempMin: -3.2,
      tempMinDate: '2026-03-05',
      hdd: 5.5,
      cdd: 0,
      rain: 2.54,
      windMean: 3,
      windMax: 10,
      windMaxDate: '2026-03-05',
      windDir: 225,
    });
    const text = noaaMonth(station({ timeZone: 'Europe/Prague' }), METRIC, 2026, 3, days, t);
    expect(text.split('\n')).toEqual([
      '                   MONTHLY CLIMATOLOGICAL SUMMARY for March 2026',
      '',
      '',
      'NAME: Test                  ',
      'ELEV: 100 meters    LAT: 50-48.00 N    LONG: 004-21.00 E',
      '',
      '',
      '                   TEMPERATURE (°C), RAIN (mm), WIND SPEED (m/s)',
      '',
      ...MONTH_HEAD,
      dashes(87),
      ' 05   12.3   20.5  14:35   -3.2  06:10    5.5    0.0    2.5    3.0   10.0  16:00    225',
      ' 06',
      ' 07    N/A    N/A    N/A    N/A    N/A    N/A    N/A    0.0    N/A    N/A    N/A    N/A',
      ' 08    0.0    N/A    N/A    N/A    N/A    N/A    N/A    N/A    N/A    N/A    N/A    N/A',
      ' 09    N/A    N/A    N/A    N/A    N/A    N/A    N/A    N/A    0.0    N/A    N/A    N/A',
      dashes(87),
      '      12.3   20.5     05   -3.2     05    5.5    0.0    2.5    3.0   10.0     05    225',
      '',
    ]);
  });

  it('converts to °F, inches, mph and feet, and writes southern and western positions', () => {
    const days = [
      day('2026-12-01', {
        tempMean: 20,
        tempMax: 37.8,
        tempMin: -40,
        hdd: 10,
        cdd: 0.5,
        rain: 25.4,
        windMean: 10,
        windMax: 20,
        windDir: 0,
      }),
    ];
    const text = noaaMonth(
      station({ latitude: -33.5, longitude: -70.25 }),
      IMPERIAL,
      2025,
      12,
      days,
      totals({ tempMaxDate: '2026-12-01' }),
    );
    expect(text.split('\n')).toEqual([
      '                   MONTHLY CLIMATOLOGICAL SUMMARY for December 2025',
      '',
      '',
      'NAME: Test                  ',
      'ELEV: 328 feet    LAT: 33-30.00 S    LONG: 070-15.00 W',
      '',
      '',
      '                   TEMPERATURE (°F), RAIN (in), WIND SPEED (mph)',
      '',
      ...MONTH_HEAD,
      dashes(87),
      ' 01   68.0  100.0    N/A  -40.0    N/A   18.0    0.9   1.00   22.4   44.7    N/A      0',
      dashes(87),
      '       N/A    N/A     01    N/A     N/A    N/A    N/A    N/A    N/A    N/A     N/A    N/A',
      '',
    ]);
  });

  it('writes km/h and knots, and m/s for a speed unit it does not know', () => {
    const days = [day('2026-01-01', { windMean: 10 })];
    const line = (windSpeed: string) =>
      noaaMonth(station(), { ...METRIC, windSpeed } as never, 2026, 1, days, totals()).split('\n');
    expect(line('km/h')[7]).toBe('                   TEMPERATURE (°C), RAIN (mm), WIND SPEED (km/h)');
    expect(line('km/h')[13]).toBe(
      ' 01    N/A    N/A    N/A    N/A    N/A    N/A    N/A    N/A   36.0    N/A    N/A    N/A',
    );
    expect(line('knot')[7]).toBe('                   TEMPERATURE (°C), RAIN (mm), WIND SPEED (knots)');
    expect(line('knot')[13]).toBe(
      ' 01    N/A    N/A    N/A    N/A    N/A    N/A    N/A    N/A   19.4    N/A    N/A    N/A',
    );
    expect(line('bft')[7]).toBe('                   TEMPERATURE (°C), RAIN (mm), WIND SPEED (m/s)');
    expect(line('bft')[13]).toBe(
      ' 01    N/A    N/A    N/A    N/A    N/A    N/A    N/A    N/A   10.0    N/A    N/A    N/A',
    );
  });

  it('has no month line when no day has data, and no position when the station has none', () => {
    const text = noaaMonth(
      station({ latitude: null, longitude: null, elevation: null }),
      METRIC,
      2026,
      2,
      [day('2026-02-01'), day('2026-02-02')],
      totals(),
    );
    expect(text.split('\n')).toEqual([
      '                   MONTHLY CLIMATOLOGICAL SUMMARY for February 2026',
      '',
      '',
      'NAME: Test                  ',
      'ELEV: N/A    LAT: N/A    LONG: N/A',
      '',
      '',
      '                   TEMPERATURE (°C), RAIN (mm), WIND SPEED (m/s)',
      '',
      ...MONTH_HEAD,
      dashes(87),
      ' 01',
      ' 02',
      '',
    ]);
  });

  it('writes degrees-minutes with zero padding, 60 minutes carried into the degree', () => {
    const position = (latitude: number, longitude: number) =>
      noaaMonth(station({ latitude, longitude }), METRIC, 2026, 1, [], totals()).split('\n')[4];
    expect(position(5.1, 0)).toBe('ELEV: 100 meters    LAT: 05-06.00 N    LONG: 000-00.00 E');
    expect(position(10.99999, -0.5)).toBe('ELEV: 100 meters    LAT: 11-00.00 N    LONG: 000-30.00 W');
    expect(position(-10.9999, 179.99)).toBe('ELEV: 100 meters    LAT: 10-59.99 S    LONG: 179-59.40 E');
  });
});

const YEAR_TEMP_HEAD = [
  '',
  '                              HEAT    COOL                              MAX    MAX    MIN    MIN',
  '          MEAN   MEAN         DEG     DEG                                >=     <=     <=     <=',
];
const YEAR_RAIN_HEAD = [
  '',
  '                  MAX         ---DAYS OF RAIN---',
  '                  OBS.               OVER',
];
const YEAR_WIND_HEAD = [
  '',
  '                                DOM',
  ' YR  MO    AVG     HI   DATE    DIR',
  dashes(35),
];

describe('noaaYear', () => {
  it('writes the months and the year with the days counted against the °C and mm thresholds', () => {
    const days = [
      day('2026-01-10', { tempMax: 0, tempMin: -20, rain: 3 }),
      day('2026-01-11', { tempMax: 0.1, tempMin: -19.9, rain: 0.3 }),
      day('2026-01-12'),
      day('2026-07-01', { tempMax: 30, tempMin: 15, rain: 0.29 }),
      day('2026-07-02', { tempMax: 29.9, tempMin: 0, rain: 30 }),
    ];
    const months: ClimateMonth[] = [
      {
        month: '2026-01',
        totals: totals({
          tempMean: 0.5,
          tempMeanMax: 2,
          tempMeanMin: -9.5,
          hdd: 300.2,
          cdd: 0,
          tempMax: 0.1,
          tempMaxDate: '2026-01-11',
          tempMin: -20,
          tempMinDate: '2026-01-10',
          rain: 3.3,
          rainMax: 3,
          rainMaxDate: '2026-01-10',
          windMean: 2.5,
          windMax: 12.3,
          windMaxDate: '2026-01-11',
          windDir: 270,
        }),
      },
      { month: '2026-02', totals: totals() },
      {
        month: '2026-07',
        totals: totals({
          tempMean: 22,
          tempMeanMax: 29.9,
          tempMeanMin: 7.5,
          hdd: 0,
          cdd: 40,
          tempMax: 30,
          tempMaxDate: '2026-07-01',
          tempMin: 0,
          tempMinDate: '2026-07-02',
          rain: 30.29,
          rainMax: 30,
          rainMaxDate: '2026-07-02',
          windMean: 1,
          windMax: 8,
          windMaxDate: '2026-07-01',
          windDir: 90,
        }),
      },
    ];
    const year = totals({
      tempMean: 11.3,
      tempMeanMax: 15.9,
      tempMeanMin: -1,
      hdd: 300.2,
      cdd: 40,
      tempMax: 30,
      tempMaxDate: '2026-07-01',
      tempMin: -20,
      tempMinDate: '2026-01-10',
      rain: 33.6,
      rainMax: 30,
      rainMaxDate: '2026-07-02',
      windMean: 1.8,
      windMax: 12.3,
      windMaxDate: '2026-01-11',
      windDir: 180,
    });
    expect(noaaYear(station(), METRIC, 2026, months, days, year).split('\n')).toEqual([
      '                     CLIMATOLOGICAL SUMMARY for year 2026',
      '',
      '',
      'NAME: Test                  ',
      'ELEV: 100 meters    LAT: 50-48.00 N    LONG: 004-21.00 E',
      '',
      '',
      '                                       TEMPERATURE (°C)',
      ...YEAR_TEMP_HEAD,
      ' YR  MO   MAX    MIN    MEAN  DAYS    DAYS      HI  DAY     LOW  DAY     30      0      0    -20',
      dashes(96),
      '2026 01    2.0   -9.5    0.5  300.2    0.0     0.1   11   -20.0   10      0      1      2      1',
      '2026 02',
      '2026 07   29.9    7.5   22.0    0.0   40.0    30.0   01     0.0   02      1      0      1      0',
      dashes(96),
      '          15.9   -1.0   11.3  300.2   40.0    30.0  Jul   -20.0  Jan      1      1      3      1',
      '',
      '',
      '                  PRECIPITATION (mm)',
      ...YEAR_RAIN_HEAD,
      ' YR  MO  TOTAL    DAY  DATE   0.30   3.00  30.00',
      dashes(48),
      '2026 01    3.3    3.0    10      2      1      0',
      '2026 02',
      '2026 07   30.3   30.0    02      1      1      1',
      dashes(48),
      '          33.6   30.0   Jul      3      2      1',
      '',
      '',
      '           WIND SPEED (m/s)',
      ...YEAR_WIND_HEAD,
      '2026 01    2.5   12.3     11    270',
      '2026 02',
      '2026 07    1.0    8.0     01     90',
      dashes(35),
      '           1.8   12.3    Jan    180',
      '',
    ]);
  });

  it('counts the days against the °F and inch thresholds (90, 32, 32, 0 °F; 0.01, 0.1, 1 in)', () => {
    // 32.3 °C = 90.14 °F (hot), 31 °C = 87.8 °F (not; hot in °C); −17.8 °C = −0.04 °F (very cold), −17.7 °C =
    // 0.14 °F (not); 0 °C = 32 °F (a cold high), 0.5 °C = 32.9 °F (not a cold low). 0.26 mm = 0.0102 in,
    // 2.6 mm = 0.102 in, 26 mm = 1.02 in: each over one more inch threshold, none over the mm ones above it.
    const days = [
      day('2026-06-01', { tempMax: 32.3, tempMin: -17.8, rain: 0.26 }),
      day('2026-06-02', { tempMax: 31, tempMin: -17.7, rain: 2.6 }),
      day('2026-06-03', { tempMax: 0, tempMin: 0.5, rain: 26 }),
    ];
    const months = [{ month: '2026-06', totals: totals({ tempMean: 10, rain: 28.86, rainMax: 26 }) }];
    const lines = noaaYear(station(), { ...IMPERIAL, windSpeed: 'knot' }, 2026, months, days, totals()).split(
      '\n',
    );
    expect(lines[4]).toBe('ELEV: 328 feet    LAT: 50-48.00 N    LONG: 004-21.00 E');
    expect(lines[7]).toBe('                                       TEMPERATURE (°F)');
    expect(lines[11]).toBe(
      ' YR  MO   MAX    MIN    MEAN  DAYS    DAYS      HI  DAY     LOW  DAY     90     32     32      0',
    );
    expect(lines[13]).toBe(
      '2026 06    N/A    N/A   50.0    N/A    N/A     N/A  N/A     N/A  N/A      1      1      2      1',
    );
    expect(lines[15]).toBe(
      '           N/A    N/A    N/A    N/A    N/A     N/A  N/A     N/A  N/A      1      1      2      1',
    );
    expect(lines[18]).toBe('                  PRECIPITATION (in)');
    expect(lines[22]).toBe(' YR  MO  TOTAL    DAY  DATE   0.01   0.10   1.00');
    expect(lines[24]).toBe('2026 06   1.14   1.02   N/A      3      2      1');
    expect(lines[26]).toBe('           N/A    N/A   N/A      3      2      1');
    expect(lines[29]).toBe('           WIND SPEED (knots)');
    expect(lines[34]).toBe('2026 06');
  });

  it('counts a month only over its own days', () => {
    const days = [day('2026-05-31', { tempMax: 35, rain: 40 }), day('2026-06-01', { tempMax: 10, rain: 0 })];
    const months = [{ month: '2026-06', totals: totals({ tempMean: 10, rain: 0, windMean: 0 }) }];
    const lines = noaaYear(station(), METRIC, 2026, months, days, totals()).split('\n');
    expect(lines[13]).toBe(
      '2026 06    N/A    N/A   10.0    N/A    N/A     N/A  N/A     N/A  N/A      0      0      0      0',
    );
    expect(lines[15]).toBe(
      '           N/A    N/A    N/A    N/A    N/A     N/A  N/A     N/A  N/A      1      0      0      0',
    );
    expect(lines[24]).toBe('2026 06    0.0    N/A   N/A      0      0      0');
    expect(lines[26]).toBe('           N/A    N/A   N/A      1      1      1');
    expect(lines[34]).toBe('2026 06    0.0    N/A    N/A    N/A');
  });
});
