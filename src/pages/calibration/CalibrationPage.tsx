// A station's calibration (issue 24): per metric an offset, a multiplier and an optional quadratic term from a
// chosen time on, applied by the server to every upload after it. Saved through the outbox like any settings
// record (offline too); everyone who can read the station sees it, only its owner changes it.
import { useLingui } from '@lingui/react/macro';
import { SlidersHorizontal, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFoundView } from '../../app/ErrorPage';
import { usePageTitle } from '../../app/title';
import { baseUnitName, correctionText } from '../../cards/calibration';
import { Button } from '../../components/Button';
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
  useLatest,
  useSeenKeys,
  useSelectedDeviceId,
  useSettings,
  useUnits,
} from '../../db/hooks';
import { deviceType } from '../../domain';
import {
  type CalibrationEntry,
  calibratable,
  calibrate,
  calibrationAt,
  MAX_CALIBRATIONS,
} from '../../domain/calibration';
import type { Device } from '../../domain/contract';
import { formatDateTime } from '../../i18n/dateTime';
import { localizeNumber } from '../../i18n/format';
import { itemLabel } from '../alert/alertItems';
import { ApplyToHistory } from './ApplyToHistory';
import styles from './CalibrationPage.module.css';
import { NeighbourCheck } from './NeighbourCheck';

/** The unit readings are stored in (the calibration's terms are in it, whatever the user reads). */
const baseUnit = baseUnitName;

/** The station's measured metrics (those it has reported, else its type's). */
function metricsOf(device: Device, seen: string[] | undefined): string[] {
  const reported = seen?.filter(calibratable) ?? [];
  return reported.length > 0 ? reported : deviceType(device.consoletype).metrics.filter(calibratable);
}

/** A datetime-local value (the browser's zone) for a time. */
const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

interface Draft {
  key: string;
  offset: string;
  multiplier: string;
  quadratic: string;
  since: string;
}

const number = (text: string, fallback: number) => {
  const s = text.trim().replace(',', '.');
  return s === '' ? fallback : Number(s);
};

