// "Backfill from the vendor's cloud" (issue 27) on the import page: the owner picks the vendor, enters the keys of
// their account there (stored for the station, answered back masked), picks the days (the station's gaps by
// default) and starts it; the progress and the outcome are shown here, errors in words. The fetching and storing
// are the server's (server/services/backfill): 5-minute slots the station has data in are never touched.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CloudDownload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useUnits } from '../../db/hooks';
import {
  BACKFILL_VENDORS,
  type BackfillErrorCode,
  type BackfillJob,
  type BackfillVendor,
  dayStartOf,
  defaultDays,
  errorCodeOf,
  VENDOR_KEYS,
} from '../../domain/backfill';
import { formatDateTime } from '../../i18n/dateTime';
import { translateServerMessage as tr } from '../../i18n/messages';
import own from './BackfillPanel.module.css';
import styles from './ImportPage.module.css';
import { STATUS_NAMES } from './names';
import { type BackfillApi, useBackfill } from './useBackfill';

/** Vendors' names stay as they spell them. */
const VENDOR_NAMES: Record<BackfillVendor, string> = {
  ecowitt: 'Ecowitt.net',
  wunderground: 'Weather Underground',
  ambient: 'Ambient Weather',
  weatherlink: 'WeatherLink',
};

const KEY_LABELS: Record<string, MessageDescriptor> = {
  applicationKey: msg`Application key`,
  apiKey: msg`API key`,
  apiSecret: msg`API secret`,
  mac: msg`MAC address of the console`,
  stationId: msg`Station ID`,
};

const VENDOR_NOTES: Record<BackfillVendor, MessageDescriptor> = {
  ecowitt: msg`Ecowitt.net keeps 5-minute readings for 90 days and 30-minute readings for a year. Both keys are on ecowitt.net under User → Private center.`,
  wunderground: msg`Your Weather Underground API key (wunderground.com → My profile → API keys) and the station ID it belongs to. One day per request, at most 30 a minute.`,
  ambient: msg`An API key and an application key from ambientweather.net → Account → API keys, and the MAC address of the station.`,
  weatherlink: msg`Historic data needs a WeatherLink Pro plan. The API key v2 and its secret are on weatherlink.com → Account; the station ID is the one the API lists.`,
};

const ERROR_TEXTS: Record<BackfillErrorCode, MessageDescriptor> = {
  auth: msg`The vendor refused the keys. Check them in your account there and enter them again.`,
  plan: msg`Your plan with the vendor does not include historic data.`,
  rateLimit: msg`The vendor asks for a pause before more requests. Start again later: days already added are kept.`,
  server: msg`The vendor’s server did not answer properly. Try again later: days already added are kept.`,
  malformed: msg`The vendor answered something that could not be read.`,
  network: msg`The vendor’s server could not be reached from the portal.`,
  vendor: msg`The vendor answered with an error.`,
};

export interface BackfillPanelProps {
  device: string;
  timeZone: string;
  online: boolean;
  /** The socket is up (link 'online'): the state is loaded then, and again when it comes back. */
  connected?: boolean;
  /** The data worker's calls (tests hand their own). */
  api?: BackfillApi;
  /** Unix s (tests). */
  now?: number;
}

