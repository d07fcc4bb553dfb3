// Where a graph's time axis puts its labels (spec §9 "Graph periods"): on the station's local clock, every 2 hours
// (4 on phones) up to two days, then whole local days (a date label per 48 half-hours in a week, per 24 hours in
// a month), then months. A step is widened only when its labels would not fit, and a day or month is never
// labelled twice, whatever the width.

import { localParts, zonedMidnight } from './timeZones';

export type TickUnit = 'hour' | 'day' | 'month';

export interface TimeTicks {
  unit: TickUnit;
  /** Steps of `unit` between labels. */
  step: number;
  /** Unix seconds of each label, ascending, inside [min, max]. */
  ticks: number[];
}

/** Up to this span the axis is read as times of day. */
export const HOUR_TICKS_MAX_S = 2 * 86400;
/** A plot narrower than this (CSS px) is a phone's: 4-hour steps instead of 2. */
export const PHONE_PLOT_PX = 600;
/** Room a label needs (CSS px) with a gap: "11 PM", "Nov 30", "Sep". */
export const LABEL_PX: Record<TickUnit, number> = { hour: 44, day: 54, month: 40 };

const HOUR_STEPS = [1, 2, 3, 4, 6, 12];
const DAY_STEPS = [1, 2, 3, 7, 14];
const MONTH_STEPS = [1, 2, 3, 6, 12];

function hourTicks(min: number, max: number, step: number, tz: string): number[] {
  const out: number[] = [];
  // Quarter hours, so zones half or three quarters of an hour off UTC find their whole local hours.
  for (let t = Math.ceil(min / 900) * 900; t <= max; t += 900) {
    const p = localParts(t, tz);
    if (p.mi !== 0 || p.h % step !== 0) continue;
    // A clock set back repeats an hour: label it once.
    const last = out.at(-1);
    if (last !== undefined && localParts(last, tz).h === p.h) continue;
    out.push(t);
  }
  return out;
}

function dayTicks(min: number, max: number, step: number, tz: string): number[] {
  const out: number[] = [];
  const p = localParts(min, tz);
  let d = 0;
  let t = zonedMidnight(p.y, p.m, p.d, tz);
  if (t < min) t = zonedMidnight(p.y, p.m, p.d + ++d, tz);
  // Steps of a week start on the first midnight; shorter ones too (odd steps then land on odd days).
  while (t <= max) {
    out.push(t);
    d += step;
    t = zonedMidnight(p.y, p.m, p.d + d, tz);
  }
  return out;
}

function monthTicks(min: number, max: number, step: number, tz: string): number[] {
  const out: number[] = [];
  const p = localParts(min, tz);
  let m = p.m + (p.d === 1 && p.h === 0 && p.mi === 0 ? 0 : 1);
  // Months of a step > 1 fall on Jan, Apr, Jul… (multiples of the step from January).
  while ((m - 1) % step !== 0) m++;
  for (let t = zonedMidnight(p.y, m, 1, tz); t <= max; m += step, t = zonedMidnight(p.y, m, 1, tz))
    out.push(t);
  return out;
}

/** The labels of a time axis over [min, max] (unix s) on a plot `widthPx` CSS pixels wide, in `timeZone`. */
export function timeTicks(min: number, max: number, widthPx: number, timeZone: string): TimeTicks {
  const fits = (unit: TickUnit) => Math.max(2, Math.floor(widthPx / LABEL_PX[unit]));
  const span = max - min;
  if (!(span > 0)) return { unit: 'hour', step: 1, ticks: [] };
  if (span <= HOUR_TICKS_MAX_S) {
    const base = widthPx < PHONE_PLOT_PX ? 4 : 2;
    const step = HOUR_STEPS.find((s) => s >= base && span / (s * 3600) <= fits('hour')) ?? 24;
    if (step < 24) return { unit: 'hour', step, ticks: hourTicks(min, max, step, timeZone) };
    return { unit: 'day', step: 1, ticks: dayTicks(min, max, 1, timeZone) };
  }
  const days = span / 86400;
  const dayStep = DAY_STEPS.find((s) => days / s <= fits('day'));
  if (dayStep !== undefined && days <= 62)
    return { unit: 'day', step: dayStep, ticks: dayTicks(min, max, dayStep, timeZone) };
  const months = days / 30.44;
  const monthStep = MONTH_STEPS.find((s) => months / s <= fits('month')) ?? 12;
  return { unit: 'month', step: monthStep, ticks: monthTicks(min, max, monthStep, timeZone) };
}
