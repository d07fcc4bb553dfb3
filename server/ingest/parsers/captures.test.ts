// Real uploads of each console family (fixtures/README.md names the source of each), parsed field by field.
// Expected values are derived by hand from the capture: °F → (F − 32) × 5/9, inHg × 33.8639, mph × 0.44704,
// in × 25.4, km/h ÷ 3.6, lux ÷ 126.58, each rounded to 3 decimals; batteries on the 0..5 scale (volts: 0.1 V
// per level from 1.0 V per cell).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEcowitt } from './ecowitt';
import { parseFields } from './fields';
import { parseWunderground } from './wunderground';

const NOW = 1_800_000_000;
const capture = (name: string) =>
  parseFields(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8').trim());
const ecowitt = (name: string) => parseEcowitt(capture(name), NOW);
const wunderground = (name: string) => parseWunderground(capture(name), NOW);

describe('Ecowitt gateways', () => {
  it('GW1000 Pro: tipping bucket with its lifetime total', () => {
    const p = ecowitt('ecowitt-gw1000-pro.form');
    expect(p.values).toMatchObject({
      tempin: 24.889, // 76.8 °F
      tempc0: -2.944, // 26.7 °F
      relbaro: 833.187, // 24.604 inHg
      windspd: 9.889, // 22.12 mph
      gust: 1.998, // 4.47 mph
      maxdailygust: 7.099, // 15.88 mph
      yearlyrain: 298.602, // 11.756 in
      totalrain: 298.602,
      batc0: 5, // wh65batt=0: ok
    });
    expect(p.unmapped).toEqual({});
  });

  it('GW1100: a WH31 and two WH51 on channels 1 and 2, and eight WN34 probes', () => {
    const p = ecowitt('ecowitt-gw1100b.form');
    expect(p.values).toMatchObject({ tempc1: 25.389, humc1: 51, batc1: 1, typec1: 2 }); // batt1=1: low
    // The soil sensors keep channels of their own: channel 1's humidity stays the WH31's 51 %.
    expect(p.values).toMatchObject({ soilc1: 40, batsoilc1: 5, soilc2: 56, batsoilc2: 5 }); // 1.5 V, 1.8 V
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => p.values[`tfc${n}`])).toEqual([
      29.278,
      28.278,
      28.889,
      29,
      29.5,
      29,
      29.056,
      29, // 84.7 82.9 84.0 84.2 85.1 84.2 84.3 84.2 °F
    ]);
    // 1.60 1.47 1.60 1.60 1.20 1.77 1.60 1.30 V on one cell
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => p.values[`battfc${n}`])).toEqual([5, 4, 5, 5, 2, 5, 5, 3]);
    expect(p.values.totalrain).toBe(1232.002); // 48.504 in
    expect(p.values.batc0).toBe(5); // wh40batt 1.6 V and wh26batt=0
    expect(p.unmapped).toEqual({});
  });

  it('GW1200 with a WN38 black globe', () => {
    const p = ecowitt('ecowitt-gw1200b-wn38.form');
    expect(p.values).toMatchObject({
      bgt: 6.2, // 43.16 °F
      wbgt: 3.3, // 37.94 °F
      batbgt: 5, // 1.54 V
      tempc0: 7.7,
      absbaro: 832.984, // 24.598 inHg
      dailyrain: 2.489, // 0.098 in
      totalrain: 6.299, // 0.248 in
      batlightning: 4,
      batc0: 4, // wh40batt 1.4 V (4) and wh90batt 2.90 V on 2 cells (5): the lowest
    });
    expect(p.unmapped).toEqual({});
  });

  it('GW2000 with a tipping bucket and a WS90: both gauges kept, the piezo as the second', () => {
    const p = ecowitt('ecowitt-gw2000a-two-gauges.form');
    expect(p.values).toMatchObject({
      dailyrain: 0,
      monthlyrain: 18.694, // 0.736 in
      yearlyrain: 99.289, // 3.909 in
      rainratepiezo: 0,
      eventrainpiezo: 1.6, // 0.063 in
      dailyrainpiezo: 1.905, // 0.075 in
      weeklyrainpiezo: 1.905,
      monthlyrainpiezo: 23.901, // 0.941 in
      yearlyrainpiezo: 104.496, // 4.114 in
      ws90capvolt: 5.2,
    });
  });

  it('GW2000 with eight WH31 and five WH51 on the same channel numbers: every sensor kept', () => {
    const v = ecowitt('ecowitt-gw2000a-two-gauges.form').values;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => v[`humc${n}`])).toEqual([61, 58, 61, 58, 69, 58, 54, 56]);
    expect(v).toMatchObject({ tempc1: 21.778, tempc8: 20, batc8: 5, typec8: 2 }); // 71.2 °F, 68.0 °F
    expect([1, 2, 3, 4, 5].map((n) => v[`soilc${n}`])).toEqual([53, 57, 59, 49, 52]);
    expect([1, 2, 3, 4, 5].map((n) => v[`batsoilc${n}`])).toEqual([4, 3, 3, 3, 3]); // 1.4 V, 1.3 V
  });

  it('GW2000 with a WH41 and a WH45: the WH45 on the next PM channel, with its 24 h averages', () => {
    const v = ecowitt('ecowitt-gw2000a-two-gauges.form').values;
    expect(v).toMatchObject({ pm25c1: 21, pm25avg24hc1: 16.3, batpmc1: 3 });
    expect(v).toMatchObject({ pm25c2: 4.9, pm10c2: 6.1, pm25avg24hc2: 7.5, pm10avg24hc2: 7.8, batpmc2: 5 });
    expect(v).toMatchObject({ co2: 455, co2avg24h: 473, tempco2: 16.778, humco2: 61, batco2: 5 }); // 62.2 °F
    expect(v).toMatchObject({
      lightningdist: 1,
      lightning1d: 13,
      lightningtime: 1650475037,
      batlightning: 3,
    });
    expect(v.batc0).toBe(5); // wh80batt 3.28 V, wh90batt 3.22 V on 2 cells
  });

  it('GW2000: only what was not stored is unmapped (the piezo gains and the WS90 firmware)', () => {
    expect(ecowitt('ecowitt-gw2000a-two-gauges.form').unmapped).toEqual({
      gain10_piezo: '1.0',
      gain20_piezo: '1.0',
      gain30_piezo: '1.0',
      gain40_piezo: '1.0',
      gain50_piezo: '1.0',
      ws90_ver: '115',
    });
  });

  it('GW2000 with a WS90 alone: the piezo is the station rain gauge', () => {
    const p = ecowitt('ecowitt-gw2000a-ws90.form');
    expect(p.values).toMatchObject({
      rainrate: 0,
      dailyrain: 0,
      weeklyrain: 4.597, // 0.181 in
      monthlyrain: 2.388, // 0.094 in
      yearlyrain: 590.906, // 23.264 in
      rainingpiezo: 0,
      ws90capvolt: 5,
      batc0: 5, // 3.04 V on 2 cells
      tempc0: 10.8, // 51.44 °F
    });
    expect(p.values).not.toHaveProperty('dailyrainpiezo');
    expect(p.unmapped).toEqual({ ws90_ver: '147' });
  });
});

