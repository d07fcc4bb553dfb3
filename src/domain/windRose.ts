// A wind rose: how often the wind blew from each of 16 directions, split by speed band (calm apart), over the
// points of a graph period. Bands are in m/s (Beaufort 1–2, 3, 4, 5, 6+); `ratio` converts them to the unit
// the speeds come in (the graph's display unit).

/** Upper bounds of the speed bands in m/s; the last band is open. Below CALM_MS a direction means nothing. */
export const ROSE_BANDS_MS = [3.3, 5.4, 7.9, 10.7] as const;
export const CALM_MS = 0.5;

export interface WindRose {
  /** [sector][band] → share of all points (0..1); sector 0 = N, clockwise by 22.5°. */
  shares: number[][];
  /** Share of calm points. */
  calm: number;
  /** Points with both a speed and (unless calm) a direction. */
  total: number;
  /** Largest sector total share (the rose's scale). */
  peak: number;
}

export function windRose(dirs: ArrayLike<number>, speeds: ArrayLike<number>, ratio = 1): WindRose {
  const bands = ROSE_BANDS_MS.map((b) => b * ratio);
  const calmBelow = CALM_MS * ratio;
  const counts = Array.from({ length: 16 }, () => new Array<number>(bands.length + 1).fill(0));
  let calm = 0;
  let total = 0;
  const n = Math.min(dirs.length, speeds.length);
  for (let i = 0; i < n; i++) {
    const s = speeds[i];
    if (!Number.isFinite(s)) continue;
    if (s < calmBelow) {
      calm++;
      total++;
      continue;
    }
    const d = dirs[i];
    if (!Number.isFinite(d)) continue;
    const sector = Math.round((((d % 360) + 360) % 360) / 22.5) % 16;
    let band = bands.findIndex((b) => s < b);
    if (band < 0) band = bands.length;
    counts[sector][band]++;
    total++;
  }
  const shares = counts.map((row) => row.map((c) => (total ? c / total : 0)));
  const peak = Math.max(0, ...shares.map((row) => row.reduce((a, b) => a + b, 0)));
  return { shares, calm: total ? calm / total : 0, total, peak };
}
