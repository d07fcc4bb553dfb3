// Hash of the metric definitions (spec §4 Live data: clients re-initialise when it changes).
// FNV-1a 64 over canonical JSON, in plain 32-bit arithmetic so Node and browsers agree without crypto.
import { METRICS } from './catalogue';
import type { MetricDef } from './types';

/** JSON with object keys sorted at every level, so property order cannot change the hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const TWO_32 = 4294967296;

/** FNV-1a 64 of a string's UTF-8 bytes, as 16 hex digits. */
export function fnv1a64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (const b of bytes) {
    lo = (lo ^ b) >>> 0;
    // h * (2^40 + 0x1b3) mod 2^64, split into 32-bit halves; every product stays below 2^53.
    const low = lo * 0x1b3;
    hi = (hi * 0x1b3 + Math.floor(low / TWO_32) + lo * 256) % TWO_32;
    lo = low >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

export function metricsHash(defs: MetricDef[] = METRICS): string {
  return fnv1a64(canonicalJson(defs));
}

export const METRICS_HASH: string = metricsHash();
