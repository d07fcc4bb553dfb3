// Device types (data in deviceTypeDefs.ts) and the default display setting built from their cards (spec §3).
import { cardsForType } from './cards';
import { deviceType } from './deviceTypeDefs';
import type { GraphRange } from './types';

export * from './deviceTypeDefs';

/** Same shape as the wire's DisplaySettings record (contract.ts). */
export interface DefaultDisplaySettings {
  weatherDevice: string;
  metricsList: string[];
  detailList: string[];
  graphList: string[];
  graphRange: GraphRange;
  /** None chosen yet: every card follows its sensor (issue 22). */
  chosenList: string[];
}

export const DEFAULT_DETAIL_LIST = ['pmChannel1', 'pmChannel2', 'pmChannel3', 'pmChannel4'];

/** Visible cards = the type's cards not hidden by default; PM details open; no graphs; a day's graph range. */
export function defaultDisplaySettings(typeId: number, deviceId: string): DefaultDisplaySettings {
  const hidden = new Set(deviceType(typeId).hiddenByDefault);
  return {
    weatherDevice: deviceId,
    // The camera card follows the station's images (issue 28), not the list.
    metricsList: cardsForType(typeId)
      .map((c) => c.key)
      .filter((k) => !hidden.has(k) && k !== 'camera'),
    detailList: [...DEFAULT_DETAIL_LIST],
    graphList: [],
    graphRange: 'day',
    chosenList: [],
  };
}
