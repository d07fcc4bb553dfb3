// Graph period picker (spec §2): day, last 24 h, week, month (month picker), year (year picker), custom (two dates).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { GraphRange } from '../domain';
import { isPeriodFilter, PERIOD_FILTERS, type PeriodFilter } from '../domain/periodFilters';
import styles from './PeriodPicker.module.css';
import { type PeriodState, RANGES } from './period';

const LABEL: Record<GraphRange, MessageDescriptor> = {
  day: msg`Day`,
  last24H: msg`24 hours`,
  week: msg`Week`,
  month: msg`Month`,
  year: msg`Year`,
  custom: msg`Custom`,
};

const FILTER_LABEL: Record<PeriodFilter, MessageDescriptor> = {
  today: msg`Today`,
  thisWeek: msg`This week`,
  thisMonth: msg`This month`,
  past7: msg`Past 7 days`,
  past30: msg`Past 30 days`,
  past90: msg`Past 90 days`,
  ytd: msg`Year to date`,
  pastYear: msg`Past year`,
};

export function PeriodPicker({
  value,
  onChange,
  today,
}: {
  value: PeriodState;
  onChange: (p: PeriodState) => void;
  /** 'YYYY-MM-DD' of today in the device's time zone (defaults for the pickers) */
  today: string;
}) {
  const { t, i18n } = useLingui();
  const year = Number(today.slice(0, 4));
  return (
    <div className={styles.picker}>
      <fieldset className={styles.segments}>
        <legend className="visually-hidden">{t`Graph period`}</legend>
        {RANGES.map((r) => (
          <button
            key={r}
            type="button"
            className={styles.segment}
            aria-pressed={!value.filter && value.range === r}
            onClick={() => onChange({ ...value, range: r, filter: undefined })}
          >
            {i18n._(LABEL[r])}
          </button>
        ))}
      </fieldset>
      <label className={styles.input}>
        <span className="visually-hidden">{t`More periods`}</span>
        <select
          className={styles.filter}
          data-active={value.filter ? 'true' : undefined}
          value={value.filter ?? ''}
          onChange={(e) => {
            const f = e.target.value;
            onChange({ ...value, filter: isPeriodFilter(f) ? f : undefined });
          }}
        >
          <option value="">{t`More periods…`}</option>
          {PERIOD_FILTERS.map((f) => (
            <option key={f} value={f}>
              {i18n._(FILTER_LABEL[f])}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.inputs}>
        {!value.filter && value.range === 'day' && (
          <label className={styles.input}>
            <span>{t`Date`}</span>
            <input
              type="date"
              max={today}
              value={value.day ?? today}
              onChange={(e) => onChange({ ...value, day: e.target.value || undefined })}
            />
          </label>
        )}
        {!value.filter && value.range === 'month' && (
          <label className={styles.input}>
            <span>{t`Month`}</span>
            <input
              type="month"
              max={today.slice(0, 7)}
              value={value.month ?? today.slice(0, 7)}
              onChange={(e) => onChange({ ...value, month: e.target.value || undefined })}
            />
          </label>
        )}
        {!value.filter && value.range === 'year' && (
          <label className={styles.input}>
            <span>{t`Year`}</span>
            <input
              type="number"
              min={2000}
              max={year}
              value={value.year ?? year}
              onChange={(e) => onChange({ ...value, year: Number(e.target.value) || undefined })}
            />
          </label>
        )}
        {!value.filter && value.range === 'custom' && (
          <>
            <label className={styles.input}>
              <span>{t`From`}</span>
              <input
                type="date"
                max={today}
                value={value.from ?? ''}
                onChange={(e) => onChange({ ...value, from: e.target.value || undefined })}
              />
            </label>
            <label className={styles.input}>
              <span>{t`To`}</span>
              <input
                type="date"
                max={today}
                value={value.to ?? ''}
                onChange={(e) => onChange({ ...value, to: e.target.value || undefined })}
              />
            </label>
          </>
        )}
      </div>
    </div>
  );
}
