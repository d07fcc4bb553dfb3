// Re-applying a calibration to history (issue 24): the owner picks a metric and a first day, sees what changes
// (each day's low and high, before → after) and confirms. The server keeps the console's raw values, so it can
// be done again with another calibration later.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { History } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { dataWorker } from '../../bridge/worker';
import { baseUnitName } from '../../cards/calibration';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Page';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useUnits } from '../../db/hooks';
import type { CalibrationEntry } from '../../domain/calibration';
import type { Device } from '../../domain/contract';
import type { RecalibrationReport } from '../../domain/recalibration';
import { formatDate } from '../../i18n/dateTime';
import { localizeNumber } from '../../i18n/format';
import { translateServerMessage as tr } from '../../i18n/messages';
import { itemLabel } from '../alert/alertItems';
import styles from './CalibrationPage.module.css';

/** Days listed in the preview; the rest are counted. */
const SHOWN_DAYS = 62;
const DAY_MS = 86_400_000;

/** A date input's value (the browser's zone) for a time. */
const dateInput = (ms: number) =>
  new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

export function ApplyToHistory({
  device,
  entries,
  justSaved,
}: {
  device: Device;
  entries: CalibrationEntry[];
  /** The metric of a calibration just saved: offered first. */
  justSaved: string | null;
}) {
  const { t, i18n } = useLingui();
  const prefs = useUnits();
  const keys = [...new Set(entries.map((e) => e.key))];
  const [key, setKey] = useState(justSaved ?? keys[0] ?? '');
  const [date, setDate] = useState(dateInput(Date.now() - 30 * DAY_MS));
  const [preview, setPreview] = useState<RecalibrationReport | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (justSaved) {
      setKey(justSaved);
      setPreview(null);
      setMessage(null);
    }
  }, [justSaved]);
  if (keys.length === 0) return null;
  const chosen = keys.includes(key) ? key : keys[0];

  // Noon of the chosen day (the server takes the station's day it falls in), never after now.
  const from = () => Math.floor(Math.min(new Date(`${date}T12:00`).getTime(), Date.now()) / 1000);
  const num = (n: number) => localizeNumber(String(Math.round(n * 100) / 100), i18n.locale);
  const unit = baseUnitName(chosen);
  const day = (s: number) => formatDate(s * 1000, i18n.locale, prefs, device.timezone);

  const run = async (apply: boolean) => {
    setBusy(apply ? 'apply' : 'preview');
    setError(null);
    setMessage(null);
    try {
      const report = await dataWorker.recalibrateHistory(device._id, chosen, from(), apply);
      if (apply) {
        setPreview(null);
        const days = report.days.length;
        setMessage(
          days === 0
            ? t`Nothing changed: history already has this calibration.`
            : t`Applied: ${plural(days, { one: '# day', other: '# days' })} of ${itemLabel(chosen, device)} recalculated. Graphs, records and exports now show the new values.`,
        );
      } else setPreview(report);
    } catch (e) {
      setError(tr((e as Error).message));
    } finally {
      setBusy(null);
    }
  };

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    void run(false);
  };

  const extreme = (min: number, max: number) => `${num(min)} – ${num(max)} ${unit}`;
  const hidden = preview ? preview.days.length - SHOWN_DAYS : 0;

  return (
    <Panel className={styles.neighbours}>
      <section className={styles.history} aria-labelledby="apply-history">
        <h2 id="apply-history" className={styles.title}>
          <History size={18} aria-hidden="true" /> {t`Apply to history`}
        </h2>
        <p className={styles.note}>
          {t`Readings stored before a calibration keep the old values until you apply it to them. The console's own values are kept, so you can apply another calibration later.`}
        </p>
        <form className={styles.historyForm} onSubmit={submit}>
          <SelectField
            label={t`Metric`}
            value={chosen}
            options={keys.map((k) => ({ value: k, label: itemLabel(k, device) }))}
            onChange={(e) => {
              setKey(e.target.value);
              setPreview(null);
            }}
          />
          <TextField
            label={t`From`}
            type="date"
            value={date}
            max={dateInput(Date.now())}
            onChange={(e) => {
              setDate(e.target.value);
              setPreview(null);
            }}
          />
          <Button type="submit" disabled={busy !== null} aria-busy={busy === 'preview'}>
            {t`Preview`}
          </Button>
        </form>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        {message && (
          <p className={styles.preview} role="status">
            {message}
          </p>
        )}
        {preview &&
          (preview.days.length === 0 ? (
            <p className={styles.preview} role="status">
              {t`Nothing would change: history from that day already has this calibration.`}
            </p>
          ) : (
            <>
              <p className={styles.note}>
                {t`${plural(preview.days.length, { one: '# day changes', other: '# days change' })} (${plural(preview.rows.buckets5m, { one: '# five-minute reading', other: '# five-minute readings' })}). Each day's low and high:`}
              </p>
              <div className={styles.tableWrap}>
                <table className={styles.table} data-testid="recalibration-preview">
                  <thead>
                    <tr>
                      <th scope="col">{t`Day`}</th>
                      <th scope="col">{t`Now`}</th>
                      <th scope="col">{t`After`}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.days.slice(0, SHOWN_DAYS).map((d) => (
                      <tr key={d.day}>
                        <th scope="row">{day(d.day)}</th>
                        <td>{extreme(d.before.min, d.before.max)}</td>
                        <td>{extreme(d.after.min, d.after.max)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {hidden > 0 && (
                <p
                  className={styles.note}
                >{t`…and ${plural(hidden, { one: '# more day', other: '# more days' })}.`}</p>
              )}
              <div className={styles.actions}>
                <Button variant="ghost" onClick={() => setPreview(null)}>
                  {t`Cancel`}
                </Button>
                <Button
                  variant="primary"
                  disabled={busy !== null}
                  aria-busy={busy === 'apply'}
                  onClick={() => void run(true)}
                >
                  {busy === 'apply' ? t`Applying…` : t`Apply to history from ${day(preview.from)}`}
                </Button>
              </div>
            </>
          ))}
      </section>
    </Panel>
  );
}
