import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEcowitt } from './ecowitt';

const FIXTURE = readFileSync(new URL('./fixtures/ecowitt-hp3500.form', import.meta.url), 'utf8').trim();
const NOW = 1_720_000_000;

function form(text: string, changes: Record<string, string | null> = {}): URLSearchParams {
  const params = new URLSearchParams(text);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  return params;
}

describe('parseEcowitt: the HP3500 fixture', () => {
  // Parsed in each test, not once for the describe: Stryker's per-test coverage only credits a test with the
  // code that runs inside it (a parse at collection time left its mutants 'survived' though the tests catch them).
  const parsed = () => parseEcowitt(form(FIXTURE), NOW);

  it('uses PASSKEY as the station ID, no station key, and dateutc as the time', () => {
    expect(parsed().protocol).toBe('ecowitt');
    expect(parsed().stationId).toBe('34271334ED1FADA6D8B988B14267E55D');
    expect(parsed().stationKey).toBeNull();
    expect(parsed().time).toBe(Date.UTC(2020, 4, 4, 14, 34, 26) / 1000);
  });

  it('converts every field to base units', () => {
    const v = parsed().values;
    expect(v.tempc0).toBeCloseTo(21.28, 2);
    expect(v.tempin).toBeCloseTo(26.11, 2);
    expect(v.humc0).toBe(32);
    expect(v.humin).toBe(33);
    expect(v.relbaro).toBeCloseTo(967.9, 1);
    expect(v.absbaro).toBeCloseTo(967.9, 1);
    expect(v.winddir).toBe(200);
    expect(v.windspd).toBeCloseTo(0.179, 3);
    expect(v.gust).toBeCloseTo(0.492, 3);
    expect(v.rainrate).toBe(0);
    expect(v.eventrain).toBe(0);
    expect(v.dailyrain).toBe(0);
    expect(v.weeklyrain).toBeCloseTo(2.007, 3);
    expect(v.monthlyrain).toBeCloseTo(2.007, 3);
    expect(v.yearlyrain).toBeCloseTo(2.007, 3);
    expect(v.solarrad).toBe(205.52);
    expect(v.uvi).toBe(2);
  });

  it('maps soil moisture 1 to soil channel 1, with its 1.5 V battery as level 5', () => {
    expect(parsed().values.soilc1).toBe(1);
    expect(parsed().values.batsoilc1).toBe(5);
    expect(parsed().values).not.toHaveProperty('tempc1');
    expect(parsed().values).not.toHaveProperty('humc1');
  });

  it('has nothing unmapped: stationtype, model, freq and dateutc are meta', () => {
    expect(parsed().unmapped).toEqual({});
    expect(Object.keys(parsed().values).sort()).toEqual(
      [
        'tempin',
        'humin',
        'relbaro',
        'absbaro',
        'tempc0',
        'humc0',
        'winddir',
        'windspd',
        'gust',
        'rainrate',
        'eventrain',
        'dailyrain',
        'weeklyrain',
        'monthlyrain',
        'yearlyrain',
        'solarrad',
        'uvi',
        'soilc1',
        'batsoilc1',
      ].sort(),
    );
  });
});

