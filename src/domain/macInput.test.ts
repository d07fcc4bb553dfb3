import { describe, expect, it } from 'vitest';
import { readMac } from './macInput';
import { inputReaders } from './readers';

class Refused extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
const r = () => inputReaders((message, data) => new Refused(message, data));
const refusal = (v: unknown, field?: string) => {
  try {
    readMac(r(), v, field);
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    return { message: e.message, data: e.data };
  }
  throw new Error('accepted');
};

describe('readMac', () => {
  it('stores colons, hyphens or bare hex as AA:BB:CC:DD:EE:FF', () => {
    expect(readMac(r(), 'aa:bb:cc:dd:ee:f0')).toBe('AA:BB:CC:DD:EE:F0');
    expect(readMac(r(), ' AA-BB-CC-DD-EE-F0 ')).toBe('AA:BB:CC:DD:EE:F0');
    expect(readMac(r(), 'aabbccddeef0')).toBe('AA:BB:CC:DD:EE:F0');
  });

  it('requires a value, naming the field', () => {
    for (const v of [undefined, null, ''])
      expect(refusal(v)).toEqual({ message: 'mac is required', data: { field: 'mac' } });
    expect(refusal(undefined, 'macAddress')).toEqual({
      message: 'macAddress is required',
      data: { field: 'macAddress' },
    });
  });

  it('gives the shape and the unusable-address errors their own codes', () => {
    expect(refusal('zz:bb:cc:dd:ee:ff').data).toEqual({ field: 'mac', code: 'invalidMacFormat' });
    expect(refusal(123456).data).toEqual({ field: 'mac', code: 'invalidMacFormat' });
    expect(refusal('00:00:00:00:00:00', 'm').data).toEqual({ field: 'm', code: 'invalidMac' });
    expect(refusal('01:00:5E:00:00:01').data).toEqual({ field: 'mac', code: 'invalidMac' });
  });
});
