// Whether a station is online (issue 22, all stations at a glance): an upload within the lost-data time of the
// spec's alert (30 minutes) is online; after that it is silent since its last upload; never: no upload yet.
import { LOST_AFTER_S } from '../../cards/status';

export type StationState =
  | { kind: 'online'; since: number }
  | { kind: 'silent'; since: number }
  | { kind: 'never' };

/** `last`: unix s of the newest reading or upload known; `now` unix s. */
export function stationState(last: number | null | undefined, now: number): StationState {
  if (!last) return { kind: 'never' };
  return now - last > LOST_AFTER_S ? { kind: 'silent', since: last } : { kind: 'online', since: last };
}
