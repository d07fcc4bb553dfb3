// A custom target in Ecowitt "customized" format: what an Ecowitt gateway POSTs, so Home Assistant's Ecowitt
// integration, ecowitt2mqtt or another portal (/data/report/<key>) take it as from a console.
//
// POST <url>  (application/x-www-form-urlencoded)
//   PASSKEY=<station ID>&stationtype=weather-portal_0.1&dateutc=YYYY-MM-DD+HH:MM:SS&tempinf=&humidityin=
//   &baromrelin=&baromabsin=&tempf=&humidity=&winddir=&windspeedmph=&windgustmph=&maxdailygust=&solarradiation=
//   &uv=&rainratein=&eventrainin=&hourlyrainin=&dailyrainin=&weeklyrainin=&monthlyrainin=&yearlyrainin=
//   &temp{n}f=&humidity{n}=&pm25_ch{n}=&co2=&lightning=&lightning_num=
// Source: the field names, order and decimals of a GW1100B capture (server/ingest/parsers/fixtures/
// ecowitt-gw1100b.form, from bachya/ecowitt2mqtt's fixtures): temperatures °F 1 dp, humidity integers,
// pressures inHg 3 dp, rain inches 3 dp, dateutc with '+' for the space; wind mph 2 dp and solar 2 dp as the
// GW1000 capture (ecowitt-gw1000-pro.form). Our own parser (server/ingest/parsers/ecowitt.ts) reads exactly
// these back, which the tests check by chaining two stations.
import { CHANNELS, PM_CHANNELS } from '../../../../src/domain/catalogue';
import type { NetworkFormat } from './types';
import { byStatus, SOFTWARE, SOFTWARE_VERSION } from './types';
import { cToF, fixed, hpaToInHg, mmToIn, msToMph, reading, utcParts } from './units';

type Field = readonly [string, string, ((v: number) => number) | null, number];

const FIELDS: Field[] = [
  ['tempinf', 'tempin', cToF, 1],
  ['humidityin', 'humin', null, 0],
  ['baromrelin', 'relbaro', hpaToInHg, 3],
  ['baromabsin', 'absbaro', hpaToInHg, 3],
  ['tempf', 'tempc0', cToF, 1],
  ['humidity', 'humc0', null, 0],
  ['winddir', 'winddir', null, 0],
  ['windspeedmph', 'windspd', msToMph, 2],
  ['windgustmph', 'gust', msToMph, 2],
  ['maxdailygust', 'maxdailygust', msToMph, 2],
  ['solarradiation', 'solarrad', null, 2],
  ['uv', 'uvi', null, 0],
  ['rainratein', 'rainrate', mmToIn, 3],
  ['eventrainin', 'eventrain', mmToIn, 3],
  ['hourlyrainin', 'hourlyrain', mmToIn, 3],
  ['dailyrainin', 'dailyrain', mmToIn, 3],
  ['weeklyrainin', 'weeklyrain', mmToIn, 3],
  ['monthlyrainin', 'monthlyrain', mmToIn, 3],
  ['yearlyrainin', 'yearlyrain', mmToIn, 3],
];
for (let n = 1; n <= CHANNELS; n++)
  FIELDS.push([`temp${n}f`, `tempc${n}`, cToF, 1], [`humidity${n}`, `humc${n}`, null, 0]);
for (let n = 1; n <= PM_CHANNELS; n++) FIELDS.push([`pm25_ch${n}`, `pm25c${n}`, null, 1]);
FIELDS.push(
  ['co2', 'co2', null, 0],
  ['lightning', 'lightningdist', null, 1],
  ['lightning_num', 'lightning1d', null, 0],
);

export const customEcowitt: NetworkFormat = {
  build(target, sample) {
    const t = utcParts(sample.time);
    const form = new URLSearchParams();
    form.set('PASSKEY', target.stationId);
    form.set('stationtype', `${SOFTWARE}_${SOFTWARE_VERSION}`);
    form.set('dateutc', `${t.yyyy}-${t.mm}-${t.dd} ${t.hh}:${t.mi}:${t.ss}`);
    for (const [name, key, convert, dp] of FIELDS) {
      const v = reading(sample, key);
      if (v !== undefined) form.set(name, fixed(convert ? convert(v) : v, dp));
    }
    return {
      method: 'POST',
      url: target.url ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    };
  },
  judge: byStatus,
};
