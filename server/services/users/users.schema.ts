// Input rules for users (spec §5 messages).
import { BadRequest } from '@feathersjs/errors';
import { isValidEmail, MESSAGES, validatePassword } from '../../../src/domain/validate';
import { asObject, bool, str } from '../../hooks/validate';

export interface SignupData {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function signupData(input: unknown): SignupData {
  const data = asObject(input);
  const email = str(data, 'email', { required: true, max: 254 })!.toLowerCase();
  if (!isValidEmail(email)) throw new BadRequest(MESSAGES.emailFormat, { field: 'email' });
  const password = typeof data.password === 'string' ? data.password : '';
  const pwError = validatePassword(password);
  if (pwError) throw new BadRequest(pwError, { field: 'password' });
  if (password.length > 200) throw new BadRequest('Password is too long', { field: 'password' });
  if (bool(data, 'termsAccepted') !== true)
    throw new BadRequest(MESSAGES.acceptTerms, { field: 'termsAccepted' });
  return {
    email,
    password,
    firstName: str(data, 'firstName', { max: 100 }) ?? '',
    lastName: str(data, 'lastName', { max: 100 }) ?? '',
  };
}

/** Fields a user may change on their own record through `patch`. */
export function profilePatch(input: unknown): Record<string, unknown> {
  const data = asObject(input);
  const allowed = new Set(['firstName', 'lastName', 'temperatureUnit', 'displaySetting']);
  for (const key of Object.keys(data)) {
    if (!allowed.has(key)) throw new BadRequest(`${key} cannot be changed here`, { field: key });
  }
  const out: Record<string, unknown> = {};
  const first = str(data, 'firstName', { max: 100 });
  const last = str(data, 'lastName', { max: 100 });
  if (first !== undefined) out.firstName = first;
  if (last !== undefined) out.lastName = last;
  if (data.temperatureUnit !== undefined) {
    if (data.temperatureUnit !== 'C' && data.temperatureUnit !== 'F')
      throw new BadRequest('temperatureUnit must be C or F', { field: 'temperatureUnit' });
    out.temperatureUnit = data.temperatureUnit;
  }
  if (data.displaySetting !== undefined) {
    const ds = asObject(data.displaySetting, 'displaySetting');
    const json = JSON.stringify(ds);
    if (json.length > 4000) throw new BadRequest('displaySetting is too large', { field: 'displaySetting' });
    for (const v of Object.values(ds)) {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
        throw new BadRequest('displaySetting values must be text or numbers', { field: 'displaySetting' });
    }
    out.displaySetting = json;
  }
  return out;
}
