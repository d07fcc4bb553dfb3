// A station's data quality (issue 24): the values quality control left out of its data over the last week, by
// the station's day with that day's gaps, each with its reason; the owner accepts one (it was real: back into the
// aggregates and records) or rejects it. The owner's own limits per metric are set here too (a settings record,
// saved through the outbox like any). Online only for the list: the server keeps the flags. Below, the owner's
// corrections of readings with their edit log and each reading's source (Corrections.tsx).
import { useLingui } from '@lingui/react/macro';
import { ShieldCheck, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFoundView } from '../../app/ErrorPage';
import { usePageTitle } from '../../app/title';
import { dataWorker } from '../../bridge/worker';
import { baseUnitName } from '../../cards/calibration';
import { Button } from '../../components/Button';
import { spanText } from '../../components/DataGaps';
import { EmptyState, Page, Panel } from '../../components/Page';
import { SelectField } from '../../components/SelectField';
import { StationSelect } from '../../components/StationSelect';
import { TextField } from '../../components/TextField';
import { useLink } from '../../components/useLink';
import { saveSettings } from '../../db/edits';
import {
  useAuth,
  useDevice,
  useDevices,
  useSeenKeys,
  useSelectedDeviceId,
  useSettings,
  useUnits,
} from '../../db/hooks';
import { deviceType } from '../../domain';
import { METRIC_BY_KEY } from '../../domain/catalogue';
import type { Device } from '../../domain/contract';
import {
  limitable,
  localDay,
  type QcAnswer,
  type QcFlag,
  type QcLimit,
  type QcReason,
} from '../../domain/qc';
import { formatDateTime, formatDay } from '../../i18n/dateTime';
import { localizeNumber } from '../../i18n/format';
import { translateServerMessage as tr } from '../../i18n/messages';
import { errorText } from '../../state/ui';
import { itemLabel } from '../alert/alertItems';
import { Corrections } from './Corrections';
import styles from './QualityPage.module.css';

/** Days the page lists. */
const DAYS = 7;

/** The station's measured metrics (those it has reported, else its type's), as the Calibration page has them. */
function metricsOf(device: Device, seen: string[] | undefined): string[] {
  const reported = seen?.filter(limitable) ?? [];
  return reported.length > 0 ? reported : deviceType(device.consoletype).metrics.filter(limitable);
}

/** The metrics a correction offers: those the station has reported (rain totals too), else its type's. */
function correctable(device: Device, seen: string[] | undefined): string[] {
  const reported = seen?.filter((k) => METRIC_BY_KEY[k]) ?? [];
  return reported.length > 0
    ? reported
    : deviceType(device.consoletype).metrics.filter((k) => METRIC_BY_KEY[k]);
}

const number = (text: string): number | undefined => {
  const s = text.trim().replace(',', '.');
  return s === '' ? undefined : Number(s);
};

