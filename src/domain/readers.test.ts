import { describe, expect, it } from 'vitest';
import { inputReaders } from './readers';

class Refused extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
const r = inputReaders((message, data) => new Refused(message, data));
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    return { message: (e as Refused).message, data: (e as Refused).data };
  }
  throw new Error('accepted');
};

describe('input readers', () => {
  it('name the code of a catalogue error where they throw it', () => {
    expect(refusal(() => r.str({}, 'password', { required: true }))).toEqual({
      message: 'Required',
      data: { field: 'password', code: 'required' },
    });
    expect(refusal(() => r.num({ latitude: 'x' }, 'latitude', { code: 'invalidLatLng' }))).toEqual({
      message: 'Invalid Latitude or Longitude',
      data: { field: 'latitude', code: 'invalidLatLng' },
    });
    expect(r.failCode('macClaimed', { field: 'macAuth' }) as Refused).toMatchObject({
      message: 'This MAC address already identifies another station',
    });
    expect((r.failCode('macClaimed', { field: 'macAuth' }) as Refused).data).toEqual({
      field: 'macAuth',
      code: 'macClaimed',
    });
  });

  it('leave their own messages without a code', () => {
    expect(refusal(() => r.str({ name: 3 }, 'name'))).toEqual({
      message: 'name must be text',
      data: { field: 'name' },
    });
  });
});
