// AWEKAS, the basic API: one `val` of 25 values separated by ';', in fixed positions.
//
// GET <endpoint>?val=<user>;<MD5 of the password>;dd.mm.yyyy;hh:mm;<temp °C %.1f>;<humidity %.0f>;
//     <pressure hPa %.3f>;<rain today mm %.2f>;<wind km/h %.1f>;<wind direction %.0f>;;;;<language>;;
//     <gust km/h %.1f>;<solar W/m² %.2f>;<UV %.2f>;;;;<rain rate mm/h %.2f>;<software>;<longitude>;<latitude>
// Source: WeeWX src/weewx/restx.py StdAWEKAS (the position table) and AWEKASThread.format_url() / _FORMATS:
//  - the password is sent as its MD5 hex digest; date and time are UTC (time.gmtime); empty positions are the
//    weather condition, warning text, snow height, tendency, brightness, sunshine hours and soil temperature.
//  - endpoint data.awekas.at/eingabe_pruefung.php (WeeWX uses http; CumulusMX WebUploadAwekas.cs uses https,
//    which we use too); the `val` text is sent as WeeWX builds it, without encoding.
//  - answers: a line "OK" is stored; "Benutzer/Passwort Fehler" (user/password error) is a refused login;
//    anything else a failed post (AWEKASThread.check_response).
import { createHash } from 'node:crypto';
import type { NetworkFormat, Verdict } from './types';
import { byStatus, SOFTWARE, SOFTWARE_VERSION } from './types';
import { fixed, msToKmh, reading, utcParts } from './units';

/** The language of AWEKAS's own messages (WeeWX's default is 'de'; CumulusMX's 'en'). */
const LANGUAGE = 'en';

export const awekas: NetworkFormat = {
  build(target, sample, station, endpoint) {
    const f = (key: string, dp: number, convert?: (v: number) => number) => {
      const v = reading(sample, key);
      return v === undefined ? '' : fixed(convert ? convert(v) : v, dp);
    };
    const t = utcParts(sample.time);
    const values = [
      encodeURIComponent(target.stationId),
      createHash('md5').update(target.key, 'utf8').digest('hex'),
      `${t.dd}.${t.mm}.${t.yyyy}`,
      `${t.hh}:${t.mi}`,
      f('tempc0', 1),
      f('humc0', 0),
      f('relbaro', 3),
      f('dailyrain', 2),
      f('windspd', 1, msToKmh),
      f('winddir', 0),
      '', // weather condition
      '', // warning text
      '', // snow height
      LANGUAGE,
      '', // tendency
      f('gust', 1, msToKmh),
      f('solarrad', 2),
      f('uvi', 2),
      '', // brightness (lux)
      '', // sunshine hours
      '', // soil temperature
      f('rainrate', 2),
      `${SOFTWARE}_${SOFTWARE_VERSION}`,
      station.longitude === null ? '' : String(station.longitude),
      station.latitude === null ? '' : String(station.latitude),
    ];
    return { method: 'GET', url: `${endpoint}?val=${values.join(';')}` };
  },
  judge(status, body): Verdict {
    if (status < 200 || status >= 300) return byStatus(status, body);
    const line = body.split(/\r?\n/).find((l) => l.trim()) ?? '';
    if (line.startsWith('OK')) return { kind: 'ok', message: 'ok' };
    if (line.startsWith('Benutzer/Passwort Fehler')) return { kind: 'rejected', message: line.slice(0, 120) };
    return { kind: 'failed', message: `Server returned '${line.slice(0, 100)}'` };
  },
};
