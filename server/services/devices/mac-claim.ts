// Identification by MAC is opt-in (`macAuth`) and a MAC may be claimed by one station only (migration 013's
// partial unique index is the final word when two claims race; this check gives the clear message first).
import { BadRequest, Conflict } from '@feathersjs/errors';
import type { Knex } from 'knex';
import { macAuthError } from '../../../src/domain/deviceFields';
import { codedError } from '../../hooks/error-codes';
import { isUniqueViolation } from '../../storage/db';
import { MAC_CLAIM_INDEX } from '../../storage/migrations/013_mac_auth';

export interface MacState {
  /** The station itself (null while creating it). */
  id: string | null;
  mac?: string | null;
  macAuth?: boolean;
  passkey: string | null;
}

/** Refuses MAC identification without a MAC (400) and a MAC another station already claimed (409). */
export async function checkMacClaim(knex: Knex, s: MacState): Promise<void> {
  const error = macAuthError(s.mac, s.macAuth);
  if (error) throw codedError(BadRequest, error, { field: 'macAuth' });
  if (!s.macAuth || !s.passkey) return;
  const other = knex('weatherDevices').where({ passkey: s.passkey, macAuth: true });
  if (s.id) other.whereNot({ _id: s.id });
  if (await other.first('_id')) throw macClaimed();
}

export const macClaimed = () => codedError(Conflict, 'macClaimed', { field: 'macAuth' });

/** The database refused a second claim (SQLite names the column, PostgreSQL the index). */
export function isMacClaimViolation(error: unknown): boolean {
  if (!isUniqueViolation(error)) return false;
  const e = error as { constraint?: string; message?: string };
  return e.constraint === MAC_CLAIM_INDEX || /weatherDevices\.passkey/.test(e.message ?? '');
}
