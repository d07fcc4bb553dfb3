import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { METRIC_KEYS } from './catalogue';
import {
  ALERT_BOUNDS,
  alertBounds,
  cleanInto,
  cleanSample,
  cleanValue,
  isValidEmail,
  MESSAGES,
  normalizeMac,
  toNumber,
  validateAlertValue,
  validateEmail,
  validateLatLng,
  validateMac,
  validatePassword,
  validatePasswordConfirm,
  validateTimePeriod,
} from './validate';

// The vendor's WSLink example upload (fixtures/wslink-vendor-example.query), mapped to catalogue keys.
const VENDOR: Record<string, string> = {
  relbaro: '1008.8',
  absbaro: '990.5',
  tempin: '25.8',
  humin: '22',
  batin: '1',
  tempc0: '38',
  humc0: '88',
  winddir: '359',
  windspd: '40.1',
  windavg10m: '20.9',
  gust: '49.9',
  rainrate: '20.8',
  hourlyrain: '10',
  dailyrain: '33.5',
  weeklyrain: '15',
  monthlyrain: '30.8',
  yearlyrain: '40.5',
  uvi: '8.8',
  solarrad: '679',
  batc0: '1',
  cnc0: '1',
  feelslike: '',
  windchill: '38',
  heatindex: '',
  dewpoint: '33.9',
  wbgt: '42.1',
  tempc1: '35.9',
  humc1: '56',
  batc2: '2',
  typec4: '3',
  lightningdist: '40.1',
  lightning5m: '65536',
  lightning30m: '65536',
  lightning1h: '6553336',
  lightning1d: '65536',
  leakc1: '1',
  pm25c1: '450.5',
  pm10c1: '300.5',
  pm25aqic1: '999',
  pm10aqic1: '88',
  hcho: '1000',
  voc: '3',
  co2: '400',
  co: '500.0',
  batco: '5',
  cnco: '1',
};

describe('cleanValue', () => {
  it("keeps the vendor example's plausible values, even extreme ones", () => {
    expect(cleanValue('windspd', '40.1')).toBe(40.1);
    expect(cleanValue('gust', '49.9')).toBe(49.9);
    expect(cleanValue('pm25c1', '450.5')).toBe(450.5);
    expect(cleanValue('hcho', '1000')).toBe(1000);
    expect(cleanValue('co', '500.0')).toBe(500);
    expect(cleanValue('batco', '5')).toBe(5);
  });

  it("drops the vendor example's odd values", () => {
    expect(cleanValue('lightning5m', '65536')).toBeNull();
    expect(cleanValue('lightning30m', 65536)).toBeNull();
    expect(cleanValue('lightning1h', '6553336')).toBeNull();
    expect(cleanValue('lightning1d', '65536')).toBeNull();
    expect(cleanValue('pm25aqic1', '999')).toBeNull();
    expect(cleanValue('lightningdist', '40.1')).toBeNull();
  });

  it('treats no-value markers, garbage and non-finite numbers as null', () => {
    for (const v of [
      '',
      '  ',
      '---',
      '-9999',
      -9999,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      'abc',
      '12abc',
      null,
      undefined,
      true,
      {},
    ]) {
      expect(cleanValue('tempc0', v), String(v)).toBeNull();
    }
  });

  it('parses numeric strings and applies the range', () => {
    expect(cleanValue('tempc0', ' -12.5 ')).toBe(-12.5);
    expect(cleanValue('tempc0', '80')).toBe(80);
    expect(cleanValue('tempc0', '80.1')).toBeNull();
    expect(cleanValue('tempc0', -60)).toBe(-60);
    expect(cleanValue('tempc0', -60.1)).toBeNull();
    expect(cleanValue('relbaro', 299)).toBeNull();
    expect(cleanValue('humc0', 101)).toBeNull();
    expect(cleanValue('voc', 0)).toBeNull();
    expect(cleanValue('lightningtime', 1700000000)).toBe(1700000000);
    expect(cleanValue('unknownkey', 1)).toBeNull();
  });
});

