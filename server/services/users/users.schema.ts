// Input rules for users (spec §5 messages).

import { BadRequest } from '@feathersjs/errors';
import { isCountryCode } from '../../../src/domain/countries';
import { LOCALES, type LocaleId, normalizeLocale } from '../../../src/domain/locales';
import {
  isUnitPrefKey,
  UNIT_PREF_VALUES,
  type UnitPrefs,
  unitPrefRule,
  unitPrefValue,
} from '../../../src/domain/unitPrefs';
import { isValidEmail, validatePassword } from '../../../src/domain/validate';
import { codedError } from '../../hooks/error-codes';
import { asObject, bool, str } from '../../hooks/validate';

export interface SignupData {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** The app's language at sign-up (e-mails are written in it); undefined: the request's. */
  locale?: LocaleId;
}

/** A language the catalogs have ('de', 'zh-Hant'…), or a 400. */
function localeField(data: Record<string, unknown>): LocaleId | undefined {
  if (data.locale === undefined) return undefined;
  const locale = typeof data.locale === 'string' ? normalizeLocale(data.locale) : null;
  if (!locale)
    throw new BadRequest(`locale must be one of ${LOCALES.map((l) => l.id).join(', ')}`, { field: 'locale' });
  return locale;
}

/** The e-mail and password of a new account (sign-up, or an admin adding one), checked by the spec's rules. */
export function newAccountCredentials(data: Record<string, unknown>): { email: string; password: string } {
  const email = str(data, 'email', { required: true, max: 254 })!.toLowerCase();
  if (!isValidEmail(email)) throw codedError(BadRequest, 'emailFormat', { field: 'email' });
  const password = typeof data.password === 'string' ? data.password : '';
  const pwError = validatePassword(password);
  if (pwError) throw codedError(BadRequest, pwError, { field: 'password' });
  if (password.length > 200) throw codedError(BadRequest, 'passwordTooLong', { field: 'password' });
  return { email, password };
}

export function signupData(input: unknown): SignupData {
  const data = asObject(input);
  const { email, password } = newAccountCredentials(data);
  if (bool(data, 'termsAccepted') !== true)
    throw codedError(BadRequest, 'acceptTerms', { field: 'termsAccepted' });
  return {
    email,
    password,
    firstName: str(data, 'firstName', { max: 100 }) ?? '',
    lastName: str(data, 'lastName', { max: 100 }) ?? '',
    locale: localeField(data),
  };
}

/** Fields a user may change on their own record through `patch`. */
export function profilePatch(input: unknown): Record<string, unknown> {
  const data = asObject(input);
  const allowed = new Set([
    'firstName',
    'lastName',
    'temperatureUnit',
    'displaySetting',
    'country',
    'locale',
  ]);
  for (const key of Object.keys(data)) {
    if (!allowed.has(key)) throw new BadRequest(`${key} cannot be changed here`, { field: key });
  }
  const out: Record<string, unknown> = {};
  const first = str(data, 'firstName', { max: 100 });
  const last = str(data, 'lastName', { max: 100 });
  if (first !== undefined) out.firstName = first;
  const locale = localeField(data);
  if (locale) out.locale = locale;
  if (last !== undefined) out.lastName = last;
  if (data.temperatureUnit !== undefined) {
    if (unitPrefValue('temperature', data.temperatureUnit) === undefined)
      throw new BadRequest(`temperatureUnit must be ${UNIT_PREF_VALUES.temperature.join(' or ')}`, {
        field: 'temperatureUnit',
      });
    out.temperatureUnit = data.temperatureUnit;
  }
  if (data.displaySetting !== undefined) out.displaySetting = unitPrefs(data.displaySetting);
  if (data.country !== undefined) {
    if (data.country === null || data.country === '') out.country = null;
    else if (!isCountryCode(data.country))
      throw new BadRequest('country must be an ISO 3166-1 alpha-2 code such as DE or US', {
        field: 'country',
      });
    else out.country = data.country;
  }
  return out;
}

/** A (partial) unit-preferences object: known keys only, each with one of its values (src/domain/unitPrefs.ts). */
export function unitPrefs(input: unknown): Partial<UnitPrefs> {
  const ds = asObject(input, 'displaySetting');
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(ds)) {
    if (!isUnitPrefKey(key))
      throw new BadRequest(`Unknown display setting: ${key.slice(0, 40)}`, { field: 'displaySetting' });
    const stored = unitPrefValue(key, value);
    if (stored === undefined) throw new BadRequest(unitPrefRule(key), { field: 'displaySetting' });
    out[key] = stored;
  }
  return out as Partial<UnitPrefs>;
}
