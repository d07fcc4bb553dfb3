// Input rules of deviceDisplaySettings create/patch, one source for the server and the mocks (each passes its
// own readers, so both answer the same 400s).
import type { DisplaySettings } from './contract';
import type { InputReaders } from './readers';

/** The key lists a display-settings record holds. */
export const DISPLAY_LISTS = ['metricsList', 'detailList', 'graphList', 'chosenList'] as const;
const RANGES = new Set(['day', 'last24H', 'week', 'month', 'year', 'custom']);
const SETTABLE = new Set<string>([...DISPLAY_LISTS, 'graphRange', 'weatherDevice', '_id']);

export function displaySettingsRules(r: InputReaders) {
  /** The fields to store; on create, missing lists are empty and the range is 'day'. */
  return function displayFields(input: unknown, creating: boolean): Partial<DisplaySettings> {
    const data = r.asObject(input);
    for (const key of Object.keys(data)) if (!SETTABLE.has(key)) throw r.fail(`${key} cannot be set`);
    const out: Partial<DisplaySettings> = {};
    for (const list of DISPLAY_LISTS) {
      const v = data[list];
      if (v === undefined) {
        if (creating) out[list] = [];
        continue;
      }
      if (!Array.isArray(v) || v.length > 300 || v.some((k) => typeof k !== 'string' || k.length > 40))
        throw r.fail(`${list} must be a list of keys`, { field: list });
      out[list] = [...new Set(v as string[])];
    }
    const range = r.str(data, 'graphRange', { max: 16 });
    if (range !== undefined) {
      if (!RANGES.has(range)) throw r.fail('Unknown graph range', { field: 'graphRange' });
      out.graphRange = range;
    } else if (creating) out.graphRange = 'day';
    return out;
  };
}
