// Degree days and chill hours (issue 26). Temperatures °C, results in °C·day (hours for chill).

/** Heating and cooling bases of the US National Weather Service: 65 °F. */
export const DEFAULT_DEGREE_DAY_BASE = 18.3;
/** Growing degree days: base 10 °C (50 °F) with the usual cap at 30 °C (86 °F) (the "86/50" method). */
export const DEFAULT_GDD_BASE = 10;
export const DEFAULT_GDD_CAP = 30;
/** A chill hour is an hour with its mean between 0 and 7.2 °C (32–45 °F), the "0–45 °F" model. */
export const CHILL_LOW = 0;
export const CHILL_HIGH = 7.2;

/** Heating degree days of a day from its mean temperature (what WeeWX and NOAA use). */
export const heatingDegreeDays = (tMean: number, base = DEFAULT_DEGREE_DAY_BASE): number =>
  Math.max(0, base - tMean);

/** Cooling degree days of a day from its mean temperature. */
export const coolingDegreeDays = (tMean: number, base = DEFAULT_DEGREE_DAY_BASE): number =>
  Math.max(0, tMean - base);

/**
 * Growing degree days of a day: the high and the low are held between base and cap before they are averaged, so
 * a day hotter than the cap counts no more than the cap and a cold night counts as the base.
 */
export function growingDegreeDays(
  tMax: number,
  tMin: number,
  base = DEFAULT_GDD_BASE,
  cap = DEFAULT_GDD_CAP,
): number {
  // Held inline, not by a helper: the day so far runs this for every imported reading (issue 25).
  const high = Math.min(cap, Math.max(base, tMax));
  const low = Math.min(cap, Math.max(base, tMin));
  return Math.max(0, (high + low) / 2 - base);
}

/** Whether an hour's mean temperature counts as a chill hour. */
export const isChillHour = (tMean: number): boolean => tMean >= CHILL_LOW && tMean <= CHILL_HIGH;
