import { describe, expect, it } from 'vitest';
import { ADDRESS_ROWS, fillSetup } from './uploadSetup';

describe('fillSetup', () => {
  it('replaces every occurrence of each token given, and leaves the others', () => {
    const text = 'http://{host}:{port}/data/report/?ID={stationId}&KEY={stationKey} ({host})';
    expect(fillSetup(text, { host: '192.168.1.5', port: '8080' })).toBe(
      'http://192.168.1.5:8080/data/report/?ID={stationId}&KEY={stationKey} (192.168.1.5)',
    );
    // `$&` in a key is text, not String.replace's "the match".
    expect(fillSetup(text, { stationId: 'ST1', stationKey: 'k$&1', host: undefined })).toBe(
      'http://{host}:{port}/data/report/?ID=ST1&KEY=k$&1 ({host})',
    );
    expect(fillSetup(text, {})).toBe(text);
  });
});

describe('ADDRESS_ROWS', () => {
  it('are the rows naming the address consoles reach', () => {
    expect([...ADDRESS_ROWS]).toEqual(['Server', 'Port', 'Server IP / Hostname']);
  });
});
