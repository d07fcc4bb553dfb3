// The editable station fields and their 400s: the server's rules (src/domain/deviceFields.ts) with the mocks' errors.
import { deviceFieldRules, macAuthError } from '../src/domain/deviceFields';
import type { DeviceRow, MockDb } from './db';
import { codedError } from './errors';
import { readers } from './validate';

export const deviceFields = deviceFieldRules(readers);

/** As server/services/devices/mac-claim.ts: macAuth needs a MAC (400); one station per claimed MAC (409). */
export function macClaim(db: MockDb, device: DeviceRow | null, fields: Record<string, unknown>): void {
  const mac = ('mac' in fields ? fields.mac : device?.mac) as string | null | undefined;
  const macAuth = ('macAuth' in fields ? fields.macAuth : device?.macAuth) as boolean | undefined;
  const error = macAuthError(mac, macAuth);
  if (error) throw codedError(400, error, { field: 'macAuth' });
  if (!macAuth || !mac) return;
  for (const other of db.devices.values())
    if (other !== device && other.macAuth && other.mac === mac)
      throw codedError(409, 'macClaimed', { field: 'macAuth' });
}
