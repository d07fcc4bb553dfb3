// The graph period of a station as last picked (Dexie settings `graphPeriod:<id>`, so custom dates and quick
// filters survive a reload), shared by a card's graph and its wind rose. Until the setting is read the window
// is null (nothing loads twice); when none is stored, the display settings' range.
import { useMemo, useState } from 'react';
import { getEditsDb } from '../db/edits';
import { useSetting } from '../db/hooks';
import { graphPeriodKey, setSetting } from '../db/settings';
import { type PeriodState, windowFor } from './period';

export function useGraphPeriod(device: string, timeZone: string, initialRange: PeriodState['range']) {
  const stored = useSetting(graphPeriodKey(device), null);
  const [picked, setPicked] = useState<PeriodState | null>(null);
  // A custom period's dates are kept here, not in the display settings: a 'custom' range without them (another
  // browser, cleared data) would be an empty graph (issue 22), so it opens as a day.
  const fallback = useMemo<PeriodState>(
    () => ({ range: initialRange === 'custom' ? 'day' : initialRange }),
    [initialRange],
  );
  const period: PeriodState = picked ?? stored ?? fallback;
  const reading = !picked && stored === undefined;
  const setPeriod = (p: PeriodState) => {
    setPicked(p);
    // Stored after the switch has painted: the worker's read of the series goes first.
    requestAnimationFrame(() =>
      setTimeout(
        () =>
          void getEditsDb()
            .then((db) => setSetting(db, graphPeriodKey(device), p))
            .catch(console.warn),
      ),
    );
  };
  const { win, invalid } = useMemo(() => {
    if (reading) return { win: null, invalid: null };
    try {
      return { win: windowFor(period, Date.now() / 1000, timeZone), invalid: null };
    } catch (e) {
      return { win: null, invalid: e instanceof Error ? e.message : String(e) };
    }
  }, [period, timeZone, reading]);
  return { period, setPeriod, win, invalid };
}
