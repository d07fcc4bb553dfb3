import { describe, expect, it } from 'vitest';
import { ADMIN_DEVICE_EDITABLE, ADMIN_USER_EDITABLE, readRole } from './adminInput';

class Refused extends Error {
  constructor(
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}
const fail = (message: string, data?: Record<string, unknown>) => new Refused(message, data);

describe('readRole', () => {
  it('reads admin, editor, and none as null or empty', () => {
    expect(readRole({}, fail)).toBeUndefined();
    expect(readRole({ adminType: 'admin' }, fail)).toBe('admin');
    expect(readRole({ adminType: 'editor' }, fail)).toBe('editor');
    expect(readRole({ adminType: null }, fail)).toBeNull();
    expect(readRole({ adminType: '' }, fail)).toBeNull();
  });

  it('refuses any other role', () => {
    for (const adminType of ['Admin', 'owner', 0, false, 'null']) {
      try {
        readRole({ adminType }, fail);
        throw new Error(`accepted ${String(adminType)}`);
      } catch (e) {
        expect(e).toBeInstanceOf(Refused);
        expect((e as Refused).message).toBe("adminType must be 'admin', 'editor' or null");
        expect((e as Refused).data).toEqual({ field: 'adminType' });
      }
    }
  });
});

describe('what admins may edit', () => {
  it('is the account fields and the role, never the password itself', () => {
    expect([...ADMIN_USER_EDITABLE].sort()).toEqual(
      ['adminType', 'disabled', 'email', 'firstName', 'lastName', 'resetPassword', 'verified'].sort(),
    );
    expect(ADMIN_USER_EDITABLE.has('password')).toBe(false);
  });

  it('is the name, type, share mode and time zone of a station, never its MAC or key', () => {
    expect([...ADMIN_DEVICE_EDITABLE]).toEqual(['name', 'consoletype', 'shareMode', 'timezone']);
  });
});
