// Export columns in the order the existing portal writes them (upload-protocols.md §4), then every other
// catalogue key, with English names and the unit row in the user's units.
import {
  CHANNELS,
  LEAK_CHANNELS,
  METRIC_BY_KEY,
  METRIC_KEYS,
  PM_CHANNELS,
  SENSOR_CHANNELS,
} from '../../../src/domain/catalogue';
import type { UnitPrefs } from '../../../src/domain/unitPrefs';
import { unitFor } from '../../../src/domain/units';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

const LEADING: [key: string, name: string][] = [
  ['absbaro', 'Barometric pressure (Absolute)'],
  ['relbaro', 'Barometric Pressure (Relative)'],
  ['tempin', 'Indoor temperature'],
  ['humin', 'Indoor humidity'],
  ['tempc0', 'Outdoor temperature'],
  ['humc0', 'Outdoor humidity'],
  ['dewpoint', 'Dew Point'],
  ['heatindex', 'Heat Index'],
  ['windchill', 'Wind Chill'],
  ['feelslike', 'Feels Like'],
  ['winddir', 'Wind Direction'],
  ['windspd', 'Wind speed'],
  ['windavg10m', '10 min AVG'],
  ['gust', 'Wind gust'],
  ['rainrate', 'Rain rate'],
  ['hourlyrain', 'Hourly rainfall'],
  ['dailyrain', 'Daily rainfall'],
  ['uvi', 'UV index'],
  ['solarrad', 'Light intensity'],
  // The existing portal's CH1..7; channel 8 follows with the other added sensors.
  ...range(7).flatMap((n): [string, string][] => [
    [`tempc${n}`, `CH${n} Temperature`],
    [`humc${n}`, `CH${n} Humidity`],
  ]),
  ...range(LEAK_CHANNELS).map((n): [string, string] => [`leakc${n}`, `CH${n} Water leakage`]),
  ['lightningdist', 'Lightning distance'],
  ['lightningtime', 'Lightning time'],
  ['lightning5m', 'Lightning strikes (5 min)'],
  ['lightning30m', 'Lightning strikes (30 min)'],
  ['lightning1h', 'Lightning strikes (1 hour)'],
  ['lightning1d', 'Lightning strikes (day)'],
  ...range(PM_CHANNELS).flatMap((n): [string, string][] => [
    [`pm25c${n}`, `CH${n} PM2.5`],
    [`pm10c${n}`, `CH${n} PM10`],
    [`pm25aqic${n}`, `CH${n} PM2.5 AQI`],
    [`pm10aqic${n}`, `CH${n} PM10 AQI`],
  ]),
  ['co', 'CO'],
  ['hcho', 'HCHO'],
  ['co2', 'CO₂'],
];

/** Names of the columns after the §4 order (sensors added by issue #9); other keys are named by key. */
const LATER: [key: string, name: string][] = [
  ['tempc8', `CH${CHANNELS} Temperature`],
  ['humc8', `CH${CHANNELS} Humidity`],
  ...range(SENSOR_CHANNELS).flatMap((n): [string, string][] => [
    [`soilc${n}`, `CH${n} Soil moisture`],
    [`tfc${n}`, `CH${n} Temperature probe`],
    [`leafc${n}`, `CH${n} Leaf wetness`],
  ]),
  ['bgt', 'Black globe temperature'],
  ['tempco2', 'CO₂ sensor temperature'],
  ['humco2', 'CO₂ sensor humidity'],
  ['co2avg24h', 'CO₂ 24h average'],
  ...range(PM_CHANNELS).flatMap((n): [string, string][] => [
    [`pm25avg24hc${n}`, `CH${n} PM2.5 24h average`],
    [`pm10avg24hc${n}`, `CH${n} PM10 24h average`],
  ]),
  ['totalrain', 'Total rainfall'],
  ['winddiravg10m', '10 min AVG Wind Direction'],
  ['ws90capvolt', 'WS90 capacitor voltage'],
  ['rainratepiezo', 'Rain rate (piezo)'],
  ['eventrainpiezo', 'Event rainfall (piezo)'],
  ['hourlyrainpiezo', 'Hourly rainfall (piezo)'],
  ['dailyrainpiezo', 'Daily rainfall (piezo)'],
  ['weeklyrainpiezo', 'Weekly rainfall (piezo)'],
  ['monthlyrainpiezo', 'Monthly rainfall (piezo)'],
  ['yearlyrainpiezo', 'Yearly rainfall (piezo)'],
];
const LATER_NAME = new Map(LATER);

export interface ExportColumn {
  key: string;
  name: string;
}

/** All export columns after Time: the §4 order, then the remaining catalogue keys (named by key). */
export const EXPORT_COLUMNS: ExportColumn[] = (() => {
  const lead = LEADING.filter(([k]) => METRIC_BY_KEY[k]).map(([key, name]) => ({ key, name }));
  const seen = new Set(lead.map((c) => c.key));
  return [
    ...lead,
    ...METRIC_KEYS.filter((k) => !seen.has(k)).map((key) => ({ key, name: LATER_NAME.get(key) ?? key })),
  ];
})();

export const NO_UNIT = '**';

/** Row 0 and row 1 of the export. */
export function headerRows(prefs: Partial<UnitPrefs>): [string[], string[]] {
  return [
    ['Time', ...EXPORT_COLUMNS.map((c) => c.name)],
    [
      NO_UNIT,
      ...EXPORT_COLUMNS.map((c) =>
        c.key === 'lightningtime' ? NO_UNIT : unitFor(METRIC_BY_KEY[c.key], prefs).displayName || NO_UNIT,
      ),
    ],
  ];
}
