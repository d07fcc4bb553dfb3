// The Weather Server page's data: the owned stations, the chosen one, its last known view (Dexie, written by
// the worker's weatherServer find) and the key regeneration, with the error of the last call.
import { useEffect, useState } from 'react';
import type { WeatherServerView } from '../../../workers/api';
import { dataWorker } from '../../bridge/worker';
import { useStationChoice } from '../../components/StationSelect';
import { useLink } from '../../components/useLink';
import { relationOf } from '../../db/devices';
import { useAuth, useDevice, useDevices, useSetting } from '../../db/hooks';
import { weatherServerKey } from '../../db/settings';
import type { Device } from '../../domain/contract';
import { errorText } from '../../state/ui';

/** What the facts panel shows: the server's view when loaded, else what the device record holds. */
export function stationFacts(view: WeatherServerView | null | undefined, device: Device | undefined) {
  return {
    stationId: view?.stationId ?? device?.wsid,
    stationKey: view?.stationKey ?? device?.stationKey,
    /** unix s */
    lastUpload: view?.lastUpload ?? device?.lastUpload ?? null,
  };
}

export function useWeatherServer() {
  const auth = useAuth();
  const all = useDevices();
  const devices = all?.filter((d) => relationOf(d, auth?.user?._id) === 'owned');
  const [deviceId, setDeviceId] = useStationChoice(devices);
  const device = useDevice(deviceId);
  const link = useLink();
  const view = useSetting(weatherServerKey(deviceId ?? ''), null);
  const [error, setError] = useState<string | null>(null);
  const connected = link === 'online';

  // Reloaded when the connection comes back (`connected`), so an offline visit updates itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: connected is the reload trigger
  useEffect(() => {
    if (!deviceId) return;
    setError(null);
    dataWorker.loadWeatherServer(deviceId).catch((e) => setError(errorText(e)));
  }, [deviceId, connected]);

  return { devices, deviceId, setDeviceId, device, view, link, error, setError };
}
