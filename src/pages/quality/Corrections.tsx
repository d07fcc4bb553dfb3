// Corrections of a station's readings (issue 24) on its Data quality page: a form to remove readings or set a
// corrected value over a range, with a reason (queued in the outbox like any edit, so it waits offline and is
// sent on reconnect); the edit log with undo; and the raw samples of a day with where each came from.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { dataWorker } from '../../bridge/worker';
import { baseUnitName } from '../../cards/calibration';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Page';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import type { LinkState } from '../../components/useLink';
import { queueCorrection, queueUndoCorrection } from '../../db/edits';
import { usePendingCorrections, useUnits } from '../../db/hooks';
import { METRIC_BY_KEY } from '../../domain/catalogue';
import type { Device } from '../../domain/contract';
import {
  type CorrectionAction,
  type CorrectionRequest,
  MAX_CORRECTION_SECONDS,
  MAX_REASON,
  type SampleCorrection,
  type SourcedSample,
  type ValueSpan,
} from '../../domain/corrections';
import { localParts, zonedTime } from '../../domain/timeZones';
import { formatDateTime } from '../../i18n/dateTime';
import { localizeNumber } from '../../i18n/format';
import { translateServerMessage as tr } from '../../i18n/messages';
import { errorText } from '../../state/ui';
import { itemLabel } from '../alert/alertItems';
import styles from './QualityPage.module.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** A datetime-local value in the station's zone for a time (unix s). */
export function stationInput(t: number, timeZone: string): string {
  const p = localParts(t, timeZone);
  return `${p.y}-${pad(p.m)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}`;
}

/** The time (unix s) a datetime-local value names in the station's zone; null when it is not one. */
export function fromStationInput(text: string, timeZone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  return zonedTime(Date.UTC(y, mo - 1, d, h, mi) / 1000, timeZone);
}

interface Draft {
  metric: string;
  action: CorrectionAction;
  value: string;
  from: string;
  to: string;
  reason: string;
}

