import { describe, expect, it } from 'vitest';
import { METRICS } from './catalogue';
import { canonicalJson, fnv1a64, METRICS_HASH, metricsHash } from './hash';

/** FNV-1a 64 in BigInt arithmetic: the textbook definition, independent of the 32-bit halves in hash.ts. */
const reference = (text: string) => {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(text))
    h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return h.toString(16).padStart(16, '0');
};

describe('fnv1a64', () => {
  it('matches the published FNV-1a 64 test vectors', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });

  it('agrees with a BigInt reference over UTF-8 bytes, catalogue included', () => {
    for (const text of ['°C µg/m³', 'hello world', canonicalJson(METRICS)])
      expect(fnv1a64(text)).toBe(reference(text));
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }], e: undefined })).toBe(
      '{"a":[{"c":null,"d":2}],"b":1}',
    );
  });
});

describe('metricsHash', () => {
  it('is the FNV-1a 64 of the catalogue as JSON with sorted keys, computed independently', () => {
    // JSON.stringify with a replacer that rebuilds each object with sorted keys: a second canonical form.
    const sorted = JSON.stringify(METRICS, (_key, value: unknown) =>
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : value,
    );
    expect(METRICS_HASH).toMatch(/^[0-9a-f]{16}$/);
    expect(METRICS_HASH).toBe(reference(sorted));
    expect(metricsHash()).toBe(reference(sorted));
  });

  it('does not depend on property order or object identity', () => {
    const reordered = METRICS.map((d) => Object.fromEntries(Object.entries(structuredClone(d)).reverse()));
    expect(metricsHash(reordered as typeof METRICS)).toBe(METRICS_HASH);
  });

  it('changes when a definition changes', () => {
    const changed = structuredClone(METRICS);
    changed[0].max = 81;
    expect(metricsHash(changed)).not.toBe(METRICS_HASH);
    const unit = structuredClone(METRICS);
    unit[0].units[1].ratio = 1.81;
    expect(metricsHash(unit)).not.toBe(METRICS_HASH);
    expect(metricsHash(METRICS.slice(1))).not.toBe(METRICS_HASH);
  });
});
