// What every dashboard card receives: its definition, the device, the newest sample and the user's units.

import type { Latest, MinMax } from '../db/hooks';
import type { CardDef, UnitPrefs } from '../domain';
import type { Device } from '../domain/contract';

export type { Latest, MinMax };

export interface CardProps {
  def: CardDef;
  device: Device;
  latest: Latest | undefined;
  prefs: UnitPrefs;
  minMax: MinMax | undefined;
  expanded: boolean;
  onToggle: () => void;
  /** unix ms, ticking: drives the status dot */
  now: number;
}
