// Met Office WOW (Weather Observations Website): the Wunderground-style GET of its "automatic reading" API.
//
// GET <endpoint>?siteid=<Site ID>&siteAuthenticationKey=<Authentication Key>&dateutc=YYYY-MM-DD+HH:MM:SS
//     &softwaretype=&baromin=&tempf=&humidity=&dewptf=&windspeedmph=&winddir=&windgustmph=&rainin=&dailyrainin=
// Sources: the WOW upload page ("Sending data to WOW": https://wow.metoffice.gov.uk/automaticreading, imperial
// units as Weather Underground's) and WeeWX src/weewx/restx.py StdWOW / WOWThread._FORMATS and format_url():
//  - baromin inHg %.3f (sea level), tempf and dewptf °F %.1f, humidity %.0f, windspeedmph, windgustmph and
//    winddir %.0f, rainin (the past hour) and dailyrainin (since midnight) in inches %.2f; dateutc in UTC.
//  - the site ID is WOW's numeric or GUID id; the key is the 6-digit authentication key set on the site.
//  - answers: 200 stored; 401/403 a refused site ID or key (WOWThread.handle_exception); 429 and 5xx passing.
import type { NetworkFormat } from './types';
import { byStatus, SOFTWARE, SOFTWARE_VERSION } from './types';
import { cToF, fixed, hpaToInHg, mmToIn, msToMph, reading, utcParts } from './units';

export const wow: NetworkFormat = {
  build(target, sample, _station, endpoint) {
    const url = new URL(endpoint);
    const q = url.searchParams;
    const put = (name: string, key: string, dp: number, convert: (v: number) => number = (v) => v) => {
      const v = reading(sample, key);
      if (v !== undefined) q.set(name, fixed(convert(v), dp));
    };
    const t = utcParts(sample.time);
    q.set('siteid', target.stationId);
    q.set('siteAuthenticationKey', target.key);
    q.set('dateutc', `${t.yyyy}-${t.mm}-${t.dd} ${t.hh}:${t.mi}:${t.ss}`);
    q.set('softwaretype', `${SOFTWARE}-${SOFTWARE_VERSION}`);
    put('baromin', 'relbaro', 3, hpaToInHg);
    put('tempf', 'tempc0', 1, cToF);
    put('humidity', 'humc0', 0);
    put('dewptf', 'dewpoint', 1, cToF);
    put('windspeedmph', 'windspd', 0, msToMph);
    put('winddir', 'winddir', 0);
    put('windgustmph', 'gust', 0, msToMph);
    put('rainin', 'hourlyrain', 2, mmToIn);
    put('dailyrainin', 'dailyrain', 2, mmToIn);
    return { method: 'GET', url: url.toString() };
  },
  judge: byStatus,
};