export function Corrections({ device, keys, link }: { device: Device; keys: string[]; link: LinkState }) {
  const { t, i18n } = useLingui();
  const prefs = useUnits();
  const pending = usePendingCorrections(device._id);
  const online = link === 'online';
  const tz = device.timezone;
  const now = Math.floor(Date.now() / 1000);
  const [draft, setDraft] = useState<Draft>(() => ({
    metric: keys[0] ?? 'all',
    action: 'remove',
    value: '',
    from: stationInput(now - 3600, tz),
    to: stationInput(now, tz),
    reason: '',
  }));
  const [formError, setFormError] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const [log, setLog] = useState<SampleCorrection[] | null>(null);
  const [logError, setLogError] = useState<string | null>(null);
  const [day, setDay] = useState(() => stationInput(now, tz).slice(0, 10));
  const [samples, setSamples] = useState<SourcedSample[] | null>(null);
  const waiting = pending?.length ?? 0;

  // The log and the day's samples, again whenever the outbox has sent what waited.
  useEffect(() => {
    if (!online || waiting > 0) return;
    let live = true;
    dataWorker
      .loadCorrections(device._id)
      .then((l) => {
        if (!live) return;
        setLog(l);
        setLogError(null);
      })
      .catch((e) => live && setLogError(errorText(e)));
    return () => {
      live = false;
    };
  }, [device._id, online, waiting]);
  useEffect(() => {
    if (!online || waiting > 0) return;
    const from = fromStationInput(`${day}T00:00`, tz);
    if (from === null) return;
    let live = true;
    const to =
      fromStationInput(`${stationInput(from + 30 * 3600, tz).slice(0, 10)}T00:00`, tz) ?? from + 86400;
    dataWorker
      .loadSourcedSamples(device._id, from, to)
      .then((s) => live && setSamples(s))
      .catch((e) => live && setLogError(errorText(e)));
    return () => {
      live = false;
    };
  }, [device._id, online, waiting, day, tz]);

  const num = (n: number) => localizeNumber(String(Math.round(n * 1000) / 1000), i18n.locale);
  const amount = (key: string, v: number) => `${num(v)} ${baseUnitName(key)}`.trim();
  const dateTime = (s: number) => formatDateTime(s * 1000, i18n.locale, prefs, { timeZone: tz });
  const metricName = (key: string) => (key === 'all' ? t`All metrics` : itemLabel(key, device));
  const spanText = (key: string, s: ValueSpan) =>
    s.count === 0
      ? t`no readings`
      : key === 'all' || s.min === null || s.max === null
        ? t`${plural(s.count, { one: '# value', other: '# values' })}`
        : s.min === s.max
          ? amount(key, s.min)
          : `${amount(key, s.min)} … ${amount(key, s.max)}`;
  const sourceText = (source: string) =>
    source === 'import'
      ? t`Imported file`
      : source === 'backfill'
        ? t`Backfill from the vendor's cloud`
        : source === 'edit'
          ? t`Corrected`
          : source === 'console'
            ? t`Console upload`
            : t`Console upload (${source})`;

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const from = fromStationInput(draft.from, tz);
    const to = fromStationInput(draft.to, tz);
    const reason = draft.reason.trim();
    const value = Number(draft.value.trim().replace(',', '.'));
    const def = METRIC_BY_KEY[draft.metric];
    if (from === null || to === null) return setFormError(t`Enter the start and the end.`);
    if (from > to) return setFormError(t`The start must not be after the end.`);
    if (to - from > MAX_CORRECTION_SECONDS) return setFormError(t`Correct at most 7 days at once.`);
    if (draft.action === 'set') {
      if (draft.metric === 'all') return setFormError(t`Choose one metric to set a value.`);
      if (draft.value.trim() === '' || !Number.isFinite(value))
        return setFormError(t`Enter the corrected value.`);
      if (def && (value < def.min || value > def.max))
        return setFormError(
          t`The value must lie within ${amount(def.key, def.min)} … ${amount(def.key, def.max)}.`,
        );
    }
    if (!reason) return setFormError(t`Give a reason.`);
    setFormError(null);
    const req: CorrectionRequest = {
      device: device._id,
      metric: draft.metric,
      // The form names minutes: the end takes the whole of its minute.
      from,
      to: to + 59,
      action: draft.action,
      ...(draft.action === 'set' ? { value } : {}),
      reason,
    };
    await queueCorrection(req);
    setQueued(true);
    setDraft({ ...draft, reason: '', value: '' });
  };

  // The server undoes the newest correction over the same readings first: said here at once rather than by a
  // refused edit dropped from the outbox.
  const undo = (c: SampleCorrection) => {
    const later = log?.some(
      (o) =>
        o._id !== c._id &&
        o.undoneAt === null &&
        o.createdAt > c.createdAt &&
        o.from <= c.to &&
        o.to >= c.from &&
        (o.metric === c.metric || o.metric === 'all' || c.metric === 'all'),
    );
    if (later) return setLogError(t`A later correction changed the same readings: undo it first.`);
    setLogError(null);
    void queueUndoCorrection(c._id);
  };

  const actionText = (c: { action: CorrectionAction; metric: string; value?: number | null }) =>
    c.action === 'remove'
      ? t`Removed`
      : t`Set to ${c.value === null || c.value === undefined ? '' : amount(c.metric, c.value)}`;

  return (
    <>
      <Panel>
        <h2 className={styles.title}>{t`Correct readings`}</h2>
        <p className={styles.note}>
          {t`Remove readings or set a corrected value over a time range of the last 7 days, for example rain counted while the gauge was cleaned. Aggregates, records and exports follow; every change is in the edit log below and can be undone.`}
        </p>
        <form className={styles.form} onSubmit={(e) => void submit(e)} aria-label={t`Correct readings`}>
          <SelectField
            label={t`Metric to correct`}
            value={draft.metric}
            options={[
              ...keys.map((k) => ({ value: k, label: itemLabel(k, device) })),
              { value: 'all', label: t`All metrics` },
            ]}
            onChange={(e) => setDraft({ ...draft, metric: e.target.value })}
          />
          <SelectField
            label={t`Change`}
            value={draft.action}
            options={[
              { value: 'remove', label: t`Remove the readings` },
              { value: 'set', label: t`Set a corrected value` },
            ]}
            onChange={(e) => setDraft({ ...draft, action: e.target.value as CorrectionAction })}
          />
          {draft.action === 'set' && draft.metric !== 'all' && (
            <TextField
              label={t`Corrected value (${baseUnitName(draft.metric)})`}
              inputMode="decimal"
              value={draft.value}
              onChange={(e) => setDraft({ ...draft, value: e.target.value })}
            />
          )}
          <div className={styles.bounds}>
            <TextField
              label={t`From`}
              type="datetime-local"
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
            <TextField
              label={t`To`}
              type="datetime-local"
              value={draft.to}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </div>
          <p className={styles.note}>{t`The station's time (${tz}).`}</p>
          <TextField
            label={t`Reason`}
            value={draft.reason}
            maxLength={MAX_REASON}
            onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
          />
          {formError && (
            <p className={styles.error} role="alert">
              {formError}
            </p>
          )}
          {queued && waiting > 0 && !online && (
            <p className={styles.note} role="status">
              {t`Saved on this device: it is sent when the connection is back.`}
            </p>
          )}
          <div className={styles.formActions}>
            <Button type="submit" variant="primary">
              {t`Apply the correction`}
            </Button>
          </div>
        </form>
      </Panel>

      <Panel>
        <h2 className={styles.title}>{t`Edit log`}</h2>
        {waiting > 0 && (
          <ul className={styles.flags} aria-label={t`Waiting to be sent`}>
            {pending?.map((p) => (
              <li key={p.id} className={styles.flag} data-testid="correction-pending">
                {'metric' in p.data ? (
                  <>
                    <strong>{metricName(p.data.metric)}</strong>
                    <span className="tabular">
                      {dateTime(p.data.from)} – {dateTime(p.data.to)}
                    </span>
                    <span>{actionText(p.data)}</span>
                    <span className={styles.reason}>{p.data.reason}</span>
                  </>
                ) : (
                  <span>{t`Undo`}</span>
                )}
                <span className={styles.flagged}>{t`Waiting to be sent`}</span>
              </li>
            ))}
          </ul>
        )}
        {!online && <p className={styles.note}>{t`The log loads when the connection is back.`}</p>}
        {logError && online && (
          <p className={styles.error} role="alert">
            {tr(logError)}
          </p>
        )}
        {online && log?.length === 0 && waiting === 0 && (
          <p className={styles.note}>{t`No corrections yet.`}</p>
        )}
        {log && log.length > 0 && (
          <ul className={styles.flags} aria-label={t`Edit log`}>
            {log.map((c) => (
              <li
                key={c._id}
                className={styles.flag}
                data-testid="correction"
                data-undone={c.undoneAt !== null ? 'true' : 'false'}
              >
                <span className={`${styles.time} tabular`}>{dateTime(Math.floor(c.createdAt / 1000))}</span>
                <span className={styles.what}>
                  <strong>{metricName(c.metric)}</strong>{' '}
                  <span className="tabular">
                    {dateTime(c.from)} – {dateTime(c.to)}
                  </span>
                </span>
                <span>{actionText(c)}</span>
                <span className="tabular">
                  {spanText(c.metric, c.before)} → {spanText(c.metric, c.after)}
                </span>
                <span className={styles.reason}>
                  {c.reason}
                  {c.userName ? ` — ${c.userName}` : ''}
                </span>
                {c.undoneAt !== null ? (
                  <span className={styles.rejected}>{t`Undone`}</span>
                ) : (
                  <span className={styles.actions}>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => undo(c)}
                      aria-label={t`Undo the correction of ${metricName(c.metric)} from ${dateTime(c.from)}`}
                    >
                      {t`Undo`}
                    </Button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel>
        <h2 className={styles.title}>{t`Readings and their source`}</h2>
        <TextField
          label={t`Day`}
          type="date"
          value={day}
          onChange={(e) => setDay(e.target.value)}
          className={styles.dayField}
        />
        {online && samples?.length === 0 && (
          <p
            className={styles.note}
          >{t`No readings are kept for that day (readings are kept for 7 days).`}</p>
        )}
        {samples && samples.length > 0 && (
          <ul className={styles.flags} aria-label={t`Readings and their source`}>
            {samples.map((s) => (
              <li key={s.time} className={styles.flag} data-testid="sourced-sample" data-source={s.source}>
                <span className={`${styles.time} tabular`}>{dateTime(s.time)}</span>
                <span className={styles.what}>
                  {[...new Set([...s.edited, draft.metric, 'tempc0', 'humc0', ...keys])]
                    .filter((k) => s.values[k] !== undefined && s.values[k] !== null && METRIC_BY_KEY[k])
                    .slice(0, 3)
                    .map((k) => `${itemLabel(k, device)} ${amount(k, s.values[k] as number)}`)
                    .join(' · ')}
                </span>
                <span
                  className={s.source === 'edit' ? styles.accepted : styles.reason}
                  title={s.edited.map((k) => itemLabel(k, device)).join(', ') || undefined}
                >
                  {sourceText(s.source)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}
