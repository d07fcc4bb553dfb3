// Gaps in the data (issue 27): the times over the last week when the station's readings did not come, judged
// against its own upload interval (src/domain/gaps.ts, served by stationGaps), newest first, with the share of
// readings received. Online only: the server finds them from its 5-minute buckets. On the Weather Server page
// (the owner) and the records view (anyone who may read the station: a record may miss what a gap hid).
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { dataWorker } from '../bridge/worker';
import { GAP_DAYS, type GapReport } from '../domain/gaps';
import { translateServerMessage as tr } from '../i18n/messages';
import { errorText } from '../state/ui';
import styles from './DataGaps.module.css';
import { Panel } from './Page';
import type { LinkState } from './useLink';

/** A span of seconds in the locale's short units: "45 min", "3 h", "2 days". */
export function spanText(seconds: number, locale: string): string {
  const [value, unit] =
    seconds < 3600
      ? [Math.round(seconds / 60), 'minute']
      : seconds < 2 * 86400
        ? [Math.round((seconds / 3600) * 10) / 10, 'hour']
        : [Math.round((seconds / 86400) * 10) / 10, 'day'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value as number);
}

export function DataGaps({
  deviceId,
  link,
  dateText,
}: {
  deviceId: string;
  /** Asked once the socket is up: while it connects the worker would answer "offline" (useLink). */
  link: LinkState;
  /** unix ms → the date and time in the user's format. */
  dateText: (ms: number) => string;
}) {
  const { t, i18n } = useLingui();
  const [report, setReport] = useState<GapReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const online = link === 'online';

  useEffect(() => {
    setReport(null);
    setError(null);
    if (!online) return;
    let live = true;
    dataWorker
      .loadStationGaps(deviceId, GAP_DAYS)
      .then((r) => live && setReport(r))
      .catch((e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [deviceId, online]);

  const days = GAP_DAYS;
  const interval = report?.interval ? spanText(report.interval, i18n.locale) : null;
  const coverage =
    report?.coverage != null
      ? new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 1 }).format(
          report.coverage,
        )
      : null;

  return (
    <Panel>
      <h2 className={styles.title}>{t`Gaps in the data`}</h2>
      {link === 'offline' && <p className={styles.note}>{t`The gaps load when the connection is back.`}</p>}
      {error && online && (
        <p className={styles.error} role="alert">
          {tr(error)}
        </p>
      )}
      {link !== 'offline' && !report && !error && <p className={styles.note}>{t`Loading…`}</p>}
      {report && interval === null && (
        <p className={styles.note}>{t`Not enough readings yet to find gaps.`}</p>
      )}
      {report && interval !== null && (
        <>
          <p className={styles.note}>
            {t`Times in the last ${days} days when no reading came for more than twice the station's usual interval (${interval}). Graphs leave these times empty instead of drawing a line across them.`}
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>{t`Readings received`}</dt>
              <dd className="tabular" data-testid="gap-coverage">
                {coverage}
              </dd>
            </div>
            <div>
              <dt>{t`Gaps found`}</dt>
              <dd className="tabular" data-testid="gap-count">
                {report.count}
              </dd>
            </div>
          </dl>
          {report.gaps.length === 0 ? (
            <p className={styles.note}>{t`No gaps in the last ${days} days.`}</p>
          ) : (
            <ul className={styles.gapList} data-testid="gap-list">
              {report.gaps.map((g) => {
                const from = dateText(g.from * 1000);
                const to = dateText(g.to * 1000);
                const span = spanText(g.to - g.from, i18n.locale);
                return (
                  <li key={g.from} className={g.ongoing ? styles.gapOngoing : undefined}>
                    <span className="tabular">
                      {g.ongoing ? t`No readings since ${from}` : t`${from} to ${to}`}
                    </span>
                    <span className={styles.gapSpan}>{span}</span>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </Panel>
  );
}