// A GW2000-style upload with many sensors (values as consoles send them).
const GATEWAY = [
  'PASSKEY=0123456789ABCDEF0123456789ABCDEF',
  'stationtype=GW2000A_V3.1.4',
  'runtime=123456',
  'heap=98765',
  'dateutc=now',
  'interval=60',
  'model=GW2000A',
  'freq=868M',
  'tempinf=68.0',
  'humidityin=50',
  'baromrelin=30.000',
  'baromabsin=29.500',
  'tempf=50.0',
  'humidity=80',
  'winddir=90',
  'winddir_avg10m=95',
  'windspeedmph=22.37',
  'windspdmph_avg10m=11.18',
  'windgustmph=33.55',
  'maxdailygust=44.74',
  'solarradiation=0.00',
  'uv=0',
  'rainratein=0.394',
  'eventrainin=1.000',
  'hourlyrainin=0.100',
  'dailyrainin=1.000',
  'weeklyrainin=2.000',
  'monthlyrainin=3.000',
  'yearlyrainin=10.000',
  'totalrainin=55.000',
  'temp1f=77.0',
  'humidity1=40',
  'batt1=0',
  'temp2f=32.0',
  'humidity2=90',
  'batt2=1',
  'temp8f=60.0',
  'humidity8=50',
  'batt8=0',
  'soilmoisture2=33',
  'soilbatt2=1.4',
  'soilmoisture3=44',
  'soilbatt3=1.15',
  'pm25_ch1=8.0',
  'pm25_avg_24h_ch1=9.5',
  'pm25batt1=4',
  'leak_ch1=0',
  'leakbatt1=5',
  'leak_ch2=1',
  'leakbatt2=1',
  'lightning=12',
  'lightning_num=7',
  'lightning_time=1719990000',
  'wh57batt=3',
  'tf_co2=71.6',
  'humi_co2=45',
  'pm25_co2=3.4',
  'pm10_co2=5.6',
  'co2=612',
  'co2_batt=6',
  'wbgt=77.0',
  'wh65batt=0',
  'wh90batt=2.3',
  'wh25batt=0',
  'vpd=0.512',
].join('&');

describe('parseEcowitt: a gateway with many sensors', () => {
  const parsed = () => parseEcowitt(form(GATEWAY), NOW);

  it('uses now for dateutc=now', () => {
    const p = parsed();
    expect(p.time).toBe(NOW);
  });

  it('converts the outdoor, wind and rain fields', () => {
    const v = parsed().values;
    expect(v.tempc0).toBe(10);
    expect(v.tempin).toBe(20);
    expect(v.relbaro).toBeCloseTo(1015.92, 2);
    expect(v.windspd).toBeCloseTo(10.0, 2);
    expect(v.windavg10m).toBeCloseTo(5.0, 2);
    expect(v.gust).toBeCloseTo(15.0, 2);
    expect(v.maxdailygust).toBeCloseTo(20.0, 2);
    expect(v.rainrate).toBeCloseTo(10.008, 3);
    expect(v.eventrain).toBeCloseTo(25.4, 3);
    expect(v.hourlyrain).toBeCloseTo(2.54, 3);
    expect(v.yearlyrain).toBeCloseTo(254, 3);
    expect(v.solarrad).toBe(0);
    expect(v.uvi).toBe(0);
  });

  it('reads wbgt as °F', () => {
    const v = parsed().values;
    expect(v.wbgt).toBe(25);
  });

  it('maps thermo-hygro channels 1..8, and soil moisture to soil channels even where a WH31 has the number', () => {
    const v = parsed().values;
    expect(v.tempc1).toBe(25);
    expect(v.humc1).toBe(40);
    expect(v.batc1).toBe(5); // batt1=0: ok
    expect(v.typec1).toBe(2);
    expect(v.tempc2).toBe(0);
    expect(v.humc2).toBe(90);
    expect(v.batc2).toBe(1); // batt2=1: low
    expect(v.typec2).toBe(2);
    expect(v.soilc2).toBe(33); // channel 2 also has a WH31: both kept
    expect(v.batsoilc2).toBe(4); // 1.4 V
    expect(v.soilc3).toBe(44);
    expect(v.batsoilc3).toBe(1); // 1.15 V: below 1.2 V → low
    expect(v).not.toHaveProperty('typec3');
    expect(v.tempc8).toBeCloseTo(15.556, 3);
    expect(v.humc8).toBe(50);
    expect(v.batc8).toBe(5);
    expect(v.typec8).toBe(2);
  });

  it('maps PM, WH45 (first free PM channel), leak and lightning', () => {
    const v = parsed().values;
    expect(v.pm25c1).toBe(8);
    expect(v.batpmc1).toBe(4);
    expect(v.pm25avg24hc1).toBe(9.5);
    expect(v.tempco2).toBe(22); // 71.6 °F
    expect(v.humco2).toBe(45);
    expect(v.pm25c2).toBe(3.4);
    expect(v.pm10c2).toBe(5.6);
    expect(v.batpmc2).toBe(5); // co2_batt=6: USB powered
    expect(v.co2).toBe(612);
    expect(v.batco2).toBe(5);
    expect(v.leakc1).toBe(0);
    expect(v.batleakc1).toBe(5);
    expect(v.leakc2).toBe(1);
    expect(v.batleakc2).toBe(1);
    expect(v.lightningdist).toBe(12);
    expect(v.lightning1d).toBe(7);
    expect(v.lightningtime).toBe(1719990000);
    expect(v.batlightning).toBe(3);
  });

  it('normalises the three battery forms to one 0..5 scale; outdoor batteries keep the lowest', () => {
    const v = parsed().values;
    // wh65batt=0 (ok → 5) and wh90batt=2.3 V over 2 cells (1.15 V/cell → 1): the lowest wins
    expect(v.batc0).toBe(1);
    expect(v.batin).toBe(5); // wh25batt=0: ok
    expect(parseEcowitt(form(GATEWAY, { wh90batt: '3.1' }), NOW).values.batc0).toBe(5);
  });

  it('reports what it does not map, and never meta', () => {
    const p = parsed();
    const v = p.values;
    expect(p.unmapped).toEqual({ vpd: '0.512' });
    expect(v.winddiravg10m).toBe(95);
    expect(v.totalrain).toBe(1397); // 55 in
  });
});