describe('Ecowitt consoles', () => {
  it('HP2550 Pro: 10-minute wind, PM 24 h average, WH25 battery', () => {
    const p = ecowitt('ecowitt-hp2550-pro.form');
    expect(p.values).toMatchObject({
      winddir: 289,
      winddiravg10m: 282,
      windspd: 1.207, // 2.7 mph
      windavg10m: 1.118, // 2.5 mph
      hourlyrain: 0.305, // 0.012 in
      tempc1: 19.111, // 66.4 °F
      humc1: 69,
      soilc1: 22,
      pm25c1: 7,
      pm25avg24hc1: 14.3,
      batpmc1: 5,
      batin: 5, // wh25batt=0
    });
    expect(p.unmapped).toEqual({});
  });

  it('WN1980: leaf wetness, WH45 without a PM sensor, console battery in volts', () => {
    const p = parseEcowitt(
      parseFields(
        `PASSKEY=0123456789ABCDEF0123456789ABCDEF&${readFileSync(new URL('./fixtures/ecowitt-wn1980b.form', import.meta.url), 'utf8').trim()}`,
      ),
      NOW,
    );
    expect(p.values).toMatchObject({
      leafc1: 10,
      batleafc1: 3, // 1.36 V
      tempco2: 21.3, // 70.34 °F
      humco2: 51,
      co2: 882,
      co2avg24h: 849,
      pm25c1: 6.6, // first free PM channel
      pm10c1: 6.6,
      pm25avg24hc1: 2.5,
      pm10avg24hc1: 2.8,
      batpmc1: 5, // co2_batt=6: USB powered
      batin: 2, // console_batt 2.51 V on 2 cells
      batc0: 2, // wh40batt 1.2 V (2), wh68batt 1.84 V (5), wh26batt=0 (5): the lowest
      eventrain: 26.289, // 1.035 in
      totalrain: 125.603, // 4.945 in
      tempc1: 18.2, // 64.76 °F
    });
    expect(p.unmapped).toEqual({});
  });
});