describe('cleanSample', () => {
  it('cleans the whole vendor upload: odd values become null, the rest is kept, unknown keys dropped', () => {
    const out = cleanSample({ ...VENDOR, apiver: '1.00', wsid: 'x' });
    expect(Object.keys(out)).toHaveLength(Object.keys(VENDOR).length);
    expect(out).not.toHaveProperty('apiver');
    const nulls = Object.keys(out).filter((k) => out[k] === null);
    expect(nulls.sort()).toEqual(
      [
        'feelslike',
        'heatindex',
        'lightning1d',
        'lightning1h',
        'lightning30m',
        'lightning5m',
        'lightningdist',
        'pm25aqic1',
      ].sort(),
    );
    expect(out.relbaro).toBe(1008.8);
    expect(out.windspd).toBe(40.1);
    expect(out.typec4).toBe(3);
  });
});

describe('cleanInto', () => {
  it('cleans parsed numbers in place exactly as cleanSample does', () => {
    const key = fc.constantFrom(...METRIC_KEYS.slice(0, 60), 'apiver', 'unknownkey');
    const value = fc.oneof(
      fc.constant(null),
      fc.double(),
      fc.constantFrom(-9999, Number.NaN, Number.POSITIVE_INFINITY, 0, 21.5, 1013.2, 100, 101),
    );
    fc.assert(
      fc.property(fc.dictionary(key, value), (values) => {
        const input = { ...values } as Record<string, number | null>;
        const out = cleanInto(input);
        expect(out).toBe(input);
        expect(out).toEqual(cleanSample(values));
      }),
      { numRuns: 500 },
    );
  });
});

describe('messages', () => {
  it('are the spec §5 strings', () => {
    expect(MESSAGES).toMatchObject({
      invalidMac: 'Invalid MAC address',
      invalidMacFormat: 'Invalid MAC address format',
      invalidTimePeriod: 'Invalid Time Period',
      invalidLatLng: 'Invalid Latitude or Longitude',
      passwordDifferent: 'Password is different',
      emailFormat: 'Email format is wrong',
      required: 'Required',
      passwordMin: 'At least 8 alphas',
      enterOldPassword: 'Please Enter Old Password',
      confirmNewPassword: 'Please Confirm New Password',
      changePasswordFailed: 'Fail to Change Password',
      acceptTerms: 'Please read and agree the Terms and Conditions.',
      wrongInputRange: 'Wrong input range',
      wrongInput: 'Wrong input',
      deviceNotFound: 'Device not found',
    });
  });
});

