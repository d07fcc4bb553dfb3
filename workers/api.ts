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
  deviceOrder: 'deviceOrder', // string[]: device ids in the server's order (owned, shared, public)
  manageMode: 'manageMode', // boolean: watch all devices (device management screen)
  outboxError: 'outboxError', // { id, service, method, message, code, at } of the last dropped edit
} as const;

export interface ConnectionState {
  online: boolean;
  auth: 'unauthenticated' | 'authenticating' | 'authenticated' | 'loggedOut';
  lastError?: string;
  /** unix ms of the last message from the server. */
  lastMessageAt?: number;
  /** Device list load state (spec §4 Device list). */
  devices?: 'loading' | 'error' | 'loaded';
  /** unix s of the newest sample of the selected device (1 s tick). */
  deviceTime?: number | null;
  /** Seconds since deviceTime, updated by the 1 s tick ("updated N s ago"). */
  age?: number | null;
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
  /** Start: open the socket with the stored token (if any), load devices and metric definitions. Idempotent. */
  start(origin: string): Promise<void>;
  /** Sign in with email/password; stores { accessToken, user } in settings.auth and loads the data. */
  login(email: string, password: string): Promise<User>;
  /** Create the account (verified: false; a 6-digit code is mailed). Does not sign in. */
  signup(input: SignupInput): Promise<User>;
  /** Confirm the mailed code; updates the stored user when signed in. */
  verify(email: string, code: string): Promise<{ verified: boolean }>;
  /** Mail a new verification code. */
  resendCode(email: string): Promise<void>;
  /** Sign out: clears the token and the user's data from Dexie (devices, settings, history, outbox). */
  logout(): Promise<void>;
  /** Reload devices, last data and settings from the server (e.g. after the device list failed). */
  reload(): Promise<void>;
  /** Select the device the dashboard shows (watches it; manage mode watches all). */
  selectDevice(id: string | null, manage?: boolean): Promise<void>;
  addDevice(input: NewDeviceInput): Promise<Device>;
  /** Delete an owned device on the server and locally (online only; asks no confirmation). */
  removeDevice(id: string): Promise<void>;
  /** Forget a public device (spec §4: public ones only); selects the first device if it was selected. */
  forgetDevice(id: string): Promise<void>;
  /** Find a device by station ID (public/unlist/owned) and keep it in the list; rejects 'Device not found'. */
  lookupStation(wsid: string): Promise<Device>;
  /** Make sure 5-minute (2 days) / daily (366 days) history covering [from, to] (unix s) is in Dexie. */
  ensureHistory(device: string, from: number, to: number): Promise<void>;
  /** Graph data for a period; cached in Dexie `series` so it works offline. */
  loadSeries(
    device: string,
    keys: string[],
    from: number,
    to: number,
    bucket: BucketRange,
  ): Promise<SeriesData>;
  /** Reload the forecast of a device into Dexie `forecasts` (also done hourly for the selected device). */
  loadForecast(device: string): Promise<void>;
  /** Send queued edits now (edits.ts calls it after each write); resolves with how many were sent. */
  flushOutbox(): Promise<number>;
}
