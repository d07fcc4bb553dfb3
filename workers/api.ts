// The data worker's comlink API: what the page may ask of it. The page never fetches; it calls these and reads
// the results back from Dexie (src/db). Errors reject with { message, code } so the UI can show the message.
import type { Device, User } from '../src/api/contract';
import type { BucketRange } from '../src/domain/types';

/** Well-known keys of the Dexie `settings` table the worker keeps current. */
export const SETTING = {
  auth: 'auth', // { accessToken: string, user: User } | undefined
  connection: 'connection', // ConnectionState
  units: 'units', // unit preferences (domain UnitPrefs)
  locale: 'locale',
  lastViewDevice: 'lastViewDevice', // device _id
  publicDevices: 'publicDevices', // string[] of device ids the user keeps
  metricsHash: 'metricsHash',
} as const;

export interface ConnectionState {
  online: boolean;
  auth: 'unauthenticated' | 'authenticating' | 'authenticated' | 'loggedOut';
  lastError?: string;
  /** unix ms of the last message from the server. */
  lastMessageAt?: number;
}

export interface SignupInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  termsAccepted: boolean;
}

export interface NewDeviceInput {
  name: string;
  consoletype?: number;
  timezone?: string;
  latitude?: number | null;
  longitude?: number | null;
  elevation?: number | null;
  mac?: string | null;
}

/** A uPlot-ready series: x = unix seconds, ys in display units, transferred not copied. */
export interface SeriesData {
  keys: string[];
  units: string[];
  x: Float64Array;
  ys: Float64Array[]; // NaN = no value
  bucket: BucketRange;
  fromCache: boolean;
}

export interface DataWorkerApi {
  /** Start: open the socket with the stored token (if any), load devices and metric definitions. */
  start(origin: string): Promise<void>;
  login(email: string, password: string): Promise<User>;
  signup(input: SignupInput): Promise<User>;
  logout(): Promise<void>;
  /** Select the device the dashboard shows (watches it; manage mode watches all). */
  selectDevice(id: string | null, manage?: boolean): Promise<void>;
  addDevice(input: NewDeviceInput): Promise<Device>;
  /** Find a device by station ID (public/unlist/owned); rejects 'Device not found'. */
  lookupStation(wsid: string): Promise<Device>;
  /** Graph data for a period; cached in Dexie `series` so it works offline. */
  loadSeries(device: string, keys: string[], from: number, to: number, bucket: BucketRange): Promise<SeriesData>;
  /** Queue a user edit (written to Dexie at once by the caller's store, flushed here). */
  flushOutbox(): Promise<number>;
}
