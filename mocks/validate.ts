// Input readers with the real server's 400 messages (a port of server/hooks/validate.ts).
import { badRequest } from './errors';

type Data = Record<string, unknown>;

export function asObject(data: unknown, what = 'body'): Data {
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw badRequest(`The ${what} must be an object`);
  return data as Data;
}

export function str(
  data: Data,
  key: string,
  opts: { required?: boolean; max?: number; message?: string } = {},
): string | undefined {
  const v = data[key];
  if (v === undefined || v === null || v === '') {
    if (opts.required) throw badRequest(opts.message ?? 'Required', { field: key });
    return undefined;
  }
  if (typeof v !== 'string') throw badRequest(opts.message ?? `${key} must be text`, { field: key });
  const s = v.trim();
  if (opts.max !== undefined && s.length > opts.max)
    throw badRequest(opts.message ?? `${key} is longer than ${opts.max} characters`, { field: key });
  return s;
}

export function num(
  data: Data,
  key: string,
  opts: { required?: boolean; min?: number; max?: number; integer?: boolean; message?: string } = {},
): number | undefined {
  const v = data[key];
  if (v === undefined || v === null || v === '') {
    if (opts.required) throw badRequest(opts.message ?? `${key} is required`, { field: key });
    return undefined;
  }
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  const bad =
    !Number.isFinite(n) ||
    (opts.integer && !Number.isInteger(n)) ||
    (opts.min !== undefined && n < opts.min) ||
    (opts.max !== undefined && n > opts.max);
  if (bad) throw badRequest(opts.message ?? `${key} must be a valid number`, { field: key });
  return n;
}

export function bool(data: Data, key: string): boolean | undefined {
  const v = data[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (v === true || v === 'true' || v === '1' || v === 1) return true;
  if (v === false || v === 'false' || v === '0' || v === 0) return false;
  throw badRequest(`${key} must be true or false`, { field: key });
}

/** Ids as an array, a comma list or an object {0: id} (`devices[0]=`); each a 24-hex id. */
export function idList(v: unknown, key: string, max = 100): string[] {
  if (v === undefined || v === null || v === '') return [];
  let list: unknown[];
  if (Array.isArray(v)) list = v;
  else if (typeof v === 'string') list = v.split(',');
  else if (typeof v === 'object') list = Object.values(v as object);
  else throw badRequest(`${key} must be a list of ids`);
  if (list.length > max) throw badRequest(`${key} may hold at most ${max} ids`);
  return list.map((id) => {
    if (typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id)) throw badRequest(`${key} holds an invalid id`);
    return id;
  });
}

/** The `$paginate=false` switch of the settings services. */
export const unpaginated = (query: Data) => query.$paginate === 'false' || query.$paginate === false;
