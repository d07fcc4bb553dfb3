// What the Unit & Display preview shows: a sample reading per kind of unit and today's date in the chosen order.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { UnitPrefs } from '../../domain';

/** A sample reading per kind of unit, in base units, for the preview. */
const PREVIEW: [string, number][] = [
  ['tempc0', 23.46],
  ['absbaro', 1012.83],
  ['relbaro', 1015.24],
  ['windspd', 4.27],
  ['winddir', 236],
  ['dailyrain', 12.7],
  ['solarrad', 512.4],
  ['lightningdist', 8],
  ['hcho', 41],
  ['co2', 612],
];

/** Labels that read better in the preview than the metric's own. */
export const PREVIEW_LABELS: Record<string, MessageDescriptor> = {
  tempc0: msg`Outdoor temperature`,
  absbaro: msg`Pressure (absolute)`,
  relbaro: msg`Pressure (relative)`,
  windspd: msg`Wind speed`,
  winddir: msg`Wind direction`,
  dailyrain: msg`Rain today`,
  solarrad: msg`Solar radiation`,
  lightningdist: msg`Lightning distance`,
  hcho: msg`Formaldehyde`,
  co2: msg`CO₂`,
};

/** The sample readings to show: the barometer the user prefers, not both. */
export function previewReadings(barometer: UnitPrefs['barometer']): [string, number][] {
  const hidden = barometer === 'Rel' ? 'absbaro' : 'relbaro';
  return PREVIEW.filter(([k]) => k !== hidden);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The date in the user's order (DD/MM or MM/DD) and the year. */
export function dateText(d: Date, order: UnitPrefs['date']): string {
  const day = pad(d.getDate());
  const month = pad(d.getMonth() + 1);
  return order === 'MM/DD' ? `${month}/${day}/${d.getFullYear()}` : `${day}/${month}/${d.getFullYear()}`;
}