describe('form validators', () => {
  it('checks e-mail shape', () => {
    expect(isValidEmail('a.b@example.com')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@example.com')).toBe(false);
    expect(isValidEmail('a@example..com')).toBe(false);
    expect(validateEmail('')).toBe('required');
    expect(validateEmail('nope')).toBe('emailFormat');
    expect(validateEmail('me@station.org')).toBeNull();
  });

  it('needs passwords of at least 8 characters that match their confirmation', () => {
    expect(validatePassword('')).toBe('required');
    expect(validatePassword('1234567')).toBe('passwordMin');
    expect(validatePassword('12345678')).toBeNull();
    expect(validatePasswordConfirm('12345678', '')).toBe('confirmNewPassword');
    expect(validatePasswordConfirm('12345678', '12345679')).toBe('passwordDifferent');
    expect(validatePasswordConfirm('12345678', '12345678')).toBeNull();
  });

  it('validates MAC addresses: shape first, then usable unicast', () => {
    expect(validateMac('AA:BB:CC:DD:EE:F0')).toBeNull();
    expect(validateMac('aa-bb-cc-dd-ee-f0')).toBeNull();
    expect(validateMac('AABBCCDDEEF0')).toBeNull();
    expect(validateMac('AA:BB:CC:DD:EE')).toBe('invalidMacFormat');
    expect(validateMac('AA:BB-CC:DD:EE:F0')).toBe('invalidMacFormat');
    expect(validateMac('GG:BB:CC:DD:EE:F0')).toBe('invalidMacFormat');
    expect(validateMac('')).toBe('invalidMacFormat');
    expect(validateMac(null)).toBe('invalidMacFormat');
    expect(validateMac('00:00:00:00:00:00')).toBe('invalidMac');
    expect(validateMac('FF:FF:FF:FF:FF:FF')).toBe('invalidMac');
    expect(validateMac('01:00:5E:00:00:01')).toBe('invalidMac');
    expect(normalizeMac('aa-bb-cc-dd-ee-f0')).toBe('AA:BB:CC:DD:EE:F0');
  });

  it('validates latitude and longitude', () => {
    expect(validateLatLng(22.3, 114.2)).toBeNull();
    expect(validateLatLng('-90', '180')).toBeNull();
    expect(validateLatLng(null, null)).toBeNull();
    expect(validateLatLng(90.1, 0)).toBe('invalidLatLng');
    expect(validateLatLng(0, -180.5)).toBe('invalidLatLng');
    expect(validateLatLng(10, null)).toBe('invalidLatLng');
    expect(validateLatLng('abc', 1)).toBe('invalidLatLng');
  });

  it('validates time periods', () => {
    expect(validateTimePeriod(100, 200)).toBeNull();
    expect(validateTimePeriod(200, 200)).toBe('invalidTimePeriod');
    expect(validateTimePeriod(300, 200)).toBe('invalidTimePeriod');
  });
});

describe('alert values', () => {
  it('has the spec §5 bounds table', () => {
    expect(ALERT_BOUNDS.feelslike).toEqual({ min: -65, max: 50 });
    expect(ALERT_BOUNDS.dewpoint.max).toBe(80);
    expect(ALERT_BOUNDS.heatindex).toEqual({ min: 26, max: 50, condition: 'above' });
    expect(ALERT_BOUNDS.windchill).toEqual({ min: -65, max: 18, condition: 'below' });
    expect(ALERT_BOUNDS.pm25c4).toEqual({ min: 1, max: 500 });
    expect(ALERT_BOUNDS.pm25aqic1).toEqual({ min: 1, max: 500 });
    expect(ALERT_BOUNDS.pm10c2).toEqual({ min: 1, max: 500 });
    expect(ALERT_BOUNDS.pm10aqic3).toEqual({ min: 1, max: 604 });
    expect(ALERT_BOUNDS.lightning1h).toEqual({ min: 1, max: 1000 });
    expect(ALERT_BOUNDS.lightningdist).toEqual({ min: 1, max: 40 });
    expect(ALERT_BOUNDS.co2).toEqual({ min: 401, max: 5000, condition: 'above' });
    expect(ALERT_BOUNDS.hcho).toEqual({ min: 1, max: 1000, condition: 'above' });
    expect(ALERT_BOUNDS.wbgt).toEqual({ min: 10, max: 50, condition: 'above' });
  });

  it('uses the unit input ranges for other items', () => {
    expect(alertBounds('tempc3')).toEqual({ min: -40, max: 60 });
    expect(alertBounds('humin')).toEqual({ min: 1, max: 99 });
    expect(alertBounds('uvi')).toEqual({ min: 1, max: 16 });
    expect(alertBounds('gust')).toEqual({ min: 0.1, max: 50 });
    expect(alertBounds('relbaro')).toEqual({ min: 1, max: 20 });
    expect(alertBounds('solarrad')).toEqual({ min: 1, max: 200000 });
    expect(alertBounds('dailyrain')).toEqual({ min: 0, max: 10000 });
    expect(alertBounds('nope')).toBeNull();
  });

  it('checks values in base units', () => {
    expect(validateAlertValue('feelslike', -65)).toBeNull();
    expect(validateAlertValue('feelslike', -65.1)).toBe('wrongInputRange');
    expect(validateAlertValue('co2', 400)).toBe('wrongInputRange');
    expect(validateAlertValue('co2', '401')).toBeNull();
    expect(validateAlertValue('pm10aqic1', 604)).toBeNull();
    expect(validateAlertValue('pm10aqic1', 605)).toBe('wrongInputRange');
    expect(validateAlertValue('humc0', 100)).toBe('wrongInputRange');
    expect(validateAlertValue('humc0', 99)).toBeNull();
    expect(validateAlertValue('uvi', 17)).toBe('wrongInputRange');
  });

  it('converts display units to base before checking', () => {
    expect(validateAlertValue('tempc0', 140, 'F')).toBeNull(); // 60 °C
    expect(validateAlertValue('tempc0', 141, 'F')).toBe('wrongInputRange');
    expect(validateAlertValue('tempc0', -40, 'F')).toBeNull();
    expect(validateAlertValue('windchill', 64.4, 'F')).toBeNull(); // 18 °C
    expect(validateAlertValue('windchill', 65, 'F')).toBe('wrongInputRange');
    expect(validateAlertValue('windspd', 180, 'km/h')).toBeNull(); // 50 m/s
    expect(validateAlertValue('windspd', 181, 'km/h')).toBe('wrongInputRange');
    expect(validateAlertValue('windspd', 0.36, 'km/h')).toBeNull(); // 0.1 m/s
    expect(validateAlertValue('gust', 111.85, 'mph')).toBeNull(); // 50 m/s typed at 2 decimals
    expect(validateAlertValue('gust', 112, 'mph')).toBe('wrongInputRange');
    expect(validateAlertValue('hcho', 1.218, 'mg/m3')).toBeNull(); // 1000 ppb
    expect(validateAlertValue('hcho', 1.22, 'mg/m3')).toBe('wrongInputRange');
    expect(validateAlertValue('co2', 721.8, 'mg/m3')).toBeNull(); // 401 ppm
    expect(validateAlertValue('lightningdist', 24.85, 'mi')).toBeNull(); // 40 km
    expect(validateAlertValue('lightningdist', 25, 'mi')).toBe('wrongInputRange');
    expect(validateAlertValue('solarrad', 126.58, 'Lux')).toBeNull(); // 1 W/m²
    expect(validateAlertValue('solarrad', 100, 'Lux')).toBe('wrongInputRange');
  });

  it("says 'Wrong input' for non-numbers and unknown items", () => {
    expect(validateAlertValue('tempc0', 'abc')).toBe('wrongInput');
    expect(validateAlertValue('tempc0', '')).toBe('wrongInput');
    expect(validateAlertValue('nope', 10)).toBe('wrongInput');
  });
});

describe('toNumber and cleanSample edges (Stryker survivors)', () => {
  it('reads "no value" markers in any case, -9999 as a number too, and nothing but numbers and text', () => {
    for (const marker of ['NaN', 'NULL', 'Null', ' --- ', '-9999', ''])
      expect(toNumber(marker), JSON.stringify(marker)).toBeNull();
    expect(toNumber(-9999)).toBeNull();
    expect(toNumber(Number.NaN)).toBeNull();
    expect(toNumber(true)).toBeNull();
    expect(toNumber(' 12.5 ')).toBe(12.5);
    expect(toNumber(-9998)).toBe(-9998);
  });

  it('cleans every catalogue key: a value out of range or not a number is null, an unknown key is dropped', () => {
    expect(cleanSample({ tempc0: '21.5', humc0: 101, windspd: 'x', nope: 5, relbaro: -9999 })).toEqual({
      tempc0: 21.5,
      humc0: null,
      windspd: null,
      relbaro: null,
    });
    expect(cleanValue('humc0', 100)).toBe(100);
    expect(cleanValue('humc0', -0.1)).toBeNull();
    expect(cleanValue('humc0', 'nan')).toBeNull();
  });
});

describe('form checks at their edges (Stryker survivors)', () => {
  it('e-mail: trimmed, several dots in the domain, nothing after it, blank is required', () => {
    expect(isValidEmail(' ada@example.com ')).toBe(true);
    expect(isValidEmail('ada@mail.example.co.uk')).toBe(true);
    expect(isValidEmail('ada@example.com x')).toBe(false);
    expect(validateEmail('   ')).toBe('required');
    expect(validateEmail(' ada@example.com ')).toBeNull();
  });

  it('MAC: trimmed; zero, broadcast and multicast addresses are unusable', () => {
    expect(normalizeMac(' 00-11-22-33-44-55 ')).toBe('00:11:22:33:44:55');
    expect(validateMac('00:00:00:00:00:00')).toBe('invalidMac');
    expect(validateMac('ff:ff:ff:ff:ff:ff')).toBe('invalidMac');
    expect(validateMac('01:11:22:33:44:55')).toBe('invalidMac');
    expect(validateMac('02:11:22:33:44:55')).toBeNull();
  });

  it('latitude and longitude: both blank is no location, one alone or blank text with the other is not', () => {
    expect(validateLatLng(' ', '')).toBeNull();
    expect(validateLatLng(null, undefined)).toBeNull();
    expect(validateLatLng('', 14.4)).toBe('invalidLatLng');
    expect(validateLatLng(50.1, ' ')).toBe('invalidLatLng');
    expect(validateLatLng('50.1', '14.4')).toBeNull();
  });

  it('a time period needs finite ends, the start first', () => {
    expect(validateTimePeriod(1, 2)).toBeNull();
    expect(validateTimePeriod(2, 2)).toBe('invalidTimePeriod');
    expect(validateTimePeriod(Number.NaN, 2)).toBe('invalidTimePeriod');
    expect(validateTimePeriod(1, Number.POSITIVE_INFINITY)).toBe('invalidTimePeriod');
  });
});