describe('parseEcowitt: metric variants, bad values, credentials', () => {
  it('uses metric variants when the imperial field is absent or has no value', () => {
    const p = parseEcowitt(
      new URLSearchParams(
        'PASSKEY=abc&tempc=12.5&tempinc=21&baromrelhpa=1013.2&baromabshpa=990&windspeedkmh=36&windgustkmh=' +
          '&windgustmph=&rainratemm=1.2&dailyrainmm=4.5&wbgtc=23.4&tempf=-9999',
      ),
      NOW,
    );
    expect(p.values.tempc0).toBe(12.5);
    expect(p.values.tempin).toBe(21);
    expect(p.values.relbaro).toBe(1013.2);
    expect(p.values.absbaro).toBe(990);
    expect(p.values.windspd).toBe(10);
    expect(p.values).toHaveProperty('gust', null);
    expect(p.values.rainrate).toBe(1.2);
    expect(p.values.dailyrain).toBe(4.5);
    expect(p.values.wbgt).toBe(23.4);
    expect(p.unmapped).toEqual({});
  });

  it('fills rain from the WS90 piezo gauge when there is no tipping bucket', () => {
    const p = parseEcowitt(new URLSearchParams('PASSKEY=abc&drain_piezo=0.5&rrain_piezo=0.1'), NOW);
    expect(p.values.dailyrain).toBeCloseTo(12.7, 3);
    expect(p.values.rainrate).toBeCloseTo(2.54, 3);
  });

  it('drops garbage values and keeps the rest of the upload', () => {
    const p = parseEcowitt(form(FIXTURE, { tempf: 'x', humidity: '---', uv: '', soilbatt1: 'low' }), NOW);
    expect(p.values.tempc0).toBeNull();
    expect(p.values.humc0).toBeNull();
    expect(p.values.uvi).toBeNull();
    expect(p.values.batsoilc1).toBeNull();
    expect(p.values.relbaro).toBeCloseTo(967.9, 1);
    expect(p.values.solarrad).toBe(205.52);
  });

  it('treats an empty lightning time or distance (no strike yet) as no value', () => {
    const p = parseEcowitt(
      new URLSearchParams('PASSKEY=abc&lightning=&lightning_time=&lightning_num=0'),
      NOW,
    );
    expect(p.values.lightningdist).toBeNull();
    expect(p.values.lightningtime).toBeNull();
    expect(p.values.lightning1d).toBe(0);
  });

  it('treats lightning_time=0 (the console\'s "no strike yet") as no value, not as 1970', () => {
    const p = parseEcowitt(new URLSearchParams('PASSKEY=abc&lightning_time=0&lightning=0'), NOW);
    expect(p.values.lightningtime).toBeNull();
    expect(parseEcowitt(new URLSearchParams('PASSKEY=abc&lightning_time=1'), NOW).values.lightningtime).toBe(
      1,
    );
  });

  it('maps leak channels 5..7 (the catalogue has 7) and no eighth', () => {
    const p = parseEcowitt(
      new URLSearchParams(
        'PASSKEY=abc&leak_ch5=1&leakbatt5=4&leak_ch6=0&leakbatt6=6&leak_ch7=1&leakbatt7=1&leak_ch8=1&leakbatt8=3',
      ),
      NOW,
    );
    expect(p.values).toMatchObject({
      leakc5: 1,
      batleakc5: 4,
      leakc6: 0,
      batleakc6: 5,
      leakc7: 1,
      batleakc7: 1,
    });
    expect(p.values).not.toHaveProperty('leakc8');
    expect(p.unmapped).toMatchObject({ leak_ch8: '1', leakbatt8: '3' });
  });

  it('keeps the piezo gauge apart when the tipping bucket sends only metric fields', () => {
    // A WS90 (piezo) beside a WH40 bucket whose gateway reports millimetres: 0.5 in = 12.7 mm of piezo rain.
    const p = parseEcowitt(
      new URLSearchParams('PASSKEY=abc&dailyrainmm=4.5&rainratemm=0&drain_piezo=0.5&rrain_piezo=0.1'),
      NOW,
    );
    expect(p.values.dailyrain).toBe(4.5);
    expect(p.values.rainrate).toBe(0);
    expect(p.values.dailyrainpiezo).toBe(12.7);
    expect(p.values.rainratepiezo).toBe(2.54);
  });

  it('parses an upload without PASSKEY (a station key in the path names the station)', () => {
    for (const passkey of [null, '']) {
      const p = parseEcowitt(form(FIXTURE, { PASSKEY: passkey }), NOW);
      expect(p.stationId).toBe('');
      expect(p.values.tempc0).toBeCloseTo(((70.3 - 32) * 5) / 9, 2);
    }
  });

  it('uses now for a dateutc more than a day ahead', () => {
    expect(parseEcowitt(form(FIXTURE, { dateutc: '2030-01-01 00:00:00' }), NOW).time).toBe(NOW);
  });
});

