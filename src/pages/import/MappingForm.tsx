// A CSV no program claims: the owner says which column is the time (and how it is written) and what each other
// column holds, in which unit. Columns left on "Not imported" are ignored.
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { metricLabel } from '../../cards/labels';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { METRICS } from '../../domain/catalogue';
import { type CsvMapping, IMPORT_UNITS, type ImportColumns } from '../../domain/imports';
import styles from './ImportPage.module.css';

export function MappingForm({
  columns,
  onSubmit,
}: {
  columns: ImportColumns;
  onSubmit: (m: CsvMapping) => void;
}) {
  const { t } = useLingui();
  const [time, setTime] = useState(columns.header[0] ?? '');
  const [timeFormat, setTimeFormat] = useState<CsvMapping['timeFormat']>('iso');
  const [mapped, setMapped] = useState<Record<string, { key: string; unit: string }>>({});
  const metricOptions = [
    { value: '', label: t`Not imported` },
    ...METRICS.filter((m) => !m.key.startsWith('bat') && !m.key.startsWith('cn')).map((m) => ({
      value: m.key,
      label: `${metricLabel(m.key)} (${m.key})`,
    })),
  ];
  const unitOptions = IMPORT_UNITS.map((u) => ({ value: u, label: u }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen: CsvMapping['columns'] = {};
    for (const [name, m] of Object.entries(mapped)) if (m.key) chosen[name] = m;
    onSubmit({ time, timeFormat, columns: chosen });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p
        className={styles.note}
      >{t`This file is not from a program the portal knows. Say what its columns hold.`}</p>
      <div className={styles.pair}>
        <SelectField
          label={t`Time column`}
          value={time}
          onChange={(e) => setTime(e.target.value)}
          options={columns.header.map((h) => ({ value: h, label: h }))}
        />
        <SelectField
          label={t`Time written as`}
          value={timeFormat}
          onChange={(e) => setTimeFormat(e.target.value as CsvMapping['timeFormat'])}
          options={[
            { value: 'iso', label: t`Date and time (ISO, UTC unless a zone is given)` },
            { value: 'local', label: t`Date and time in the station's time zone` },
            { value: 'unix', label: t`Unix seconds` },
          ]}
        />
      </div>
      {columns.header
        .filter((h) => h !== time)
        .map((h, i) => (
          <div key={h} className={styles.pair}>
            <SelectField
              label={t`Column “${h}” (e.g. ${columns.sample[0]?.[columns.header.indexOf(h)] ?? '—'})`}
              value={mapped[h]?.key ?? ''}
              onChange={(e) =>
                setMapped((m) => ({ ...m, [h]: { key: e.target.value, unit: m[h]?.unit ?? 'C' } }))
              }
              options={metricOptions}
              data-column={i}
            />
            <SelectField
              label={t`Unit`}
              value={mapped[h]?.unit ?? 'C'}
              disabled={!mapped[h]?.key}
              onChange={(e) =>
                setMapped((m) => ({ ...m, [h]: { key: m[h]?.key ?? '', unit: e.target.value } }))
              }
              options={unitOptions}
            />
          </div>
        ))}
      <div>
        <Button type="submit" variant="primary">{t`Check the file`}</Button>
      </div>
    </form>
  );
}
