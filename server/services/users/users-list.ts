// `users` find for outside callers, on the generic list layer (spec §7 "Generic list service": related names are
// fetched with $in on ids, limit 100; autocomplete with $or of $regex).
//
//   No query parameter at all   → [me], a bare list: the "who am I" answer the client and the contract tests rely
//                                 on, for every signed-in caller (admins too).
//   Any parameter               → a list query (page envelope {total, limit, skip, data, cursor?}, or the bare list
//                                 with $paginate=false); bad fields and operators are a 400 (list-query.ts).
//     admins                    → every account in the public shape (presentUser: never the password, codes or
//                                 hashes); filter on _id, email, firstName, lastName, verified, isAdmin, createdAt
//                                 (ISO date or Unix ms), temperatureUnit; $select those and displaySetting.
//                                 Newest first by default.
//     everyone else             → only related users: themself, the shared users of the devices they own, and
//                                 the owners of the devices shared with them (not the other shared users, as
//                                 weatherDevices answers; the same people whose avatar they may see, pic.class.ts). Others come as {_id, email, firstName, lastName}; the caller's own
//                                 record in full. Only those four fields can be filtered, sorted and selected, so
//                                 nothing else about a co-user (admin or not, verified, sign-up date) can be probed.
//                                 Unrelated or unknown ids are simply not there: the answer is the same for both.
//                                 By e-mail by default.
import { BadRequest } from '@feathersjs/errors';
import type { Knex } from 'knex';
import { ADMIN_USER_SHAPE, USER_NAME_FIELDS } from '../../../src/domain/listShapes';
import type { ListSpec } from '../common/list-query';

/** The user ids `userId` is related to through devices (themself included). */
export async function relatedUserIds(knex: Knex, userId: string): Promise<Set<string>> {
  const people = new Set([userId]);
  // shareUsers is a JSON list of ids: the LIKE narrows, the parsed list decides.
  const rows: { user: string; shareUsers: string }[] = await knex('weatherDevices')
    .where('user', userId)
    .orWhere('shareUsers', 'like', `%"${userId}"%`)
    .select('user', 'shareUsers');
  for (const d of rows) {
    const shared = sharedIds(d.shareUsers);
    // An owner knows whom they shared with; a shared user knows the owner, not the other shared users
    // (as weatherDevices answers them: device-record.ts present()).
    if (d.user === userId) for (const id of shared) people.add(id);
    else if (shared.includes(userId)) people.add(d.user);
  }
  return people;
}

function sharedIds(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** presentUser for a row that may hold only some columns ($select): only the fields present. */
export function userRecord(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const has = (k: string) => Object.hasOwn(row, k);
  if (has('_id')) out._id = row._id;
  if (has('email')) out.email = row.email;
  if (has('verified')) out.verified = Boolean(row.verified);
  if (has('firstName')) out.firstName = row.firstName ?? '';
  if (has('lastName')) out.lastName = row.lastName ?? '';
  if (has('temperatureUnit')) out.temperatureUnit = row.temperatureUnit ?? 'C';
  if (has('displaySetting'))
    out.displaySetting = row.displaySetting ? JSON.parse(row.displaySetting as string) : {};
  if (has('createdAt')) out.createdAt = new Date(Number(row.createdAt)).toISOString();
  if (row.isAdmin) out.isAdmin = true;
  if (has('adminType') && row.adminType) out.adminType = row.adminType;
  if (has('disabled')) out.disabled = Boolean(row.disabled);
  return out;
}

/** Admins: every account. */
export const ADMIN_USER_LIST: ListSpec = { table: 'users', ...ADMIN_USER_SHAPE, fromDb: userRecord };

/** Everyone else: related users' names, UserName (the caller scopes the query to them). */
export const RELATED_USER_LIST: ListSpec = {
  table: 'users',
  fields: USER_NAME_FIELDS,
  sort: { email: 1 },
  fromDb: userRecord,
};

const DATE_FIELDS = new Set(['createdAt']);
const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The query as the table holds it: dates (ISO text, as users are answered) → Unix ms, e-mail → lower case (it is
 * stored so). Walks $or/$and; anything it does not recognise is left for the list layer to refuse.
 */
export function normaliseUserQuery(query: Record<string, unknown>): Record<string, unknown> {
  const walk = (q: unknown, depth: number): unknown => {
    if (!isPlainObject(q) || depth > 4) return q;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(q)) {
      if (key === '$or' || key === '$and')
        out[key] = Array.isArray(value)
          ? value.map((v) => walk(v, depth + 1))
          : isPlainObject(value)
            ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, depth + 1)]))
            : value;
      else if (DATE_FIELDS.has(key)) out[key] = mapValues(value, (v) => toMs(key, v));
      else if (key === 'email')
        out[key] = mapValues(value, (v) => (typeof v === 'string' ? v.toLowerCase() : v));
      else out[key] = value;
    }
    return out;
  };
  return walk(query, 0) as Record<string, unknown>;
}

/** Applies `f` to a field's value: plain, under each operator, and to each item of $in/$nin lists. */
function mapValues(value: unknown, f: (v: unknown) => unknown): unknown {
  const one = (v: unknown) =>
    Array.isArray(v)
      ? v.map(f)
      : isPlainObject(v) && Object.keys(v).every((k) => /^\d+$/.test(k))
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, f(x)]))
        : f(v);
  if (!isPlainObject(value)) return f(value);
  return Object.fromEntries(
    Object.entries(value).map(([op, v]) => [
      op,
      op === '$options' ? v : op === '$in' || op === '$nin' ? one(v) : f(v),
    ]),
  );
}

function toMs(field: string, v: unknown): unknown {
  if (typeof v !== 'string' || v === 'null' || /^-?\d+(\.\d+)?$/.test(v.trim())) return v;
  const ms = /^\d{4}-\d{2}-\d{2}/.test(v) ? Date.parse(v) : Number.NaN;
  if (!Number.isFinite(ms))
    throw new BadRequest(`${field} must be a date (ISO 8601) or Unix milliseconds`, { field });
  return ms;
}
