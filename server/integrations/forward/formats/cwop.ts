// CWOP (Citizen Weather Observer Program) over APRS-IS: a login line and one APRS weather report with position.
//
//   user <call sign or CW id> pass <passcode, -1 for CW ids> vers weather-portal 0.1
//   <call>>APRS,TCPIP*:@DDHHMMz<lat DDMM.mmN>/<lon DDDMM.mmE>_<dir>/<speed>g<gust>t<temp>r<1h>p<24h>P<midnight>
//     h<humidity>b<pressure>L<luminosity>.weather-portal-0.1
//
// Sources: APRS Protocol Reference 1.0.1 chapter 12 (weather reports) and the CWOP guide (wxqa.com/faq.html,
// "Each TCP connection uses port 14580"); WeeWX src/weewx/restx.py StdCWOP / CWOPThread.get_login_string() and
// get_tnc_packet(); CumulusMX CumulusMX/APRS.cs (APRS weather string). Read with them:
//  - time "@DDHHMMz" in UTC; position as degrees and hundredths of minutes, "/" the primary symbol table and "_"
//    the weather-station symbol (which starts the wind direction).
//  - wind direction in degrees, speed and gust in mph, temperature in °F: three characters each, "..." when the
//    station has no value (their places are fixed); a temperature below zero is "-05".
//  - rain in hundredths of an inch: r the last hour, p the last 24 hours, P since local midnight; h humidity in %,
//    two digits, 100 % sent as "00"; b pressure (sea level) in tenths of hPa, five digits; L luminosity
//    (solar radiation) in W/m² under 1000, l the amount above 1000. Fields without a value are left out.
//  - software: a "." and the program's name and version after the weather data.
//  - the APRS-IS server answers the login with "# logresp <call> verified|unverified, …": a CW/DW/EW id logs in
//    unverified with -1 (that is how CWOP works), an amateur call sign with a wrong passcode is "unverified" too,
//    and its packets are dropped: that is a refused key.
import type { Sample } from '../../../../src/domain/types';
import type { NetworkFormat, StationFacts, TargetFields, Verdict } from './types';
import { SOFTWARE, SOFTWARE_VERSION } from './types';
import { cToF, mmToIn, msToMph, reading, utcParts } from './units';

/** CWOP's own ids (CW0001, DW1234, EW5678) log in with passcode -1; anything else is an amateur call sign. */
export const isCwopId = (id: string) => /^[CDE]W\d{4}$/i.test(id);

/** Degrees as APRS writes them: `width` digits of degrees, minutes with two decimals, the hemisphere letter. */
export function aprsDegrees(value: number, width: 2 | 3, hemispheres: [string, string]): string {
  const hundredths = Math.round(Math.abs(value) * 6000); // hundredths of a minute, rounded once (no "60.00")
  const degrees = Math.floor(hundredths / 6000);
  const minutes = (hundredths % 6000) / 100;
  return `${String(degrees).padStart(width, '0')}${minutes.toFixed(2).padStart(5, '0')}${hemispheres[value < 0 ? 1 : 0]}`;
}

/** A fixed-width whole number: zero-padded, "-" in front of a negative one, "..." without a value. */
function digits(value: number | undefined, width: number): string {
  if (value === undefined) return '.'.repeat(width);
  const n = Math.round(value);
  if (n < 0) return `-${String(-n).padStart(width - 1, '0')}`;
  return String(n).padStart(width, '0');
}

export function loginLine(target: TargetFields): string {
  return `user ${target.stationId.toUpperCase()} pass ${target.key} vers ${SOFTWARE} ${SOFTWARE_VERSION}`;
}

export function aprsPacket(target: TargetFields, sample: Sample, station: StationFacts): string {
  const t = utcParts(sample.time);
  const lat = aprsDegrees(station.latitude ?? 0, 2, ['N', 'S']);
  const lon = aprsDegrees(station.longitude ?? 0, 3, ['E', 'W']);
  const mph = (key: string) => {
    const v = reading(sample, key);
    return v === undefined ? undefined : msToMph(v);
  };
  const temp = reading(sample, 'tempc0');
  const dir = reading(sample, 'winddir');
  let text = `${target.stationId.toUpperCase()}>APRS,TCPIP*:@${t.dd}${t.hh}${t.mi}z${lat}/${lon}`;
  text += `_${digits(dir === undefined ? undefined : dir % 360, 3)}/${digits(mph('windspd'), 3)}`;
  text += `g${digits(mph('gust'), 3)}t${digits(temp === undefined ? undefined : cToF(temp), 3)}`;
  const rain = (letter: string, mm: number | undefined) => {
    if (mm !== undefined) text += `${letter}${digits(Math.min(mmToIn(mm) * 100, 999), 3)}`;
  };
  rain('r', reading(sample, 'hourlyrain'));
  rain('p', station.rain24h ?? undefined);
  rain('P', reading(sample, 'dailyrain'));
  const hum = reading(sample, 'humc0');
  if (hum !== undefined) text += `h${Math.round(hum) >= 100 ? '00' : digits(Math.max(hum, 1), 2)}`;
  const hpa = reading(sample, 'relbaro');
  if (hpa !== undefined) text += `b${digits(hpa * 10, 5)}`;
  const sun = reading(sample, 'solarrad');
  if (sun !== undefined) {
    const w = Math.min(Math.round(sun), 1999);
    text += w < 1000 ? `L${digits(w, 3)}` : `l${digits(w - 1000, 3)}`;
  }
  return `${text}.${SOFTWARE}-${SOFTWARE_VERSION}`;
}

export const cwop: NetworkFormat = {
  build(target, sample, station, endpoint) {
    return {
      method: 'APRS',
      url: target.url || endpoint,
      lines: { login: loginLine(target), packet: aprsPacket(target, sample, station) },
    };
  },
  judge(status, body): Verdict {
    if (status !== 200) return { kind: 'retry', message: 'no logresp' };
    // "# logresp CALL verified, server X" / "# logresp CALL unverified, server X"
    const verified = /\blogresp\s+\S+\s+verified\b/i.test(body);
    const call = /\blogresp\s+(\S+)/i.exec(body)?.[1] ?? '';
    if (verified || isCwopId(call)) return { kind: 'ok', message: 'ok' };
    return { kind: 'rejected', message: 'unverified' };
  },
};
