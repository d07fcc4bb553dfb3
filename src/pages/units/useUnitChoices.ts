// The preferences as chosen on the page: a choice shows at once (the Dexie write and its live query follow a
// moment later) and is saved through saveUnits (local at once, the profile when online).
import { useState } from 'react';
import { saveUnits } from '../../db/edits';
import { useUnits } from '../../db/hooks';
import { DEFAULT_UNIT_PREFS, type UnitPrefs } from '../../domain';
import type { Key } from './choices';

export function useUnitChoices() {
  const stored = useUnits();
  const [chosen, setChosen] = useState<Partial<UnitPrefs>>({});
  const [saved, setSaved] = useState(false);
  const prefs = { ...stored, ...chosen } as UnitPrefs;

  const change = async (key: Key, value: string | number) => {
    setChosen((c) => ({ ...c, [key]: value }));
    await saveUnits({ [key]: value } as Partial<UnitPrefs>);
    setSaved(true);
  };
  const reset = async () => {
    setChosen({ ...DEFAULT_UNIT_PREFS });
    await saveUnits(DEFAULT_UNIT_PREFS);
    setSaved(true);
  };

  return { prefs, saved, change, reset };
}
