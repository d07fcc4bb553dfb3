// The dry run's findings: what the file holds and what the import would do with it.
import { useLingui } from '@lingui/react/macro';
import { metricLabel } from '../../cards/labels';
import { useUnits } from '../../db/hooks';
import type { ImportReport } from '../../domain/imports';
import { formatDateTime } from '../../i18n/dateTime';
import styles from './ImportPage.module.css';
import { FORMAT_NAMES } from './names';

export function ImportReportView({ report, timeZone }: { report: ImportReport; timeZone: string }) {
  const { t, i18n } = useLingui();
  const prefs = useUnits();
  const when = (s: number | null) =>
    s === null ? '—' : formatDateTime(s * 1000, i18n.locale, prefs, { timeZone });
  const n = (v: number) => v.toLocaleString(i18n.locale);
  const format = FORMAT_NAMES[report.format];
  return (
    <dl className={styles.report} aria-label={t`Dry run`}>
      <dt>{t`Format`}</dt>
      <dd>{report.kind === 'daily' ? t`${format} (daily summaries)` : format}</dd>
      <dt>{t`Rows`}</dt>
      <dd>
        {n(report.rows)}
        {report.badLines > 0 && <> · {t`${n(report.badLines)} unreadable lines skipped`}</>}
      </dd>
      <dt>{t`Period`}</dt>
      <dd>
        {when(report.from)} – {when(report.to)}
      </dd>
      <dt>{t`Readings`}</dt>
      <dd>
        <ul className={styles.metrics}>
          {report.metrics.map((m) => (
            <li key={m.key}>
              {metricLabel(m.key)} <code className={styles.key}>{m.key}</code>
              {m.unit && <span className={styles.unit}> ({m.unit})</span>}
            </li>
          ))}
        </ul>
      </dd>
      <dt>{t`Already stored`}</dt>
      <dd>
        {report.overlaps.rows === 0
          ? t`Nothing: the station has no data in this period`
          : report.kind === 'daily'
            ? t`${n(report.overlaps.rows)} rows fall on ${n(report.overlaps.periods)} days the station already has`
            : t`${n(report.overlaps.rows)} rows fall in ${n(report.overlaps.periods)} hours the station already has`}
      </dd>
      <dt>{t`Out of range`}</dt>
      <dd>
        {report.outOfRange.length === 0
          ? t`None`
          : report.outOfRange
              .map((o) => t`${metricLabel(o.key)}: ${n(o.count)} (e.g. ${o.example})`)
              .join(' · ')}
      </dd>
      {report.tooRecent > 0 && (
        <>
          <dt>{t`Too recent`}</dt>
          <dd>{t`${n(report.tooRecent)} rows of the current hour or later are not imported`}</dd>
        </>
      )}
      {report.duplicates > 0 && (
        <>
          <dt>{t`Repeated`}</dt>
          <dd>{t`${n(report.duplicates)} rows repeat a time and are read once`}</dd>
        </>
      )}
    </dl>
  );
}
