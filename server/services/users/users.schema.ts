// Input rules for users (spec §5 messages).
import { BadRequest } from '@feathersjs/errors';
import { DEFAULT_UNIT_PREFS, type UnitPrefs } from '../../../src/domain/units';
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
  if (data.displaySetting !== undefined) out.displaySetting = unitPrefs(data.displaySetting);
  return out;
}

/** The values each unit preference may take (spec §3 "Unit preferences"; keys and defaults: DEFAULT_UNIT_PREFS). */
export const UNIT_PREF_VALUES: { [K in Exclude<keyof UnitPrefs, 'decimals'>]: readonly UnitPrefs[K][] } = {
  time: ['ampm', '24h'],
  date: ['DD/MM', 'MM/DD'],
  elevation: ['metric', 'imperial'],
  background: ['light', 'dark'],
  temperature: ['C', 'F'],
  barometer: ['Abs', 'Rel'],
  pressure: ['hPa', 'inHg', 'mmHg'],
  windSpeed: ['m/s', 'km/h', 'mph', 'knot'],
  windDirection: ['deg', '16 Pts'],
  rain: ['mm', 'in'],
  light: ['W/m2', 'Lux', 'Kfc'],
  visibility: ['km', 'mi'],
  probability: ['%'],
  hcho: ['ppb', 'mg/m3'],
  co2: ['ppm', 'mg/m3'],
  distance: ['km', 'mi'],
};
export const DECIMALS_MAX = 3;

/** A (partial) unit-preferences object: known keys only, each with one of its values; decimals 0..3. */
export function unitPrefs(input: unknown): Partial<UnitPrefs> {
  const ds = asObject(input, 'displaySetting');
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(ds)) {
    if (!Object.hasOwn(DEFAULT_UNIT_PREFS, key))
      throw new BadRequest(`Unknown display setting: ${key.slice(0, 40)}`, { field: 'displaySetting' });
    if (key === 'decimals') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > DECIMALS_MAX)
        throw new BadRequest(`decimals must be a whole number from 0 to ${DECIMALS_MAX}`, {
          field: 'displaySetting',
        });
      out.decimals = value;
      continue;
    }
    const allowed = UNIT_PREF_VALUES[key as keyof typeof UNIT_PREF_VALUES] as readonly string[];
    if (typeof value !== 'string' || !allowed.includes(value))
      throw new BadRequest(`${key} must be one of: ${allowed.join(', ')}`, { field: 'displaySetting' });
    out[key] = value;
  }
  return out as Partial<UnitPrefs>;
}