describe('Ambient and Sainlogic (the Ecowitt form)', () => {
  it('AMBWeatherPro by GET: the query string parses, battout=1 is OK (the opposite of Ecowitt)', () => {
    const p = ecowitt('ambient-ambweatherpro-get.query');
    expect(p.stationId).toBe('3B876B897AA9C20A443F4875AFBE2C55');
    expect(p.time).toBe(Date.UTC(2025, 11, 23, 15, 28, 2) / 1000);
    expect(p.values).toMatchObject({
      tempc0: 15.389, // 59.7 °F
      tempin: 22.111, // 71.8 °F
      relbaro: 1011.887, // 29.881 inHg
      windspd: 1.1, // 2.46 mph
      maxdailygust: 4.6, // 10.29 mph
      yearlyrain: 346.202, // 13.630 in
      totalrain: 469.113, // 18.469 in
      batc0: 5,
    });
    expect(p.unmapped).toEqual({});
  });

  it('AMBWeather V4: batt_co2=1 is OK', () => {
    const p = ecowitt('ambient-ambweather-v4.form');
    expect(p.values).toMatchObject({ batco2: 5, totalrain: 1239.799, tempc0: 12.111 }); // 48.811 in, 53.8 °F
    expect(p.unmapped).toEqual({});
  });

  it('Sainlogic WS3500 (EasyWeather firmware)', () => {
    const p = ecowitt('sainlogic-ws3500.form');
    expect(p.values).toMatchObject({
      tempc0: 1.389, // 34.5 °F
      absbaro: 1033.729, // 30.526 inHg
      maxdailygust: 4.605, // 10.3 mph
      totalrain: 136.398, // 5.370 in
      batc0: 5,
    });
    expect(p.unmapped).toEqual({});
  });
});

describe('Wunderground dialects', () => {
  it('Sainlogic WS3500 in Wunderground mode', () => {
    const p = wunderground('sainlogic-ws3500-wu.query');
    expect(p.time).toBe(Date.UTC(2023, 10, 14, 6, 38, 56) / 1000);
    expect(p.values).toMatchObject({
      tempin: 23.778, // 74.8 °F
      dewpoint: 8.278, // 46.9 °F
      absbaro: 937.116, // 27.673 inHg
      relbaro: 1017.339, // 30.042 inHg
      hourlyrain: 2.997, // rainin 0.118 in
      monthlyrain: 73.406, // 2.890 in
      windspd: 0.313, // 0.7 mph
    });
    expect(p.unmapped).toEqual({});
  });

  it('Bresser (CCL) sends action=updateraww; its extra sensor comes as soil sensor 2', () => {
    const p = wunderground('bresser-wu.query');
    expect(p.values).toMatchObject({
      tempc0: 16.167, // 61.1 °F
      dewpoint: 11.278, // 52.3 °F
      relbaro: 1014.224, // 29.95 inHg
      windspd: 0.983, // 2.2 mph
      uvi: 0,
      tempc2: 19.278, // 66.7 °F
      humc2: 255, // out of range: the pipeline drops it
      typec2: 4,
    });
    expect(p.unmapped).toEqual({});
  });

  it('Bresser 7-in-1 with two soil sensors on free channels', () => {
    const p = wunderground('bresser-7in1-wu.query');
    expect(p.values).toMatchObject({ tempc1: 19.5, humc1: 59, tempc2: 21.556, humc2: 60, dailyrain: 2.794 });
    expect(p.values.solarrad).toBe(53.11);
  });

  it('Observer IP (imperial)', () => {
    const p = wunderground('observer-ip.query');
    expect(p.values).toMatchObject({
      tempc0: 31.9, // 89.42 °F
      dewpoint: 21.5, // 70.7 °F
      gust: 4.099, // 9.17 mph
      weeklyrain: 12.09, // 0.476 in
      relbaro: 1020.489, // 30.135 inHg
      uvi: 6,
      batc0: 5,
    });
    expect(p.unmapped).toEqual({});
  });

  it('Weather logger (.asp path): the metric-key dialect, with the raw UV reading left unmapped', () => {
    const p = wunderground('observer-weatherlogger-asp.query');
    expect(p.time).toBe(Date.UTC(2016, 3, 30, 21, 5, 1) / 1000);
    expect(p.values).toEqual({
      tempc0: 6.3,
      humc0: 80,
      dewpoint: 3.1,
      windchill: 6.3,
      winddir: 197,
      windspd: 0,
      gust: 0,
      rainrate: 0,
      dailyrain: 0,
      weeklyrain: 0,
      monthlyrain: 0,
      yearlyrain: 0,
      solarrad: 0,
      tempin: 19.8,
      humin: 46,
      absbaro: 1018.3,
      relbaro: 1018.3,
      batc0: 5,
    });
    expect(p.unmapped).toEqual({ UV: '1' });
  });

  it('HP1001: light in lux becomes W/m²', () => {
    const p = wunderground('observer-hp1001-metric.query');
    expect(p.values).toMatchObject({ solarrad: 251.951, relbaro: 1034, tempc0: 10.1, weeklyrain: 10.5 }); // 31892 lux
    expect(p.unmapped).toEqual({ UV: '919' });
  });

  it('refuses an unknown action', () => {
    const fields = capture('bresser-wu.query');
    fields.set('action', 'updaterawww');
    expect(() => parseWunderground(fields, NOW)).toThrow('unknown action');
  });
});
