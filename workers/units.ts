// Base (SI) values → the user's display units, as uPlot-ready Float64Arrays (NaN = no value).

import type { Sample } from '../src/domain';
import {
  cleanValue,
  DEFAULT_UNIT_PREFS,
  METRIC_BY_KEY,
  toNumber,
  type UnitPrefs,
  unitFor,
} from '../src/domain';

export interface ConvertedSeries {
  x: Float64Array;
  ys: Float64Array[];
  /** Display unit names ('°C', 'mph', …), one per key. */
  units: string[];
}

export function toSeries(rows: Sample[], keys: string[], prefs: Partial<UnitPrefs> = DEFAULT_UNIT_PREFS) {
  const x = new Float64Array(rows.length);
  const ys = keys.map(() => new Float64Array(rows.length));
  const unitDefs = keys.map((k) =>
    METRIC_BY_KEY[k] ? unitFor(METRIC_BY_KEY[k], { ...DEFAULT_UNIT_PREFS, ...prefs }) : null,
  );
  rows.forEach((row, i) => {
    x[i] = row.time;
    keys.forEach((k, j) => {
      const u = unitDefs[j];
      // Out of [min, max] is invalid (spec §5) — except summed counters, whose totals may exceed a reading's max.
      const v = METRIC_BY_KEY[k]?.primary === 'sum' ? toNumber(row[k]) : cleanValue(k, row[k]);
      ys[j][i] = v === null ? Number.NaN : u ? v * u.ratio + u.offset : v;
    });
  });
  return { x, ys, units: unitDefs.map((u) => u?.displayName ?? '') } satisfies ConvertedSeries;
}
