// The wind card's rose (direction × speed band, calm apart) and direction graph, for the graph period picked
// on the card (useGraphPeriod): where the wind came from, how strong, and how it turned.
import { useLingui } from '@lingui/react/macro';
import { useGraphPeriod } from '../charts/useGraphPeriod';
import { useSeries } from '../charts/useSeries';
import { METRIC_BY_KEY, type UnitPrefs, unitFor } from '../domain';
import type { Device } from '../domain/contract';
import { ROSE_BANDS_MS, windRose } from '../domain/windRose';
import { compassWord } from '../i18n/compass';
import { localizeNumber } from '../i18n/format';
import styles from './WindRose.module.css';

const POINTS = ['N', 'E', 'S', 'W'];
const BAND_COLORS = ['--rose-1', '--rose-2', '--rose-3', '--rose-4', '--rose-5'];
const KEYS = ['winddir', 'windspd'];

/** An SVG wedge of the ring between radii r0 and r1 around sector `i` of 16 (0 = N). */
function wedge(i: number, r0: number, r1: number): string {
  const a0 = ((i * 22.5 - 10) * Math.PI) / 180;
  const a1 = ((i * 22.5 + 10) * Math.PI) / 180;
  const p = (r: number, a: number) => `${(r * Math.sin(a)).toFixed(2)} ${(-r * Math.cos(a)).toFixed(2)}`;
  return `M${p(r0, a0)} L${p(r1, a0)} A${r1} ${r1} 0 0 1 ${p(r1, a1)} L${p(r0, a1)} A${r0} ${r0} 0 0 0 ${p(r0, a0)} Z`;
}

export function WindRosePanel({
  device,
  prefs,
  initialRange,
}: {
  device: Device;
  prefs: UnitPrefs;
  initialRange?: string;
}) {
  const { t, i18n } = useLingui();
  const { win } = useGraphPeriod(device._id, device.timezone, (initialRange ?? 'last24H') as 'last24H');
  const { data, loading } = useSeries(device._id, KEYS, win);
  const unit = unitFor(METRIC_BY_KEY.windspd, prefs);
  const rose = data ? windRose(data.ys[0], data.ys[1], unit.ratio) : null;
  const R = 80;
  const inner = 8;
  const pct = (v: number) =>
    new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 0 }).format(v);
  const speed = (ms: number) =>
    localizeNumber((ms * unit.ratio).toFixed(unit.ratio >= 3 ? 0 : 1), i18n.locale);
  const bandLabels = [
    `< ${speed(ROSE_BANDS_MS[0])}`,
    ...ROSE_BANDS_MS.slice(1).map((b, i) => `${speed(ROSE_BANDS_MS[i])}–${speed(b)}`),
    `≥ ${speed(ROSE_BANDS_MS.at(-1)!)}`,
  ];
  const xs = data?.x;
  const dirs = data?.ys[0];
  const span = xs && xs.length > 1 ? xs[xs.length - 1] - xs[0] : 0;

  return (
    <div className={styles.wrap} aria-busy={loading}>
      <figure className={styles.figure} data-testid="wind-rose">
        <figcaption className={styles.caption}>{t`Wind rose`}</figcaption>
        {!rose || rose.total === 0 ? (
          <p className={styles.none}>{loading ? t`Loading…` : t`No Data`}</p>
        ) : (
          <>
            <svg viewBox="-100 -100 200 200" className={styles.rose} role="img" aria-label={t`Wind rose`}>
              {[0.25, 0.5, 0.75, 1].map((f) => (
                <circle key={f} r={inner + (R - inner) * f} className={styles.ring} />
              ))}
              {POINTS.map((p, i) => (
                <text
                  key={p}
                  className={styles.point}
                  x={i === 1 ? 92 : i === 3 ? -92 : 0}
                  y={i === 0 ? -88 : i === 2 ? 96 : 4}
                >
                  {compassWord(p)}
                </text>
              ))}
              {rose.shares.map((bands, sector) => {
                let r = inner;
                return bands.map((share, band) => {
                  if (share <= 0) return null;
                  const r1 = r + ((R - inner) * share) / rose.peak;
                  const path = wedge(sector, r, r1);
                  r = r1;
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: sector and band are the identity
                    <path key={`${sector}-${band}`} d={path} style={{ fill: `var(${BAND_COLORS[band]})` }} />
                  );
                });
              })}
            </svg>
            <ul className={styles.legend}>
              {bandLabels.map((l, i) => (
                <li key={l}>
                  <span className={styles.swatch} style={{ background: `var(${BAND_COLORS[i]})` }} />
                  {l} {unit.displayName}
                </li>
              ))}
              <li>{t`Calm: ${pct(rose.calm)}`}</li>
            </ul>
          </>
        )}
      </figure>
      <figure className={styles.figure} data-testid="wind-direction">
        <figcaption className={styles.caption}>{t`Wind direction`}</figcaption>
        {xs && dirs && span > 0 ? (
          <div className={styles.dirBox}>
            <svg
              viewBox="0 0 400 160"
              preserveAspectRatio="none"
              className={styles.dirs}
              role="img"
              aria-label={t`Wind direction over time`}
            >
              {[0, 90, 180, 270, 360].map((d) => (
                <line
                  key={d}
                  x1={0}
                  x2={400}
                  y1={150 - (d / 360) * 140}
                  y2={150 - (d / 360) * 140}
                  className={styles.grid}
                />
              ))}
              {Array.from(xs, (x, i) =>
                Number.isFinite(dirs[i]) ? (
                  <circle
                    // biome-ignore lint/suspicious/noArrayIndexKey: one dot per point in time
                    key={i}
                    cx={((x - xs[0]) / span) * 400}
                    cy={150 - (dirs[i] / 360) * 140}
                    r={1.6}
                    className={styles.dot}
                  />
                ) : null,
              )}
            </svg>
            <div className={styles.dirAxis} aria-hidden="true">
              <span>N</span>
              <span>E</span>
              <span>S</span>
              <span>W</span>
              <span>N</span>
            </div>
          </div>
        ) : (
          <p className={styles.none}>{loading ? t`Loading…` : t`No Data`}</p>
        )}
      </figure>
    </div>
  );
}
