// Input readers that turn bad input into a 400 with a clear message (never a 500). The server and the mocks
// build them with their own error type, so both answer the same messages.

import { coded, ERRORS, type ErrorCode } from './errors';

type Data = Record<string, unknown>;
/** Builds the error to throw (a 400 on the server, its look-alike in the mocks). */
export type Fail = (message: string, data?: Record<string, unknown>) => Error;

/** A reader's own message, or a catalogue error by its code (the answer then carries `data.code`). */
type MessageOpts = { message?: string; code?: ErrorCode };

export function inputReaders(fail: Fail) {
  /** A catalogue error: its English message, its code in `data.code`. */
  const failCode = (code: ErrorCode, data?: Record<string, unknown>) => fail(ERRORS[code], coded(code, data));
  const failAt = (key: string, opts: MessageOpts, fallback: string) =>
    opts.code ? failCode(opts.code, { field: key }) : fail(opts.message ?? fallback, { field: key });

  function asObject(data: unknown, what = 'body'): Data {
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw fail(`The ${what} must be an object`);
    return data as Data;
  }

  function str(
    data: Data,
    key: string,
    opts: { required?: boolean; max?: number; min?: number } & MessageOpts = {},
  ): string | undefined {
    const v = data[key];
    if (v === undefined || v === null || v === '') {
      if (opts.required) throw failAt(key, opts.message || opts.code ? opts : { code: 'required' }, '');
      return undefined;
    }
    if (typeof v !== 'string') throw failAt(key, opts, `${key} must be text`);
    const s = v.trim();
    if (opts.max !== undefined && s.length > opts.max)
      throw failAt(key, opts, `${key} is longer than ${opts.max} characters`);
    if (opts.min !== undefined && s.length < opts.min)
      throw failAt(key, opts, `${key} is shorter than ${opts.min} characters`);
    return s;
  }

  /** A finite number (numeric strings accepted, as REST queries send them), optionally bounded. */
  function num(
    data: Data,
    key: string,
    opts: { required?: boolean; min?: number; max?: number; integer?: boolean } & MessageOpts = {},
  ): number | undefined {
    const v = data[key];
    if (v === undefined || v === null || v === '') {
      if (opts.required) throw failAt(key, opts, `${key} is required`);
      return undefined;
    }
    const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
    const bad =
      !Number.isFinite(n) ||
      (opts.integer && !Number.isInteger(n)) ||
      (opts.min !== undefined && n < opts.min) ||
      (opts.max !== undefined && n > opts.max);
    if (bad) throw failAt(key, opts, `${key} must be a valid number`);
    return n;
  }

  function bool(data: Data, key: string): boolean | undefined {
    const v = data[key];
    if (v === undefined || v === null || v === '') return undefined;
    if (v === true || v === 'true' || v === '1' || v === 1) return true;
    if (v === false || v === 'false' || v === '0' || v === 0) return false;
    throw fail(`${key} must be true or false`, { field: key });
  }

  /** A list of ids given as an array, a comma list, or an object {0: id, 1: id} (qs parses `devices[0]=`). */
  function idList(v: unknown, key: string, max = 100): string[] {
    let list: unknown[];
    if (v === undefined || v === null || v === '') return [];
    if (Array.isArray(v)) list = v;
    else if (typeof v === 'string') list = v.split(',');
    else if (typeof v === 'object') list = Object.values(v as object);
    else throw fail(`${key} must be a list of ids`);
    if (list.length > max) throw fail(`${key} may hold at most ${max} ids`);
    return list.map((id) => {
      if (typeof id !== 'string' || !/^[0-9a-f]{24}$/.test(id)) throw fail(`${key} holds an invalid id`);
      return id;
    });
  }

  function id(v: unknown, key = 'id'): string {
    return idList(v === undefined ? undefined : [v], key)[0] ?? raise(key);
  }

  function raise(key: string): never {
    throw fail(`${key} is required`);
  }

  return { fail, failCode, asObject, str, num, bool, idList, id };
}

export type InputReaders = ReturnType<typeof inputReaders>;
