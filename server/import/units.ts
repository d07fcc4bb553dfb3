// Unit names as history files spell them, and their conversion to the catalogue's base units. The factors are the
// ingest parsers' own (server/ingest/parsers/values.ts), so an imported reading equals the same reading uploaded.
import { fToC, inHgToHpa, inToMm, kmhToMs, luxToWm2, mphToMs, round3 } from '../ingest/parsers/values';

type Convert = (v: number) => number;
const same: Convert = (v) => v;

/** Canonical unit name → conversion to base. */
export const TO_BASE: Record<string, Convert> = {
  C: same,
  F: fToC,
  'm/s': same,
  'km/h': kmhToMs,
  mph: mphToMs,
  kn: (v) => round3(v * 0.514444),
  hPa: same,
  inHg: inHgToHpa,
  kPa: (v) => round3(v * 10),
  mmHg: (v) => round3(v * 1.333224),
  mm: same,
  in: inToMm,
  cm: (v) => round3(v * 10),
  'mm/h': same,
  'in/h': inToMm,
  'cm/h': (v) => round3(v * 10),
  '%': same,
  deg: same,
  'W/m²': same,
  lux: luxToWm2,
  UVI: same,
  'µg/m³': same,
  ppm: same,
  km: same,
  mi: (v) => round3(v * 1.609344),
  count: same,
};

/** The canonical name of a unit as files write it (`℃`, `°F`, `mph`, `W/m2`, `in/hr`…); null when unknown. */
export function canonicalUnit(raw: string): string | null {
  const u = raw
    .trim()
    .replace(/^[°º˚]/, '')
    .replace(/\s+/g, '')
    .toLowerCase();
  const table: Record<string, string> = {
    '℃': 'C',
    c: 'C',
    '℉': 'F',
    f: 'F',
    'm/s': 'm/s',
    ms: 'm/s',
    'km/h': 'km/h',
    kmh: 'km/h',
    kph: 'km/h',
    mph: 'mph',
    kn: 'kn',
    kt: 'kn',
    knots: 'kn',
    hpa: 'hPa',
    mb: 'hPa',
    mbar: 'hPa',
    inhg: 'inHg',
    in: 'in',
    kpa: 'kPa',
    mmhg: 'mmHg',
    mm: 'mm',
    cm: 'cm',
    'mm/h': 'mm/h',
    'mm/hr': 'mm/h',
    'in/h': 'in/h',
    'in/hr': 'in/h',
    'cm/h': 'cm/h',
    '%': '%',
    deg: 'deg',
    '°': 'deg',
    'w/m2': 'W/m²',
    'w/m²': 'W/m²',
    'w/m^2': 'W/m²',
    lux: 'lux',
    klux: 'klux',
    uvi: 'UVI',
    'µg/m3': 'µg/m³',
    'ug/m3': 'µg/m³',
    'µg/m³': 'µg/m³',
    ppm: 'ppm',
    km: 'km',
    mi: 'mi',
  };
  if (u === 'klux') return null;
  return table[u] ?? null;
}

export function toBase(unit: string, value: number): number {
  const convert = TO_BASE[unit];
  if (!convert) throw new Error(`Unknown unit ${unit}`);
  return convert(value);
}
