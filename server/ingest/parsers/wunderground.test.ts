import { describe, expect, it } from 'vitest';
import { UploadError } from './types';
import { parseWunderground } from './wunderground';

const NOW = 1_720_000_000;

// A realistic upload of a console in Wunderground mode (RapidFire), as the server receives it.
const URL_TEXT =
  'http://portal.example/weatherstation/updateweatherstation.php?ID=KCASANFR123&PASSWORD=s3cret' +
  '&action=updateraw&dateutc=now&tempf=70.3&humidity=45&dewptf=48.2&windchillf=-9999&winddir=230' +
  '&windspeedmph=10&windgustmph=15&windgustdir=240&windspdmph_avg2m=9&winddir_avg2m=225&windgustmph_10m=18' +
  '&rainin=0.1&dailyrainin=0.5&weeklyrainin=1.2&monthlyrainin=2.5&yearlyrainin=20.1&baromin=29.92' +
  '&absbaromin=29.5&solarradiation=420.5&UV=4&indoortempf=72.5&indoorhumidity=40&temp2f=65.1' +
  '&soiltempf=55.4&soilmoisture=30&soiltemp2f=50&soilmoisture2=25&leafwetness=10&visibility=10' +
  '&AqPM2.5=12.3&AqPM10=20.1&AqCO=0.4&lowbatt=0&softwaretype=EasyWeatherPro_V5.1.1&realtime=1&rtfreq=5';

function upload(changes: Record<string, string | null> = {}): URLSearchParams {
  const params = new URL(URL_TEXT).searchParams;
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  return params;
}

describe('parseWunderground', () => {
  // Parsed in each test, not once for the describe: Stryker's per-test coverage only credits a test with the
  // code that runs inside it (a parse at collection time left its mutants 'survived' though the tests catch them).
  const parsed = () => parseWunderground(upload(), NOW);

  it('reads credentials and dateutc=now', () => {
    expect(parsed().protocol).toBe('wunderground');
    expect(parsed().stationId).toBe('KCASANFR123');
    expect(parsed().stationKey).toBe('s3cret');
    expect(parsed().time).toBe(NOW);
  });

  it('converts imperial units to base units', () => {
    const v = parsed().values;
    expect(v.tempc0).toBeCloseTo(21.28, 2);
    expect(v.relbaro).toBeCloseTo(1013.2, 1);
    expect(v.absbaro).toBeCloseTo(998.99, 1);
    expect(v.windspd).toBeCloseTo(4.47, 2);
    expect(v.gust).toBeCloseTo(6.71, 2);
    expect(v.dailyrain).toBeCloseTo(12.7, 3);
    expect(v.hourlyrain).toBeCloseTo(2.54, 3); // rainin = rain of the past hour
    expect(v.weeklyrain).toBeCloseTo(30.48, 3);
    expect(v.monthlyrain).toBeCloseTo(63.5, 3);
    expect(v.yearlyrain).toBeCloseTo(510.54, 3);
    expect(v.dewpoint).toBeCloseTo(9.0, 2);
    expect(v.tempin).toBeCloseTo(22.5, 2);
    expect(v.humin).toBe(40);
    expect(v.humc0).toBe(45);
    expect(v.winddir).toBe(230);
    expect(v.solarrad).toBe(420.5);
    expect(v.uvi).toBe(4);
    expect(v.pm25c1).toBe(12.3);
    expect(v.pm10c1).toBe(20.1);
    expect(v.co).toBe(0.4);
  });

  it('turns -9999 into no value', () => {
    expect(parsed().values).toHaveProperty('windchill', null);
  });

  it('maps temp2f to channel 1 and a soil sensor to the next free channel', () => {
    expect(parsed().values.tempc1).toBeCloseTo(18.39, 2);
    expect(parsed().values.typec1).toBe(2);
    // soil sensor 2 → channel 2 (free): soil temperature and moisture, type 4
    expect(parsed().values.tempc2).toBe(10);
    expect(parsed().values.humc2).toBe(25);
    expect(parsed().values.typec2).toBe(4);
  });

  it('maps lowbatt inverted onto the 0..5 battery scale', () => {
    expect(parsed().values.batc0).toBe(5);
    expect(parseWunderground(upload({ lowbatt: '1' }), NOW).values.batc0).toBe(1);
  });

  it('keeps periods the catalogue does not have unmapped; meta is not', () => {
    expect(parsed().unmapped).toEqual({
      windgustdir: '240',
      windspdmph_avg2m: '9',
      winddir_avg2m: '225',
      windgustmph_10m: '18',
      visibility: '10',
    });
  });

  it('puts soil on a taken channel on the soil and probe channels, and leaf wetness on its own', () => {
    // channel 1 is temp2f's: soiltempf 55.4 °F = 13 °C and soilmoisture 30 % keep channels of their own
    expect(parsed().values.tfc1).toBe(13);
    expect(parsed().values.soilc1).toBe(30);
    expect(parsed().values.leafc1).toBe(10);
  });

  it('reads a UTC dateutc, and uses now for one that is implausible', () => {
    const p = parseWunderground(
      new URLSearchParams(`${upload().toString()}`.replace('dateutc=now', 'dateutc=2024-07-01+10%3A00%3A00')),
      NOW,
    );
    expect(p.time).toBe(Date.UTC(2024, 6, 1, 10, 0, 0) / 1000);
    expect(parseWunderground(upload({ dateutc: '2000-01-01 10:32:35' }), NOW).time).toBe(NOW);
    expect(parseWunderground(upload({ dateutc: 'garbage' }), NOW).time).toBe(NOW);
  });

  it('rejects uploads missing ID, PASSWORD, action=updateraw or dateutc with UploadError 400', () => {
    const missing: Record<string, string | null>[] = [
      { ID: null },
      { PASSWORD: null },
      { action: null },
      { action: 'delete' },
      { dateutc: null },
    ];
    for (const changes of missing) {
      let error: unknown;
      try {
        parseWunderground(upload(changes), NOW);
      } catch (e) {
        error = e;
      }
      expect(error, JSON.stringify(changes)).toBeInstanceOf(UploadError);
      expect((error as UploadError).status).toBe(400);
    }
  });

  it('drops garbage values and keeps the rest', () => {
    const p = parseWunderground(upload({ tempf: 'hot', baromin: '', windspeedmph: '---' }), NOW);
    expect(p.values.tempc0).toBeNull();
    expect(p.values.relbaro).toBeNull();
    expect(p.values.windspd).toBeNull();
    expect(p.values.dailyrain).toBeCloseTo(12.7, 3);
    expect(p.values.humc0).toBe(45);
  });

  it('maps soil sensor 1 to channel 1 when no temp2f is sent', () => {
    const p = parseWunderground(upload({ temp2f: null }), NOW);
    expect(p.values.tempc1).toBeCloseTo(13.0, 2);
    expect(p.values.humc1).toBe(30);
    expect(p.values.typec1).toBe(4);
    expect(p.unmapped).not.toHaveProperty('soiltempf');
  });
});
