// A MAC address in input (stations, device plans), one rule for the server and the mocks.
import type { InputReaders } from './readers';
import { normalizeMac, validateMac } from './validate';

/** 'AA:BB:CC:DD:EE:FF' from colons, hyphens or none; missing → "<field> is required", else the spec §5 messages. */
export function readMac(r: InputReaders, v: unknown, field = 'mac'): string {
  if (v === undefined || v === null || v === '') throw r.fail(`${field} is required`, { field });
  const error = validateMac(typeof v === 'string' ? v : null);
  if (error) throw r.failCode(error, { field });
  return normalizeMac(v as string)!;
}
