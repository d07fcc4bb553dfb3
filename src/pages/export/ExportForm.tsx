// The export form: station, first and last day, format; submitting asks the page to confirm.
import { useLingui } from '@lingui/react/macro';
import { Download, FileSpreadsheet } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import type { ExportFormat } from '../../../workers/api';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Page';
import { StationSelect } from '../../components/StationSelect';
import { TextField } from '../../components/TextField';
import type { Device } from '../../domain/contract';
import { EXPORT_FORMATS } from '../../domain/exports';
import { translateServerMessage as tr } from '../../i18n/messages';
import styles from './ExportPage.module.css';
import { MAX_EXPORT_DAYS } from './exportRange';

export const FORMAT_NAMES: Record<ExportFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  weewx: 'WeeWX (SQLite)',
  cumulus: 'CumulusMX log',
};

export interface ExportFormValue {
  deviceId: string | undefined;
  from: string;
  to: string;
  format: ExportFormat;
}

export function ExportForm({
  devices,
  value,
  onChange,
  error,
  canExport,
  onSubmit,
}: {
  devices: Device[] | undefined;
  value: ExportFormValue;
  onChange: (patch: Partial<ExportFormValue>) => void;
  /** A spec §5 message under the dates, or null. */
  error: string | null;
  canExport: boolean;
  onSubmit: () => void;
}) {
  const { t } = useLingui();
  const formatId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Panel>
      <form className={styles.form} onSubmit={submit} noValidate>
        {devices && (
          <StationSelect
            devices={devices}
            value={value.deviceId}
            onChange={(id) => onChange({ deviceId: id })}
          />
        )}
        <div className={styles.dates}>
          <TextField
            label={t`Start date`}
            type="date"
            value={value.from}
            max={value.to || undefined}
            onChange={(e) => onChange({ from: e.target.value })}
            error={error && tr(error)}
          />
          <TextField
            label={t`End date`}
            type="date"
            value={value.to}
            min={value.from || undefined}
            onChange={(e) => onChange({ to: e.target.value })}
          />
        </div>
        <fieldset className={styles.formats}>
          <legend id={formatId} className={styles.legend}>
            {t`Format`}
          </legend>
          {EXPORT_FORMATS.map((f) => (
            <label key={f} className={styles.format}>
              <input
                type="radio"
                name="format"
                value={f}
                checked={value.format === f}
                onChange={() => onChange({ format: f })}
              />
              <FileSpreadsheet size={18} aria-hidden="true" />
              <span>{FORMAT_NAMES[f]}</span>
            </label>
          ))}
        </fieldset>
        <p className={styles.note}>
          {t`5-minute readings of what your station measures, named as on the dashboard, in your units and the station's time zone; a missing value is an empty cell. At most ${MAX_EXPORT_DAYS} days at a time.`}
        </p>
        <p className={styles.note}>
          {t`Moving to another program? WeeWX (SQLite) is its archive database in metric units; CumulusMX log is its monthly data log (°C, m/s, hPa, mm): export one month at a time to get Cumulus's own file name.`}
        </p>
        <div>
          <Button
            type="submit"
            variant="primary"
            icon={<Download size={18} aria-hidden="true" />}
            disabled={!canExport}
          >
            {t`Export`}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
