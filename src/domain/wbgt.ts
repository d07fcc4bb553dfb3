// Outdoor WBGT estimated from a station's ordinary readings, for stations without a black-globe sensor. The
// method of the US National Weather Service's WBGT product:
// - globe temperature: Dimiceli, Piltz & Amburn, "Black Globe Temperature Estimate for the WBGT Index",
//   IAENG Transactions on Engineering Technologies (Springer 2013; www.weather.gov/media/tsa/pdf/WBGTpaper2.pdf);
// - direct-beam fraction of the measured solar radiation: Liljegren et al., "Modeling the wet bulb globe
//   temperature using standard meteorological measurements", J. Occup. Environ. Hyg. 5 (2008) 645-655;
// - psychrometric wet bulb: Stull, "Wet-bulb temperature from relative humidity and air temperature",
//   J. Appl. Meteor. Climatol. 50 (2011) 2267-2269;
// - natural wet bulb: Hunter & Minyard (1999), as the NWS uses it (0.0021 · direct solar − 0.43 · wind + 1.93);
// - WBGT = 0.7 natural wet bulb + 0.2 globe + 0.1 air (ISO 7243, outdoors in sun).
// Temperatures °C, humidity %, wind m/s, solar W/m².
import * as SunCalc from 'suncalc';

const SIGMA = 5.67e-8;
/** Solar constant (W/m²), Liljegren's clear-sky top of atmosphere. */
const SOLAR_CONSTANT = 1367;
/**
 * A calm reading would take convection away and overheat the modelled globe; the NWS floors its wind too.
 * 0.5 m/s: still air around a standing person.
 */
const MIN_WIND = 0.5;

/** Cosine of the solar zenith angle at unix second `time` and the place; negative at night. */
export function solarCosZenith(time: number, latitude: number, longitude: number): number {
  // suncalc 2 gives the apparent altitude in degrees.
  const altitude = SunCalc.getPosition(new Date(time * 1000), latitude, longitude).altitude;
  return Math.sin((altitude * Math.PI) / 180);
}

/** Water vapour pressure (hPa) of air at tC and rh (Magnus, Sonntag 1990 constants as dewPoint uses). */
export function vapourPressure(tC: number, rh: number): number {
  return (rh / 100) * 6.112 * Math.exp((17.62 * tC) / (243.12 + tC));
}

/**
 * Liljegren (2008): the direct share of global radiation from its ratio to the clear-sky maximum; no direct
 * beam with the sun below 89.5° zenith.
 */
export function directFraction(solar: number, cosZenith: number): number {
  if (!(solar > 0) || cosZenith <= Math.cos((89.5 * Math.PI) / 180)) return 0;
  const ratio = Math.min(solar / (SOLAR_CONSTANT * cosZenith), 0.85);
  return Math.min(Math.max(Math.exp(3 - 1.34 * ratio - 1.65 / ratio), 0), 0.9);
}

/**
 * Dimiceli et al.: Tg = (B + C·Ta + 7 680 000) / (C + 256 000), a linearised energy balance of the globe in °C,
 * with B = S (fdb / (4σ cos z) + 1.2 fdif / σ) + εa Ta⁴, εa = 0.575 ea^(1/7), C = h u^0.58 / 5.3865e-8 (h = 0.315,
 * u in metres per hour).
 */
export function globeTemperature(
  tC: number,
  vapourHpa: number,
  windMs: number,
  solar: number,
  fdb: number,
  cosZenith: number,
): number {
  const emissivity = 0.575 * vapourHpa ** (1 / 7);
  // The direct term divides by cos z: low sun is held at 85° (fdb is small there anyway).
  const cosz = Math.max(cosZenith, 0.087);
  const b = solar * (fdb / (4 * SIGMA * cosz) + (1.2 * (1 - fdb)) / SIGMA) + emissivity * tC ** 4;
  const c = (0.315 * (Math.max(windMs, MIN_WIND) * 3600) ** 0.58) / 5.3865e-8;
  return (b + c * tC + 7.68e6) / (c + 2.56e5);
}

/** Stull (2011): wet-bulb temperature from air temperature and humidity (valid 5..99 %, -20..50 °C). */
export function psychrometricWetBulb(tC: number, rh: number): number {
  return (
    tC * Math.atan(0.151977 * Math.sqrt(rh + 8.313659)) +
    Math.atan(tC + rh) -
    Math.atan(rh - 1.676331) +
    0.00391838 * rh ** 1.5 * Math.atan(0.023101 * rh) -
    4.686035
  );
}

/** Hunter & Minyard (1999): the natural (unventilated, sunlit) wet bulb from the psychrometric one. */
export function naturalWetBulb(wetBulb: number, directSolar: number, windMs: number): number {
  return wetBulb + 0.0021 * directSolar - 0.43 * Math.max(windMs, MIN_WIND) + 1.93;
}

export interface WbgtInputs {
  tC: number;
  rh: number;
  windMs: number;
  solar: number;
  /** Cosine of the solar zenith angle; only needed while the sun shines (solar > 0). */
  cosZenith: number | null;
  /** A measured black-globe temperature replaces the modelled one. */
  globeC?: number | null;
}

/** Estimated outdoor WBGT (°C); null outside Stull's range or with sun but no sun position. */
export function estimateWbgt({ tC, rh, windMs, solar, cosZenith, globeC }: WbgtInputs): number | null {
  if (rh < 5 || rh > 100 || tC < -20 || tC > 50 || windMs < 0 || solar < 0) return null;
  if (solar > 0 && cosZenith === null) return null;
  const cosz = cosZenith ?? 0;
  const fdb = directFraction(solar, cosz);
  const globe =
    typeof globeC === 'number' && Number.isFinite(globeC)
      ? globeC
      : globeTemperature(tC, vapourPressure(tC, rh), windMs, solar, fdb, cosz);
  const natural = naturalWetBulb(psychrometricWetBulb(tC, Math.min(rh, 99)), solar * fdb, windMs);
  return 0.7 * natural + 0.2 * globe + 0.1 * tC;
}
