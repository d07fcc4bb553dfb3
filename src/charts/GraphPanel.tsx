// A card's graph: period picker, then the chart, or loading / 'No Data' / the error, for the card's metrics.
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useMemo } from 'react';
import { localParts } from '../domain';
import type { Device } from '../domain/contract';
import { translateServerMessage } from '../i18n/messages';
import styles from './GraphPanel.module.css';
import { PeriodPicker } from './PeriodPicker';
import type { PeriodState } from './period';
import type { ChartSeries } from './UPlotChart';
import { useGraphPeriod } from './useGraphPeriod';
import { useSeries } from './useSeries';

// uPlot (~20 KiB compressed) loads with the first graph that has data, not with the dashboard: the cards' values
// paint without it (issue 21's bundle budget). The area keeps its height meanwhile; a lost chunk goes to the
// route's error page, which reloads once (spec §8).
const UPlotChart = lazy(() => import('./UPlotChart').then((m) => ({ default: m.UPlotChart })));

const pad = (n: number) => String(n).padStart(2, '0');

export function GraphPanel({
  device,
  keys,
  series,
  refreshToken,
  hour12,
  initialRange = 'last24H',
  onRangeChange,
}: {
  device: Device;
  keys: string[];
  series: ChartSeries[];
  refreshToken?: unknown;
  hour12?: boolean;
  initialRange?: PeriodState['range'];
  /** The period kind the user picked (the dashboard keeps it as the display settings' graphRange). */
  onRangeChange?: (range: PeriodState['range']) => void;
}) {
  const { t } = useLingui();
  const tz = device.timezone;
  const { period, setPeriod, win, invalid } = useGraphPeriod(device._id, tz, initialRange);
  const today = useMemo(() => {
    const p = localParts(Date.now() / 1000, tz);
    return `${p.y}-${pad(p.m)}-${pad(p.d)}`;
  }, [tz]);
  const { loading, data, error } = useSeries(device._id, keys, win, refreshToken);
  const empty = data && (data.x.length === 0 || data.ys.every((y) => !y.some((v) => Number.isFinite(v))));

  return (
    <div className={styles.panel}>
      <PeriodPicker
        value={period}
        onChange={(p) => {
          // A custom period lives with its dates in this browser (useGraphPeriod), not as a bare 'custom'.
          if (p.range !== period.range && p.range !== 'custom') onRangeChange?.(p.range);
          setPeriod(p);
        }}
        today={today}
      />
      <div className={styles.area} aria-busy={loading}>
        {invalid && period.range === 'custom' && (period.from || period.to) && (
          <p className={styles.message} role="alert">
            {translateServerMessage(invalid)}
          </p>
        )}
        {invalid && period.range === 'custom' && !period.from && !period.to && (
          <p className={styles.message}>{t`Pick the first and the last day.`}</p>
        )}
        {error && (
          <p className={styles.message} role="alert">
            {translateServerMessage(error)}
          </p>
        )}
        {/* Offline (issue 22): what this device keeps, and that the rest needs a connection, not "No Data". */}
        {!error && !invalid && empty && (
          <p className={styles.message} data-testid="graph-empty">
            {data.fromCache ? t`This device keeps nothing of this period. Connect to see it.` : t`No Data`}
          </p>
        )}
        {!error && !invalid && data && !empty && (
          <Suspense fallback={null}>
            <UPlotChart data={data} series={series} timeZone={tz} hour12={hour12} />
          </Suspense>
        )}
        {!error && !invalid && data && !empty && data.fromCache && (
          <p className={styles.note} data-testid="graph-offline">
            {t`Offline: this is what this device keeps of the period. More needs a connection.`}
          </p>
        )}
        {!error && !invalid && data && !empty && (data.bands?.length ?? 0) > 0 && (
          <p className={styles.note}>{t`Line: the average of each period. Shaded: its low to high.`}</p>
        )}
        {loading && !data && !error && <p className={styles.message}>{t`Loading…`}</p>}
      </div>
    </div>
  );
}
