// What the data worker keeps in Dexie for the screens to read (settings rows): declared here, beside the store,
// so the store needs nothing of the worker (workers/api.ts re-exports them as its answers' types).
import type { RelayView, User } from '../domain/contract';
import type { ProtocolSetupView } from '../domain/uploadSetup';

/** The signed-in session (settings.auth), as the Feathers authentication client stores it (./authStorage.ts). */
export interface AuthRecord {
  accessToken: string;
  user?: User;
}

/** users/me: what the Account page shows. */
export interface AccountInfo {
  user: User;
  membership: string;
  supportedDevices: number;
  dataLogStorePeriod: number;
  devices: number;
  /** The provider of the last paid order, null before any (contract.ts AccountInfo). */
  paymentMethod?: 'stripe' | 'sandbox' | null;
}

/** weatherServer find {device}: what an owner types into the console (cached per device). */
export interface WeatherServerView {
  serverName: string;
  stationId: string;
  stationKey: string;
  lastUpload: number | null;
  /** Each protocol's set-up, with the address consoles reach (host, port), from the server's descriptors. */
  protocols: ProtocolSetupView[];
  unmapped: Record<string, string>;
  /** The machine's LAN addresses when the portal was opened as localhost (contract ServerView). */
  loopback?: { addresses: string[] };
  /** The home relay: its command's portal URL and its last seen status (contract ServerView). */
  relay?: RelayView;
  /** unix ms when it was loaded. */
  fetchedAt: number;
}

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

/** What the edit screen shows of a paid device type's plan (spec §3 "service plan with start and end"). */
export interface DevicePlanView {
  /** 'none': no MAC, or no plan for it. */
  state: 'active' | 'expired' | 'upcoming' | 'none';
  name: string | null;
  /** Unix ms; end null = permanent. */
  start: number | null;
  end: number | null;
  fetchedAt: number;
}
