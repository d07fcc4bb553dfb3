// Series colours (tokens.css custom properties) shared by a card and its graph.
import { METRIC_BY_KEY } from '../domain';
import { UNIT_TYPES } from '../domain/unitTypes';

export function colorOf(key: string): string {
  if (/^dewpoint/.test(key)) return '--c-dew';
  if (key === 'feelslike' || /^heatindex/.test(key) || key === 'windchill') return '--c-feels';
  if (key === 'gust' || key === 'maxdailygust') return '--c-gust';
  // The 10-minute average beside the speed (issue 22: they shared a colour).
  if (key === 'windavg10m') return '--c-wind-avg';
  if (key === 'relbaro') return '--c-wind';
  // Issue 26: ET₀ is water like rain; heating, cooling and growing degree days cold, warm and green.
  if (key === 'et0day') return '--c-rain';
  if (key === 'hddday') return '--c-hum';
  if (key === 'cddday') return '--c-temp';
  if (key === 'gddday') return '--c-dew';
  const type = METRIC_BY_KEY[key]?.unitType;
  return type ? UNIT_TYPES[type].color : '--c-air';
}

/** The keys worth graphing together: the primary and the secondaries measured in the same kind of unit. */
export function graphKeys(primary: string, others: string[]): string[] {
  const type = METRIC_BY_KEY[primary]?.unitType;
  return [primary, ...others.filter((k) => k !== primary && METRIC_BY_KEY[k]?.unitType === type)];
}