export default function QualityPage() {
  const { t, i18n } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const devices = useDevices();
  const selected = useSelectedDeviceId();
  const deviceId = id ?? selected;
  const device = useDevice(deviceId);
  const settings = useSettings('qcLimits', deviceId);
  const seen = useSeenKeys(deviceId);
  const prefs = useUnits();
  const auth = useAuth();
  const link = useLink();
  const [answer, setAnswer] = useState<QcAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [decideError, setDecideError] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ key: string; min: string; max: string } | null>(null);
  const [draftError, setDraftError] = useState<string | null>(null);
  usePageTitle(device ? t`Data quality of ${device.name}` : undefined);

  const owner = !!auth?.user && !!device && (device.user === auth.user._id || !!auth.user.isAdmin);
  const online = link === 'online';
  const shownId = device?._id;
  useEffect(() => {
    setAnswer(null);
    setLoadError(null);
    if (!online || !owner || !shownId) return;
    let live = true;
    dataWorker
      .loadQcFlags(shownId, DAYS)
      .then((a) => live && setAnswer(a))
      .catch((e) => live && setLoadError(errorText(e)));
    return () => {
      live = false;
    };
  }, [shownId, online, owner]);

  if (devices === undefined) return <div aria-busy="true" />;
  if (id && !devices.some((d) => d._id === id)) return <NotFoundView />;
  if (!device) {
    return (
      <Page title={t`Data quality`}>
        <EmptyState icon={<ShieldCheck size={40} aria-hidden="true" />} title={t`No stations are found`}>
          <Link to="/devices?add=1">{t`Add a station`}</Link>
        </EmptyState>
      </Page>
    );
  }

  const num = (n: number) => localizeNumber(String(Math.round(n * 1000) / 1000), i18n.locale);
  const amount = (key: string, v: number) => `${num(v)} ${baseUnitName(key)}`.trim();
  // The date goes in the day's heading; a row shows the time (formatDateTime's date has no spaces).
  const timeOf = (s: number) =>
    formatDateTime(s * 1000, i18n.locale, prefs, { timeZone: device.timezone })
      .split(' ')
      .slice(1)
      .join(' ');
  const dateTime = (s: number) => formatDateTime(s * 1000, i18n.locale, prefs, { timeZone: device.timezone });
  const reasonText: Record<QcReason, string> = {
    limit: t`Outside what the sensor can measure`,
    ownerLimit: t`Outside your limits`,
    spike: t`Changed too fast (spike)`,
    stuck: t`Unchanged for too long (stuck sensor)`,
    rainReset: t`Rain counter went back: a reset, kept`,
  };
  const statusText = (f: QcFlag) =>
    f.status === 'accepted'
      ? t`Accepted`
      : f.status === 'rejected'
        ? t`Rejected`
        : t`Waiting for your decision`;

  const decide = async (f: QcFlag, status: 'accepted' | 'rejected') => {
    setBusy(f._id);
    setDecideError(null);
    try {
      const next = await dataWorker.decideQcFlag(f._id, status);
      setAnswer(
        (a) =>
          a && {
            ...a,
            days: a.days.map((d) => ({ ...d, flags: d.flags.map((x) => (x._id === next._id ? next : x)) })),
          },
      );
    } catch (e) {
      setDecideError(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  const limits = settings?.limits ?? [];
  const keys = metricsOf(device, seen).filter((k) => !limits.some((l) => l.key === k));
  const saveLimits = (next: QcLimit[]) => saveSettings('qcLimits', device._id, { limits: next });
  const addLimit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!draft) return;
    const min = number(draft.min);
    const max = number(draft.max);
    const def = METRIC_BY_KEY[draft.key];
    if ((min !== undefined && !Number.isFinite(min)) || (max !== undefined && !Number.isFinite(max)))
      return setDraftError(t`Enter numbers only.`);
    if (min === undefined && max === undefined) return setDraftError(t`Enter a lowest or a highest value.`);
    if ([min, max].some((v) => v !== undefined && (v < def.min || v > def.max)))
      return setDraftError(
        t`Limits must lie within ${amount(def.key, def.min)} … ${amount(def.key, def.max)}.`,
      );
    if (min !== undefined && max !== undefined && min >= max)
      return setDraftError(t`The lowest value must be below the highest.`);
    setDraftError(null);
    setDraft(null);
    void saveLimits([
      ...limits,
      { key: draft.key, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) },
    ]);
  };
  const limitText = (l: QcLimit) => {
    const from = l.min !== undefined ? amount(l.key, l.min) : '';
    const to = l.max !== undefined ? amount(l.key, l.max) : '';
    if (from && to) return t`${from} to ${to}`;
    return from ? t`At least ${from}` : t`At most ${to}`;
  };

  // Each day's gaps beside its flags; a day with only gaps is listed too.
  const days = new Map<string, { flags: QcFlag[]; gaps: QcAnswer['gaps']['gaps'] }>();
  for (const d of answer?.days ?? []) days.set(d.day, { flags: d.flags, gaps: [] });
  for (const g of answer?.gaps.gaps ?? []) {
    const day = localDay(g.from, device.timezone);
    const entry = days.get(day) ?? { flags: [], gaps: [] };
    entry.gaps.push(g);
    days.set(day, entry);
  }
  const dayList = [...days].sort((a, b) => (a[0] < b[0] ? 1 : -1));

  return (
    <Page title={t`Data quality`}>
      {devices.length > 1 && (
        <StationSelect
          devices={devices}
          value={device._id}
          onChange={(next) => void navigate(`/quality/${next}`)}
        />
      )}
      <p className={styles.intro}>
        {t`Readings that fail a check are left out of cards, graphs, aggregates, records, alerts and forwarding, and kept here with the reason: outside what the sensor can measure or your limits, a change too fast to be real, or a sensor stuck on one value. Accept a value that was real and it goes back into the data; reject it and it stays out.`}
      </p>
      {!owner ? (
        <p className={styles.note}>{t`Only the station's owner sees its data quality.`}</p>
      ) : (
        <>
          <Panel>
            <h2 className={styles.title}>{t`Left out in the last week`}</h2>
            {link === 'offline' && (
              <p className={styles.note}>{t`The list loads when the connection is back.`}</p>
            )}
            {loadError && online && (
              <p className={styles.error} role="alert">
                {tr(loadError)}
              </p>
            )}
            {decideError && (
              <p className={styles.error} role="alert">
                {tr(decideError)}
              </p>
            )}
            {link !== 'offline' && !answer && !loadError && <p className={styles.note}>{t`Loading…`}</p>}
            {answer && dayList.length === 0 && (
              <p className={styles.note}>{t`Nothing was left out and no readings are missing.`}</p>
            )}
            {answer?.truncated && (
              <p className={styles.note}>{t`Only the newest flagged values are shown.`}</p>
            )}
            {dayList.map(([day, { flags, gaps }]) => (
              <section key={day} className={styles.day} aria-label={formatDay(day, i18n.locale, prefs)}>
                <h3 className={styles.dayTitle}>{formatDay(day, i18n.locale, prefs)}</h3>
                {gaps.length > 0 && (
                  <ul className={styles.gaps}>
                    {gaps.map((g) => {
                      const from = dateTime(g.from);
                      const to = dateTime(g.to);
                      const span = spanText(g.to - g.from, i18n.locale);
                      return (
                        <li key={g.from}>
                          {g.ongoing
                            ? t`No readings since ${from}`
                            : t`No readings from ${from} to ${to} (${span})`}
                        </li>
                      );
                    })}
                  </ul>
                )}
                {flags.length > 0 && (
                  <ul className={styles.flags}>
                    {flags.map((f) => (
                      <li key={f._id} className={styles.flag} data-testid="qc-flag" data-status={f.status}>
                        <span className={`${styles.time} tabular`}>{timeOf(f.time)}</span>
                        <span className={styles.what}>
                          <strong>{itemLabel(f.key, device)}</strong>{' '}
                          <span className={`${styles.value} tabular`}>{amount(f.key, f.value)}</span>
                        </span>
                        <span className={styles.reason}>{reasonText[f.reason]}</span>
                        <span className={styles[f.status]}>{statusText(f)}</span>
                        <span className={styles.actions}>
                          {f.status !== 'accepted' && f.reason !== 'limit' && (
                            <Button
                              size="sm"
                              disabled={busy === f._id || !online}
                              onClick={() => void decide(f, 'accepted')}
                              aria-label={t`Accept ${itemLabel(f.key, device)} ${amount(f.key, f.value)} at ${timeOf(f.time)}`}
                            >
                              {t`Accept`}
                            </Button>
                          )}
                          {f.status === 'flagged' && (
                            <Button
                              size="sm"
                              variant="ghost"
                              disabled={busy === f._id || !online}
                              onClick={() => void decide(f, 'rejected')}
                              aria-label={t`Reject ${itemLabel(f.key, device)} ${amount(f.key, f.value)} at ${timeOf(f.time)}`}
                            >
                              {t`Reject`}
                            </Button>
                          )}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </Panel>

          <Panel>
            <h2 className={styles.title}>{t`Your limits`}</h2>
            <p className={styles.note}>
              {t`A reading below the lowest or above the highest value you set for a metric is left out, as a value outside what the sensor can measure is.`}
            </p>
            {settings === undefined ? (
              <div aria-busy="true" />
            ) : limits.length === 0 ? (
              <p className={styles.note}>{t`No limits of your own.`}</p>
            ) : (
              <ul className={styles.limits} aria-label={t`Your limits`}>
                {limits.map((l) => (
                  <li key={l.key} className={styles.limit} data-key={l.key}>
                    <strong>{itemLabel(l.key, device)}</strong>
                    <span className="tabular">{limitText(l)}</span>
                    <Button
                      variant="ghost"
                      iconOnly
                      icon={<Trash2 size={16} aria-hidden="true" />}
                      aria-label={t`Remove the limit of ${itemLabel(l.key, device)}`}
                      onClick={() => void saveLimits(limits.filter((x) => x !== l))}
                    />
                  </li>
                ))}
              </ul>
            )}
            {draft ? (
              <form className={styles.form} onSubmit={addLimit} aria-label={t`New limit`}>
                <SelectField
                  label={t`Metric`}
                  value={draft.key}
                  options={keys.map((k) => ({ value: k, label: itemLabel(k, device) }))}
                  onChange={(e) => setDraft({ ...draft, key: e.target.value })}
                />
                <div className={styles.bounds}>
                  <TextField
                    label={t`Lowest (${baseUnitName(draft.key)})`}
                    inputMode="decimal"
                    value={draft.min}
                    onChange={(e) => setDraft({ ...draft, min: e.target.value })}
                  />
                  <TextField
                    label={t`Highest (${baseUnitName(draft.key)})`}
                    inputMode="decimal"
                    value={draft.max}
                    onChange={(e) => setDraft({ ...draft, max: e.target.value })}
                  />
                </div>
                {draftError && (
                  <p className={styles.error} role="alert">
                    {draftError}
                  </p>
                )}
                <div className={styles.formActions}>
                  <Button variant="ghost" onClick={() => setDraft(null)}>
                    {t`Cancel`}
                  </Button>
                  <Button type="submit" variant="primary">
                    {t`Add`}
                  </Button>
                </div>
              </form>
            ) : (
              keys.length > 0 && (
                <Button
                  className={styles.addLimit}
                  onClick={() => setDraft({ key: keys[0], min: '', max: '' })}
                >
                  {t`Add a limit`}
                </Button>
              )
            )}
          </Panel>

          <Corrections device={device} keys={correctable(device, seen)} link={link} />
        </>
      )}
    </Page>
  );
}