export default function CalibrationPage() {
  const { t, i18n } = useLingui();
  const { id } = useParams();
  const navigate = useNavigate();
  const devices = useDevices();
  const selected = useSelectedDeviceId();
  const deviceId = id ?? selected;
  const device = useDevice(deviceId);
  const settings = useSettings('calibration', deviceId);
  const seen = useSeenKeys(deviceId);
  const latest = useLatest(deviceId);
  const prefs = useUnits();
  const auth = useAuth();
  const link = useLink();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The metric of the calibration just added: "Apply to history" offers it. */
  const [justSaved, setJustSaved] = useState<string | null>(null);
  usePageTitle(device ? t`Calibration of ${device.name}` : undefined);

  if (devices === undefined) return <div aria-busy="true" />;
  if (id && !devices.some((d) => d._id === id)) return <NotFoundView />;
  if (!device) {
    return (
      <Page title={t`Calibration`}>
        <EmptyState
          icon={<SlidersHorizontal size={40} aria-hidden="true" />}
          title={t`No stations are found`}
        >
          <Link to="/devices?add=1">{t`Add a station`}</Link>
        </EmptyState>
      </Page>
    );
  }
  const owner = !!auth?.user && (device.user === auth.user._id || !!auth.user.isAdmin);
  const entries = settings?.entries ?? [];
  const now = Date.now();
  const keys = metricsOf(device, seen);
  const num = (n: number) => localizeNumber(String(Math.round(n * 10000) / 10000), i18n.locale);
  const when = (ms: number) => formatDateTime(ms, i18n.locale, prefs, { timeZone: device.timezone });

  const save = (next: CalibrationEntry[]) => saveSettings('calibration', device._id, { entries: next });

  const start = () =>
    setDraft({
      key: keys[0] ?? 'tempc0',
      offset: '',
      multiplier: '1',
      quadratic: '0',
      since: localInput(now),
    });

  // The entry the draft would add, or the reason it cannot.
  const parsed = (d: Draft): CalibrationEntry | string => {
    const e = {
      key: d.key,
      offset: number(d.offset, 0),
      multiplier: number(d.multiplier, 1),
      quadratic: number(d.quadratic, 0),
      since: new Date(d.since).getTime(),
    };
    if (![e.offset, e.multiplier, e.quadratic].every(Number.isFinite)) return t`Enter numbers only.`;
    if (Math.abs(e.offset) > 1000 || Math.abs(e.multiplier) > 100 || Math.abs(e.quadratic) > 10)
      return t`That correction is too large to be a calibration.`;
    if (e.multiplier === 0 && e.quadratic === 0) return t`The multiplier cannot be 0.`;
    if (!Number.isFinite(e.since)) return t`Choose when it takes effect.`;
    if (entries.some((x) => x.key === e.key && x.since === e.since))
      return t`This metric already has a calibration from that time.`;
    if (entries.length >= MAX_CALIBRATIONS)
      return t`A station can keep at most ${MAX_CALIBRATIONS} calibrations.`;
    return e;
  };

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (!draft) return;
    const e = parsed(draft);
    if (typeof e === 'string') return setError(e);
    setError(null);
    setDraft(null);
    setJustSaved(e.key);
    void save([...entries, e]);
  };

  const sample = draft ? (latest?.sample?.[draft.key] ?? null) : null;
  const preview = draft && typeof parsed(draft) !== 'string' ? (parsed(draft) as CalibrationEntry) : null;
  const sorted = [...entries].sort((a, b) =>
    a.key === b.key ? b.since - a.since : itemLabel(a.key).localeCompare(itemLabel(b.key)),
  );

  return (
    <Page
      title={t`Calibration`}
      actions={
        owner && !draft ? (
          <Button icon={<SlidersHorizontal size={16} aria-hidden="true" />} onClick={start}>
            {t`Add a calibration`}
          </Button>
        ) : undefined
      }
    >
      {devices.length > 1 && (
        <StationSelect
          devices={devices}
          value={device._id}
          onChange={(next) => void navigate(`/calibration/${next}`)}
        />
      )}
      <p className={styles.intro}>
        {t`A calibration corrects what a sensor reads: each new reading v is stored as multiplier × v + offset (and a quadratic term if you give one), from the time you choose. Readings stored before that time are not changed.`}
      </p>
      {!owner && <p className={styles.note}>{t`Only the owner can change this station`}</p>}

      {draft && (
        <Panel>
          <form className={styles.form} onSubmit={submit} aria-label={t`New calibration`}>
            <SelectField
              label={t`Metric`}
              value={draft.key}
              options={keys.map((k) => ({ value: k, label: itemLabel(k, device) }))}
              onChange={(e) => setDraft({ ...draft, key: e.target.value })}
            />
            <div className={styles.terms}>
              <TextField
                label={t`Offset (${baseUnit(draft.key)})`}
                inputMode="decimal"
                value={draft.offset}
                placeholder="0"
                onChange={(e) => setDraft({ ...draft, offset: e.target.value })}
              />
              <TextField
                label={t`Multiplier`}
                inputMode="decimal"
                value={draft.multiplier}
                onChange={(e) => setDraft({ ...draft, multiplier: e.target.value })}
              />
              <TextField
                label={t`Quadratic term`}
                inputMode="decimal"
                value={draft.quadratic}
                onChange={(e) => setDraft({ ...draft, quadratic: e.target.value })}
              />
            </div>
            <TextField
              label={t`From`}
              type="datetime-local"
              value={draft.since}
              hint={t`Your device's time. Uploads from this time on are calibrated.`}
              onChange={(e) => setDraft({ ...draft, since: e.target.value })}
            />
            {preview && (
              <p className={styles.preview} data-testid="calibration-preview">
                {sample === null
                  ? t`Example: ${num(20)} ${baseUnit(preview.key)} is stored as ${num(calibrate(preview, 20))} ${baseUnit(preview.key)}.`
                  : t`The latest reading, ${num(sample)} ${baseUnit(preview.key)}, would be stored as ${num(calibrate(preview, sample))} ${baseUnit(preview.key)}.`}
              </p>
            )}
            {error && (
              <p className={styles.error} role="alert">
                {error}
              </p>
            )}
            <div className={styles.actions}>
              <Button variant="ghost" onClick={() => setDraft(null)}>
                {t`Cancel`}
              </Button>
              <Button type="submit" variant="primary">
                {t`Add`}
              </Button>
            </div>
          </form>
        </Panel>
      )}

      {settings === undefined ? (
        <div aria-busy="true" />
      ) : sorted.length === 0 ? (
        <p className={styles.none}>{t`No calibrations: readings are stored as the console sends them.`}</p>
      ) : (
        <ul className={styles.list} aria-label={t`Calibrations`}>
          {sorted.map((e) => {
            const active = calibrationAt(entries, e.key, now) === e;
            return (
              <li key={`${e.key}@${e.since}`} className={styles.entry} data-key={e.key}>
                <div className={styles.what}>
                  <strong>{itemLabel(e.key, device)}</strong>
                  <code className={styles.formula}>{correctionText(e, i18n.locale)}</code>
                </div>
                <div className={styles.when}>
                  {e.since > now
                    ? t`From ${when(e.since)}`
                    : active
                      ? t`In effect since ${when(e.since)}`
                      : t`Replaced; was in effect from ${when(e.since)}`}
                </div>
                {owner && (
                  <Button
                    variant="ghost"
                    iconOnly
                    icon={<Trash2 size={16} aria-hidden="true" />}
                    aria-label={t`Remove the calibration of ${itemLabel(e.key, device)} from ${when(e.since)}`}
                    onClick={() => void save(entries.filter((x) => x !== e))}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {owner && <ApplyToHistory device={device} entries={entries} justSaved={justSaved} />}
      {owner && <NeighbourCheck deviceId={device._id} entries={entries} link={link} />}
    </Page>
  );
}
