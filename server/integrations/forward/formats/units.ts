// Conversions from the catalogue's base units (°C, m/s, hPa, mm) to what the networks want, and fixed-decimal
// text as the reference implementations print it (invariant culture, no "-0").
export const cToF = (c: number) => (c * 9) / 5 + 32;
export const msToMph = (ms: number) => ms / 0.44704;
export const msToKmh = (ms: number) => ms * 3.6;
export const mmToIn = (mm: number) => mm / 25.4;
export const hpaToInHg = (hpa: number) => hpa / 33.8639;

/** `value.toFixed(dp)`, "-0.0" written as "0.0". */
export function fixed(value: number, dp: number): string {
  const text = value.toFixed(dp);
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

/** A sample's value when it is a finite number, else undefined (no value: the field is left out). */
export function reading(sample: Record<string, unknown>, key: string): number | undefined {
  const v = sample[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** UTC parts of a unix time (s). */
export function utcParts(time: number) {
  const d = new Date(time * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return {
    yyyy: String(d.getUTCFullYear()),
    mm: p(d.getUTCMonth() + 1),
    dd: p(d.getUTCDate()),
    hh: p(d.getUTCHours()),
    mi: p(d.getUTCMinutes()),
    ss: p(d.getUTCSeconds()),
  };
}