describe('parseEcowitt: Ambient battery fields', () => {
  // Issue #21: an Ambient WS-1965 reports `stationtype=WS1965B_…`, not `AMBWeather…`; battout=1 is still OK.
  const ws1965 = (fields: string) =>
    parseEcowitt(new URLSearchParams(`PASSKEY=a&stationtype=WS1965B_V1.1.2&tempf=50&${fields}`), NOW).values;

  it("reads Ambient's own fields as 1 = OK, 0 = low, whatever the station type", () => {
    expect(ws1965('battout=1').batc0).toBe(5);
    expect(ws1965('battout=0').batc0).toBe(1);
    expect(ws1965('battrain=1&battout=1').batc0).toBe(5);
    expect(ws1965('battin=1').batin).toBe(5);
    expect(ws1965('batt_co2=1').batco2).toBe(5);
    expect(ws1965('soilhum1=30&battsm1=1').batsoilc1).toBe(5);
    expect(ws1965('soilhum1=30&battsm1=0').batsoilc1).toBe(1);
  });

  it("keeps Ecowitt's meaning (0 = OK) for the fields both send, unless the station type is Ambient's", () => {
    expect(ws1965('wh65batt=0').batc0).toBe(5);
    const ambient = parseEcowitt(
      new URLSearchParams('PASSKEY=a&stationtype=AMBWeatherPro_V5.0.6&wh65batt=1'),
      NOW,
    );
    expect(ambient.values.batc0).toBe(5);
  });
});

