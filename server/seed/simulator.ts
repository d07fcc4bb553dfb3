// Uploads the demo station's readings every 16 s through the real ingest HTTP path, like a console would.
// The station is looked up before each upload: the owner may change its station ID or key in the portal, and a
// real console would be re-configured then.
import type { DeviceRow } from '../services/devices/device-record';
import { DEMO_PLACE } from './demo';
import { wslinkFields } from './weather';

export function startSimulator(
  baseUrl: string,
  station: () => Promise<DeviceRow | null>,
  intervalMs = 16_000,
  log = console.error,
): () => void {
  const upload = async () => {
    const device = await station();
    if (!device) return; // the demo station was deleted
    const t = Math.floor(Date.now() / 1000);
    const fields = wslinkFields(t, DEMO_PLACE);
    delete fields.datetime; // the server's clock is the reference
    const params = new URLSearchParams({ wsid: device.wsid, wspw: device.stationKey, apiver: '1.00' });
    for (const [k, v] of Object.entries(fields)) params.set(k, String(v));
    try {
      const res = await fetch(`${baseUrl}/data/upload.php?${params}`);
      if (!res.ok) log(`simulator: upload answered ${res.status} ${await res.text()}`);
    } catch (error) {
      log(`simulator: upload failed: ${(error as Error).message}`);
    }
  };
  void upload();
  const timer = setInterval(upload, intervalMs);
  return () => clearInterval(timer);
}
