// The weather networks a station's uploads can be forwarded to (issue #17), defined once for the server, the
// mocks and the UI. Minimum intervals follow what the networks ask and what CumulusMX / WeeWX enforce:
//  - Wunderground: CumulusMX's interval is in whole minutes (rapid fire aside): 60 s.
//  - Windy: CumulusMX resets an interval under 5 minutes to 5 (Cumulus.cs, "Windy upload interval"): 300 s.
//  - PWSweather: CumulusMX allows 1 minute at least (Cumulus.cs, PWS.Interval min 1): 60 s.
//  - WeatherCloud: CumulusMX's default is 10 minutes, what a free Weathercloud station may send: 600 s.
//  - AWEKAS: WeeWX restx.py AWEKASThread "AWEKAS requests that uploads happen no more often than 5 minutes": 300 s.
//  - CWOP: "no more often than every 5 minutes" (CWOP guide, wxqa.com; WeeWX restx.py CWOPThread post_interval
//    600 s by default, 300 s at the least): 300 s.
//  - Met Office WOW: WeeWX restx.py StdWOW post_interval 900 s, "WOW accepts one reading every 5 minutes" at the
//    least (the WOW upload page): 300 s.
//  - OpenWeatherMap: the stations API keeps one measurement a minute; WeeWX's OWM extension posts every 5 minutes
//    by default: 60 s at the least.
//  - Windguru: "the preferred upload frequency is one record every 5 minutes" (weewx-windguru), at most one a
//    minute (Windguru's upload API): 60 s.
//  - custom: the shortest interval an Ecowitt console offers for a customized server: 16 s.

export const NETWORK_IDS = [
  'wunderground',
  'windy',
  'pwsweather',
  'weathercloud',
  'awekas',
  'cwop',
  'wow',
  'openweathermap',
  'windguru',
  'custom',
] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

/** How a custom target is sent: the Wunderground GET or the Ecowitt form POST. */
export const CUSTOM_FORMATS = ['wunderground', 'ecowitt'] as const;
export type CustomFormat = (typeof CUSTOM_FORMATS)[number];

export interface NetworkDef {
  id: NetworkId;
  /** Product name (not translated). */
  name: string;
  /** Seconds. */
  minInterval: number;
  defaultInterval: number;
  /** What the network calls the station ID and the key (shown as field hints). */
  idLabel: string;
  keyLabel: string;
  /** Needs a URL (custom targets only). */
  needsUrl: boolean;
  /**
   * Takes a reading with its own past time (issue 27): readings that reached the portal late (a relay's backlog,
   * a backfill from a vendor's cloud) are sent on afterwards, in order. Real-time networks (APRS, those whose
   * API takes no time or only the current one) get only what is current.
   */
  pastReadings: boolean;
}

export const NETWORKS: Record<NetworkId, NetworkDef> = {
  wunderground: {
    id: 'wunderground',
    name: 'Weather Underground',
    minInterval: 60,
    defaultInterval: 300,
    idLabel: 'Station ID',
    keyLabel: 'Station key',
    needsUrl: false,
    pastReadings: true,
  },
  windy: {
    id: 'windy',
    name: 'Windy',
    minInterval: 300,
    defaultInterval: 300,
    idLabel: 'Station ID',
    keyLabel: 'Station password',
    needsUrl: false,
    pastReadings: true,
  },
  pwsweather: {
    id: 'pwsweather',
    name: 'PWSweather',
    minInterval: 60,
    defaultInterval: 300,
    idLabel: 'Station ID',
    keyLabel: 'API key',
    needsUrl: false,
    pastReadings: true,
  },
  weathercloud: {
    id: 'weathercloud',
    name: 'WeatherCloud',
    minInterval: 600,
    defaultInterval: 600,
    idLabel: 'Weathercloud ID',
    keyLabel: 'Key',
    needsUrl: false,
    pastReadings: false,
  },
  awekas: {
    id: 'awekas',
    name: 'AWEKAS',
    minInterval: 300,
    defaultInterval: 300,
    idLabel: 'User name',
    keyLabel: 'Password',
    needsUrl: false,
    pastReadings: false,
  },
  cwop: {
    id: 'cwop',
    name: 'CWOP (APRS-IS)',
    minInterval: 300,
    defaultInterval: 600,
    idLabel: 'Call sign or CW id',
    keyLabel: 'Passcode (-1 for CW ids)',
    needsUrl: false,
    pastReadings: false,
  },
  wow: {
    id: 'wow',
    name: 'Met Office WOW',
    minInterval: 300,
    defaultInterval: 900,
    idLabel: 'Site ID',
    keyLabel: 'Authentication key',
    needsUrl: false,
    pastReadings: true,
  },
  openweathermap: {
    id: 'openweathermap',
    name: 'OpenWeatherMap',
    minInterval: 60,
    defaultInterval: 300,
    idLabel: 'Station ID (empty: registered on the first upload)',
    keyLabel: 'API key',
    needsUrl: false,
    pastReadings: true,
  },
  windguru: {
    id: 'windguru',
    name: 'Windguru',
    minInterval: 60,
    defaultInterval: 300,
    idLabel: 'Station UID',
    keyLabel: 'API password',
    needsUrl: false,
    pastReadings: false,
  },
  custom: {
    id: 'custom',
    name: 'Custom server',
    minInterval: 16,
    defaultInterval: 60,
    idLabel: 'Station ID',
    keyLabel: 'Key',
    needsUrl: true,
    pastReadings: true,
  },
};

export const isNetworkId = (v: unknown): v is NetworkId =>
  typeof v === 'string' && (NETWORK_IDS as readonly string[]).includes(v);

/** A key as anyone but a revealing owner sees it: the last 4 characters only (short keys: none). */
export function maskKey(key: string): string {
  if (!key) return '';
  return key.length > 6 ? `••••${key.slice(-4)}` : '••••';
}

/** Consecutive rejections of the key after which a target is paused and its owner alerted. */
export const PAUSE_AFTER_REJECTIONS = 3;
