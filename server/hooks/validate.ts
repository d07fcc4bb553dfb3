// Small input readers that turn bad input into a 400 with a clear message (never a 500).
import { BadRequest } from '@feathersjs/errors';

type Data = Record<string, unknown>;

export function asObject(data: unknown, what = 'body'): Data {
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new BadRequest(`The ${what} must be an object`);
  return data as Data;
}

export function str(
  data: Data,
  key: string,
  opts: { required?: boolean; max?: number; min?: number; message?: string } = {},
): string | undefined {
  const v = data[key];
  if (v === undefined || v === null || v === '') {
    if (opts.required) throw new BadRequest(opts.message ?? 'Required', { field: key });
    return undefined;
  }
  if (typeof v !== 'string') throw new BadRequest(opts.message ?? `${key} must be text`, { field: key });
  const s = v.trim();
  if (opts.max !== undefined && s.length > opts.max)
    throw new BadRequest(opts.message ?? `${key} is longer than ${opts.max} characters`, { field: key });
  if (opts.min !== undefined && s.length < opts.min)
    throw new BadRequest(opts.message ?? `${key} is shorter than ${opts.min} characters`, { field: key });
  return s;
}

/** A finite number (numeric strings accepted, as REST queries send them), optionally bounded. */
export function num(
  data: Data,
  key: string,
  opts: { required?: boolean; min?: number; max?: number; integer?: boolean; message?: string } = {},
): number | undefined {
  const v = data[key];
  if (v === undefined || v === null || v === '') {
    if (opts.required) throw new BadRequest(opts.message ?? `${key} is required`, { field: key });
    return undefined;
  }
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  const bad =
    !Number.isFinite(n) ||
    (opts.integer && !Number.isInteger(n)) ||
    (opts.min !== undefined && n < opts.min) ||
    (opts.max !== undefined && n > opts.max);
  if (bad) throw new BadRequest(opts.message ?? `${key} must be a valid number`, { field: key });
  return n;
}

export function bool(data: Data, key: string): boolean | undefined {
  const v = data[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (v === true || v === 'true' || v === '1' || v === 1) return true;
  if (v === false || v === 'false' || v === '0' || v === 0) return false;
  throw new BadRequest(`${key} must be true or false`, { field: key });
}

/** A list of ids given as an array, a comma list, or an object {0: id, 1: id} (qs parses `devices[0]=`). */
export function idList(v: unknown, key: string, max = 100): string[] {
  let list: unknown[];
  if (v === undefined || v === null || v === '') return [];
  if (Array.isArray(v)) list = v;
  else if (typeof v === 'string') list = v.split(',');
  else if (typeof v === 'object') list = Object.values(v as object);
  else throw new BadRequest(`${key} must be a list of ids`);
  if (list.length > max) throw new BadRequest(`${key} may hold at most ${max} ids`);
  return list.map((id) => {
    if (typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id))
      throw new BadRequest(`${key} holds an invalid id`);
    return id;
  });
}

export function id(v: unknown, key = 'id'): string {
  return idList(v === undefined ? undefined : [v], key)[0] ?? raise(key);
}

function raise(key: string): never {
  throw new BadRequest(`${key} is required`);
}
