// A backfill as an ImportReader (server/import/types.ts): the vendor's pages read as a file's rows, so the import
// (run.ts, policy 'fill') stores them like an imported file: only 5-minute buckets the station has no data in are
// written, and aggregates, records, climate values and graphs follow as for any import. Pages that go forward in time are
// handed on as they come (a failure on day 200 keeps the 199 days stored); Ambient pages backwards, so its pages
// are gathered and handed on oldest first.
import { BACKFILL_FORMAT, type BackfillVendor } from '../../src/domain/backfill';
import { localDayStart } from '../../src/domain/timeZones';
import type { ImportReader, SampleRow } from '../import/types';
import type { VendorFetch } from './vendors/types';

export interface BackfillReader extends ImportReader {
  /** Device-local days that had readings. */
  days: Set<number>;
}

export function backfillReader(
  vendor: BackfillVendor,
  fetch: VendorFetch,
  timeZone: string,
  signal?: AbortSignal,
): BackfillReader {
  const days = new Set<number>();
  const note = (row: SampleRow) => {
    days.add(localDayStart(row.time, timeZone));
    return row;
  };
  return {
    format: BACKFILL_FORMAT[vendor],
    kind: 'samples',
    units: {},
    bad: [],
    days,
    async *rows() {
      try {
        yield* read();
      } catch (error) {
        // Cancelled while asking or waiting: the import ends as stopped, not as failed.
        if (!signal?.aborted) throw error;
      }
    },
  };
  async function* read(): AsyncGenerator<SampleRow> {
    if (vendor === 'ambient') {
      const all: SampleRow[] = [];
      for await (const page of fetch.pages()) {
        all.push(...page);
        if (signal?.aborted) return;
      }
      all.sort((a, b) => a.time - b.time);
      for (const row of all) yield note(row);
      return;
    }
    for await (const page of fetch.pages()) {
      for (const row of page) yield note(row);
      if (signal?.aborted) return;
    }
  }
}
