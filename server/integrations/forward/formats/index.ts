// Each network's format and default endpoint. FORWARD_URL_<NETWORK> overrides an endpoint (tests point them at
// local fakes; a proxy or a regional host in production). Custom targets carry their own URL.
import type { CustomFormat, NetworkId } from '../../../../src/domain/networks';
import { awekas } from './awekas';
import { cwop } from './cwop';
import { customEcowitt } from './ecowitt';
import { openweathermap } from './openweathermap';
import type { NetworkFormat } from './types';
import { weathercloud } from './weathercloud';
import { windguru } from './windguru';
import { windy } from './windy';
import { wow } from './wow';
import { customWunderground, pwsweather, wunderground } from './wunderground';

export type { NetworkFormat, OutgoingRequest, StationFacts, TargetFields, Verdict } from './types';

export type FixedNetwork = Exclude<NetworkId, 'custom'>;

export const DEFAULT_ENDPOINTS: Record<FixedNetwork, string> = {
  // WeeWX restx.py StdWunderground.pws_url (CumulusMX uses the same host over http).
  wunderground: 'https://weatherstation.wunderground.com/weatherstation/updateweatherstation.php',
  // CumulusMX WebUploadWindy.cs.
  windy: 'https://stations.windy.com/api/v2/observation/update/',
  // WeeWX restx.py StdPWSWeather.archive_url, CumulusMX WebUploadPWS.cs.
  pwsweather: 'https://www.pwsweather.com/pwsupdate/pwsupdate.php',
  // CumulusMX WebUploadWCloud.cs.
  weathercloud: 'https://api.weathercloud.net/v01/set',
  // CumulusMX WebUploadAwekas.cs (WeeWX: the same path over http).
  awekas: 'https://data.awekas.at/eingabe_pruefung.php',
  // The CWOP guide (wxqa.com/faq.html) and WeeWX restx.py StdCWOP: cwop.aprs.net, port 14580. A target's own
  // `url` (another APRS-IS server) goes before it.
  cwop: 'aprs://cwop.aprs.net:14580',
  // The WOW upload page and WeeWX restx.py StdWOW.
  wow: 'https://wow.metoffice.gov.uk/automaticreading',
  // openweathermap.org/stations; registration goes to …/stations beside it.
  openweathermap: 'https://api.openweathermap.org/data/3.0/measurements',
  // stations.windguru.cz/upload_api.php.
  windguru: 'https://www.windguru.cz/upload/api.php',
};

const FORMATS: Record<FixedNetwork, NetworkFormat> = {
  wunderground,
  windy,
  pwsweather,
  weathercloud,
  awekas,
  cwop,
  wow,
  openweathermap,
  windguru,
};
const CUSTOM: Record<CustomFormat, NetworkFormat> = {
  wunderground: customWunderground,
  ecowitt: customEcowitt,
};

export function formatFor(network: NetworkId, format: CustomFormat | null): NetworkFormat {
  return network === 'custom' ? CUSTOM[format ?? 'wunderground'] : FORMATS[network];
}

/** Endpoints from FORWARD_URL_WUNDERGROUND, FORWARD_URL_WINDY, … over the defaults. */
export function endpointsFrom(env: Record<string, string | undefined>): Record<FixedNetwork, string> {
  const out = { ...DEFAULT_ENDPOINTS };
  for (const network of Object.keys(out) as FixedNetwork[]) {
    const v = env[`FORWARD_URL_${network.toUpperCase()}`]?.trim();
    if (v) out[network] = v;
  }
  return out;
}
