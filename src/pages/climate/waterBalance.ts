// The ET₀ water balance of the Climate page (issue 26): per step (a day of a month, a month of a year) the rain,
// the reference evapotranspiration and the running balance rain − ET₀ from the start of the period (a year is
// the station's rain season). Steps without both values carry the balance on unchanged.

export interface BalanceStep {
  label: string;
  rain: number | null;
  et0: number | null;
}

export interface BalancePoint extends BalanceStep {
  /** Running rain − ET₀ (mm) up to and including this step; null before the first step with both. */
  balance: number | null;
}

export function waterBalance(steps: BalanceStep[]): BalancePoint[] {
  let running: number | null = null;
  return steps.map((s) => {
    if (s.rain !== null || s.et0 !== null) running = (running ?? 0) + (s.rain ?? 0) - (s.et0 ?? 0);
    return { ...s, balance: running };
  });
}

/** The chart's vertical extent: the largest rain, ET₀ or |balance|, at least 1 mm. */
export function balanceScale(points: BalancePoint[]): number {
  let m = 1;
  for (const p of points) m = Math.max(m, p.rain ?? 0, p.et0 ?? 0, Math.abs(p.balance ?? 0));
  return m;
}