describe('parseEcowitt: the less common shapes (Stryker survivors)', () => {
  const parse = (text: string) => parseEcowitt(new URLSearchParams(`PASSKEY=abc&${text}`), NOW);

  it("reads Ambient's own battery fields as 1 = ok whatever the station type (issue 21)", () => {
    expect(parse('stationtype=AMBWeatherV4.2.9&battout=1').values.batc0).toBe(5);
    expect(parse('stationtype=ambweather&battout=0').values.batc0).toBe(1);
    expect(parse('stationtype=EasyWeatherV1.6.4&battout=1').values.batc0).toBe(5);
    expect(parse('stationtype=GW1000_AMBWeather&battout=0').values.batc0).toBe(1);
  });

  it('keeps the lowest outdoor battery; a garbage report neither wins nor erases one', () => {
    expect(parse('wh65batt=x&wh26batt=0').values.batc0).toBe(5);
    expect(parse('wh65batt=0&wh80batt=x').values.batc0).toBe(5);
    expect(parse('wh65batt=0&wh90batt=2.3').values.batc0).toBe(1);
  });

  it('a thermo-hygro channel is any of its temperature (°F or °C) or humidity; a channel sent nothing has no type', () => {
    const v = parse('temp3c=12.5&humidity4=50&temp5f=50').values;
    expect(v).toMatchObject({ tempc3: 12.5, typec3: 2, humc4: 50, typec4: 2, tempc5: 10, typec5: 2 });
    expect(v).not.toHaveProperty('typec1');
    expect(v).not.toHaveProperty('typec6');
  });

  it('takes the alternative names of soil, soil battery and probe temperature (battsm is Ambient’s: 1 = ok)', () => {
    const v = parse('soilhum2=33&battsm2=1&tf_ch3c=15.5').values;
    expect(v).toMatchObject({ soilc2: 33, batsoilc2: 5, tfc3: 15.5 });
  });

  it('maps PM channel 4; a WH45 with every PM channel taken has no channel, and a CO2-only sensor no PM battery', () => {
    const full = parse('pm25_ch1=1&pm25_ch2=2&pm25_ch3=3&pm25_ch4=4&pm25_co2=5&co2=500');
    expect(full.values).toMatchObject({ pm25c1: 1, pm25c4: 4, co2: 500 });
    expect(full.unmapped).toMatchObject({ pm25_co2: '5' });
    const co2 = parse('co2=500&co2_batt=6');
    expect(co2.values).toMatchObject({ co2: 500, batco2: 5 });
    expect(Object.keys(co2.values).filter((k) => k.startsWith('batpmc') || k.startsWith('pm'))).toEqual([]);
    expect(parse('pm10_co2=7').values.pm10c1).toBe(7);
  });

  it('a piezo gauge in millimetres goes to the rain keys alone, and beside a bucket to the piezo keys', () => {
    expect(parse('drain_piezomm=3.2').values.dailyrain).toBe(3.2);
    expect(parse('dailyrainin=0&drain_piezomm=3.2').values).toMatchObject({
      dailyrain: 0,
      dailyrainpiezo: 3.2,
    });
  });

  it('a metric field repeating the imperial one is consumed within its rounding; a different one stays unmapped', () => {
    // tempf=70 is 21.111 °C; the tolerance is the larger of 0.1 and 0.5 % (0.106 here).
    expect(parse('tempf=70&tempc=21.215').unmapped).toEqual({});
    expect(parse('tempf=70&tempc=21.3').unmapped).toEqual({ tempc: '21.3' });
    expect(parse('tempf=70&tempc=x').unmapped).toEqual({ tempc: 'x' });
  });
});
