// The live preview beside the choices: the time and date, and a reading per kind of unit, in the chosen units.
import { useLingui } from '@lingui/react/macro';
import { readingText, timeOfDay } from '../../cards/format';
import { metricLabel } from '../../cards/labels';
import { Panel } from '../../components/Page';
import type { UnitPrefs } from '../../domain';
import { dateText, PREVIEW_LABELS, previewReadings } from './preview';
import styles from './UnitsPage.module.css';

export function UnitsPreview({ prefs }: { prefs: UnitPrefs }) {
  const { t, i18n } = useLingui();
  const now = new Date();
  return (
    <Panel className={styles.preview}>
      <h2 id="units-preview" className={styles.groupTitle}>
        {t`Preview`}
      </h2>
      <p className={styles.clock}>
        <span className="tabular">
          {timeOfDay(
            now.getTime() / 1000,
            Intl.DateTimeFormat().resolvedOptions().timeZone,
            i18n.locale,
            prefs,
          )}
        </span>
        <span className={`${styles.date} tabular`}>{dateText(now, prefs.date)}</span>
      </p>
      <dl className={styles.readings} data-testid="units-preview">
        {previewReadings(prefs.barometer).map(([key, value]) => {
          const r = readingText(key, value, prefs, i18n.locale);
          return (
            <div key={key} className={styles.reading}>
              <dt>{PREVIEW_LABELS[key] ? i18n._(PREVIEW_LABELS[key]) : metricLabel(key)}</dt>
              <dd>
                <span className={styles.value}>{r.value}</span>
                {r.unit && <span className={styles.unit}> {r.unit}</span>}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className={styles.note}>{t`Cards, graphs and exports use these units.`}</p>
    </Panel>
  );
}