export function BackfillPanel({
  device,
  timeZone,
  online,
  connected = online,
  api,
  now,
}: BackfillPanelProps) {
  const { t, i18n } = useLingui();
  const prefs = useUnits();
  const calls = api ?? dataWorker;
  const backfill = useBackfill(device, calls, connected);
  const { state, running } = backfill;
  const [vendor, setVendor] = useState<BackfillVendor>('ecowitt');
  const [keys, setKeys] = useState<Record<string, string>>({});
  const [days, setDays] = useState<{ from: string; to: string } | null>(null);
  const touched = useRef(false);
  const pickDays = (next: { from: string; to: string }) => {
    touched.current = true;
    setDays(next);
  };

  // The stored vendor and keys (masked) once known; the days of the station's gaps (last 31 days) by default.
  useEffect(() => {
    if (state?.source) {
      setVendor(state.source.vendor);
      setKeys(state.source.keys);
    }
  }, [state?.source]);
  useEffect(() => {
    const at = now ?? Math.floor(Date.now() / 1000);
    let live = true;
    touched.current = false;
    setDays(null);
    // The owner's own days win over the default arriving after them.
    const offer = (gaps: Parameters<typeof defaultDays>[0]) =>
      live && !touched.current && setDays(defaultDays(gaps, at, timeZone));
    calls
      .loadStationGaps(device, 31)
      .then((r) => offer(r.gaps))
      .catch(() => offer([]));
    return () => {
      live = false;
    };
  }, [device, timeZone, calls, now]);

  const from = days ? dayStartOf(days.from, timeZone) : null;
  const lastDay = days ? dayStartOf(days.to, timeZone) : null;
  // The "to" day is included: the range ends at the next local midnight (the server stops at the current hour).
  const to = lastDay === null ? null : (dayStartOf(nextDay(days!.to), timeZone) ?? null);
  const fields = VENDOR_KEYS[vendor];
  const complete = fields.every((f) => (keys[f.name] ?? '').trim() !== '');
  const rangeOk = from !== null && to !== null && from < to;
  const latest = state?.jobs[0] ?? null;
  const when = (ms: number) => formatDateTime(ms, i18n.locale, prefs, { timeZone });

  return (
    <section className={styles.form} aria-labelledby="backfill-heading">
      <h2 id="backfill-heading" className={styles.heading}>
        {t`Backfill from the vendor’s cloud`}
      </h2>
      <p className={styles.note}>
        {t`Fill the station’s history from the readings your weather vendor’s cloud kept, with your own keys for it. Only missing 5-minute slots are filled: readings the station has are never changed.`}
      </p>
      <SelectField
        label={t`Vendor`}
        value={vendor}
        disabled={!!running}
        onChange={(e) => {
          const next = e.target.value as BackfillVendor;
          setVendor(next);
          setKeys(state?.source?.vendor === next ? state.source.keys : {});
        }}
        options={BACKFILL_VENDORS.map((v) => ({ value: v, label: VENDOR_NAMES[v] }))}
      />
      <p className={styles.note}>{i18n._(VENDOR_NOTES[vendor])}</p>
      <div className={own.fields}>
        {fields.map((f) => (
          <TextField
            key={`${vendor}-${f.name}`}
            label={i18n._(KEY_LABELS[f.name])}
            type={f.secret ? 'password' : 'text'}
            autoComplete="off"
            spellCheck={false}
            value={keys[f.name] ?? ''}
            disabled={!!running}
            onFocus={(e) => {
              // A masked key is the stored one: focusing it starts a new one.
              if (f.secret && e.target.value.startsWith('••••')) setKeys({ ...keys, [f.name]: '' });
            }}
            onChange={(e) => setKeys({ ...keys, [f.name]: e.target.value })}
          />
        ))}
      </div>
      <div className={own.fields}>
        <TextField
          label={t`From (first day)`}
          type="date"
          value={days?.from ?? ''}
          disabled={!!running}
          onChange={(e) => pickDays({ from: e.target.value, to: days?.to ?? e.target.value })}
        />
        <TextField
          label={t`To (last day)`}
          type="date"
          value={days?.to ?? ''}
          disabled={!!running}
          onChange={(e) => pickDays({ from: days?.from ?? e.target.value, to: e.target.value })}
        />
      </div>
      <div className={styles.buttons}>
        <Button
          variant="primary"
          icon={<CloudDownload size={18} aria-hidden="true" />}
          disabled={!online || !complete || !rangeOk || !!running || backfill.starting}
          onClick={() =>
            from !== null && to !== null && void backfill.start({ device, vendor, keys, from, to })
          }
        >
          {t`Start the backfill`}
        </Button>
        {state?.source && !running && (
          <Button disabled={!online} onClick={() => void backfill.forget().then(() => setKeys({}))}>
            {t`Forget the keys`}
          </Button>
        )}
      </div>
      {backfill.error && (
        <p className={styles.error} role="alert">
          {tr(backfill.error)}
        </p>
      )}
      {latest && <Progress job={latest} onCancel={() => void backfill.cancel(latest)} when={when} />}
      {state && state.jobs.length > 1 && (
        <ul className={styles.history} aria-label={t`Earlier backfills`}>
          {state.jobs.slice(1).map((j) => (
            <li key={j._id}>
              <span>
                <strong>{j.fileName}</strong> · {i18n._(STATUS_NAMES[j.status])} ·{' '}
                {t`${j.imported.toLocaleString(i18n.locale)} readings added`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function nextDay(value: string): string {
  const d = new Date(`${value}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function Progress({
  job,
  onCancel,
  when,
}: {
  job: BackfillJob;
  onCancel: () => void;
  when: (ms: number) => string;
}) {
  const { t, i18n } = useLingui();
  const n = (v: number) => v.toLocaleString(i18n.locale);
  const vendor = VENDOR_NAMES[job.vendor];
  const code = errorCodeOf(job.error);
  if (job.status === 'running')
    return (
      <div role="status" className={styles.form}>
        <p>
          {job.requests.planned === null
            ? t`Fetching from ${vendor}: ${n(job.requests.done)} requests, ${n(job.imported)} readings added so far`
            : t`Fetching from ${vendor}: ${n(job.requests.done)} of ${n(job.requests.planned)} days, ${n(job.imported)} readings added so far`}
        </p>
        {job.requests.planned !== null && (
          <progress
            className={styles.progress}
            max={job.requests.planned || 1}
            value={Math.min(job.requests.done, job.requests.planned)}
            aria-label={t`Backfill`}
          />
        )}
        {job.waitingUntil !== null && (
          <p
            className={styles.note}
          >{t`${vendor} asked for a pause: going on at ${when(job.waitingUntil)}.`}</p>
        )}
        <div>
          <Button onClick={onCancel}>{t`Stop`}</Button>
        </div>
      </div>
    );
  return (
    <div role="status" className={styles.form}>
      {job.status === 'done' && (
        <p>{t`Added ${n(job.imported)} readings over ${n(job.days)} days from ${vendor}; ${n(job.skipped)} skipped because the station has its own readings for those times.`}</p>
      )}
      {job.status === 'cancelled' && <p>{t`Stopped: ${n(job.imported)} readings added.`}</p>}
      {job.status === 'rolledBack' && <p>{t`Undone: the station has the data it had before.`}</p>}
      {job.status === 'failed' && (
        <p className={styles.error} role="alert">
          {code ? i18n._(ERROR_TEXTS[code]) : t`The backfill failed.`}{' '}
          {t`${n(job.imported)} readings were added before it stopped.`}
        </p>
      )}
    </div>
  );
}
