// Device rows <-> API records, and who may do what with a device (docs/architecture.md §3 Permissions).
import type { Device } from '../../../src/domain/contract';
import { relation } from '../../../src/domain/stations';
import type { AuthUser } from '../../declarations';

/** The stored row: JSON columns already parsed, plus fields never sent to clients. */
export interface DeviceRow extends Device {
  stationKey: string;
  passkey: string | null;
  unmapped: Record<string, string>;
}

const JSON_FIELDS = ['shareUsers', 'channelNameMapping', 'unmapped', 'consoleSettings'] as const;
const NUMBER_FIELDS = [
  'lastUpload',
  'cameraAt',
  'lastMinMaxReset',
  'createdAt',
  'updatedAt',
  'latitude',
  'longitude',
  'elevation',
  'anemometerHeight',
  'rainSeasonStart',
  'degreeDayBase',
  'gddBase',
];

export function fromDb(row: Record<string, unknown>): DeviceRow {
  // seq keys the device's samples inside storage only (storage/samples.ts).
  const { seq: _seq, ...out } = row as Record<string, unknown>;
  for (const f of JSON_FIELDS) if (typeof out[f] === 'string') out[f] = JSON.parse(out[f] as string);
  for (const f of NUMBER_FIELDS) if (out[f] !== null && out[f] !== undefined) out[f] = Number(out[f]);
  out.macAuth = !!out.macAuth; // SQLite answers 0/1
  out.exactPosition = !!out.exactPosition;
  return out as unknown as DeviceRow;
}

export function toDb(data: Partial<DeviceRow>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  for (const f of JSON_FIELDS) if (out[f] !== undefined) out[f] = JSON.stringify(out[f]);
  return out;
}

// Who may see and change a station: src/domain/stations.ts, shared with the mocks and the client.
export { canDelete, canRead, canWrite, type Relation, relation } from '../../../src/domain/stations';

/**
 * What a caller sees: the station key, the MAC and MAC identification, and unmapped fields only for the owner
 * (whoever knows a station's credentials can upload as it); the passkey never.
 */
export function present(device: DeviceRow, user: AuthUser | null | undefined): Device {
  const { passkey: _p, unmapped, stationKey, mac, macAuth, ...rest } = device;
  const r = relation(device, user);
  if (r === 'owner' || r === 'admin') return { ...rest, stationKey, mac, macAuth, unmapped } as Device;
  // A shared user learns that it is shared with them, not with whom else.
  if (r === 'shared') return { ...rest, shareUsers: user ? [user._id] : [] };
  // A visitor sees the position to about 1 km unless the owner chose the exact one (issue 33).
  return { ...rest, ...visitorPosition(rest), shareUsers: [] };
}

/** Two decimals of a degree: 1.1 km of latitude, at most as much of longitude. */
const roundPosition = (v: number | null | undefined) =>
  typeof v === 'number' ? Math.round(v * 100) / 100 : v;

export function visitorPosition(d: Pick<Device, 'latitude' | 'longitude' | 'exactPosition'>) {
  return d.exactPosition
    ? { latitude: d.latitude, longitude: d.longitude }
    : { latitude: roundPosition(d.latitude), longitude: roundPosition(d.longitude) };
}
