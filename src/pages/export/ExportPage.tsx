// Data Export (spec §2, §3 Export, §4 Export dialog): station, start and end date, format; the dialog asks for
// confirmation, then shows the download's progress with a cancel button. The data worker downloads the file
// from the server's export URL (with a one-minute download token); offline there is nothing to export from.
import { useLingui } from '@lingui/react/macro';
import { proxy } from 'comlink';
import { Download, FileSpreadsheet, WifiOff } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { ExportFormat } from '../../../workers/api';
import { dataWorker } from '../../api/worker';
import { Button } from '../../components/Button';
import { AppDialog } from '../../components/Dialog';
import { EmptyState, Page, Panel } from '../../components/Page';
import { StationSelect, useStationChoice } from '../../components/StationSelect';
import { TextField } from '../../components/TextField';
import { useLink } from '../../components/useLink';
import { useDevice, useDevices } from '../../db/hooks';
import { localParts, MESSAGES, zonedMidnight } from '../../domain';
import { translateServerMessage as tr } from '../../i18n/messages';
import { errorText } from '../../state/ui';
import styles from './ExportPage.module.css';

export const MAX_EXPORT_DAYS = 400;

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (t: number, tz: string) => {
  const p = localParts(t, tz);
  return `${p.y}-${pad(p.m)}-${pad(p.d)}`;
};

/** [start, end) in unix s of two 'YYYY-MM-DD' days in the station's time zone, both days included. */
export function exportWindow(from: string, to: string, tz: string): { start: number; end: number } | null {
  const a = from.split('-').map(Number);
  const b = to.split('-').map(Number);
  if (a.length !== 3 || b.length !== 3 || [...a, ...b].some((n) => !Number.isFinite(n))) return null;
  const start = zonedMidnight(a[0], a[1], a[2], tz);
  const end = zonedMidnight(b[0], b[1], b[2] + 1, tz);
  return end > start ? { start, end } : null;
}

type Phase =
  | { kind: 'confirm' }
  | { kind: 'running'; received: number; total: number | null }
  | { kind: 'done'; name: string }
  | { kind: 'error'; message: string };

function sizeText(bytes: number, locale: string): string {
  const nf = (v: number, dp = 1) => new Intl.NumberFormat(locale, { maximumFractionDigits: dp }).format(v);
  // Spec §9: sizes switch units above 512.
  if (bytes <= 512) return `${nf(bytes, 0)} B`;
  if (bytes <= 512 * 1024) return `${nf(bytes / 1024)} KB`;
  return `${nf(bytes / 1024 / 1024)} MB`;
}

export default function ExportPage() {
  const { t, i18n } = useLingui();
  const devices = useDevices();
  const [deviceId, setDeviceId] = useStationChoice(devices);
  const device = useDevice(deviceId);
  const link = useLink();
  const online = link !== 'offline';
  const tz = device?.timezone ?? 'Asia/Hong_Kong';
  const now = Date.now() / 1000;
  const [from, setFrom] = useState(() => ymd(now - 6 * 86400, tz));
  const [to, setTo] = useState(() => ymd(now, tz));
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase | null>(null);
  const job = useRef<string | null>(null);
  const formatId = useId();

  if (devices && devices.length === 0)
    return (
      <Page title={t`Data Export`}>
        <EmptyState title={t`No stations are found`} />
      </Page>
    );

  const win = exportWindow(from, to, tz);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!win) return setError(MESSAGES.invalidTimePeriod);
    if (win.end - win.start > MAX_EXPORT_DAYS * 86400) return setError(MESSAGES.invalidTimePeriod);
    setError(null);
    setPhase({ kind: 'confirm' });
  };

  const start = async () => {
    if (!deviceId || !win) return;
    const id = `${Date.now()}-${Math.random().toString(16).slice(2)}`;
    job.current = id;
    setPhase({ kind: 'running', received: 0, total: null });
    try {
      const { blob, name } = await dataWorker.exportData(
        id,
        { device: deviceId, startTime: win.start, endTime: win.end, format, locale: i18n.locale },
        proxy((received: number, total: number | null) => {
          if (job.current === id) setPhase({ kind: 'running', received, total });
        }),
      );
      if (job.current !== id) return;
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setPhase({ kind: 'done', name });
    } catch (e) {
      if (job.current !== id) return;
      const message = errorText(e);
      if (message === 'Export cancelled') setPhase(null);
      else setPhase({ kind: 'error', message });
    } finally {
      if (job.current === id) job.current = null;
    }
  };

  const cancel = () => {
    const id = job.current;
    job.current = null;
    if (id) void dataWorker.cancelExport(id);
    setPhase(null);
  };

  const dayText = (s: string) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${s}T12:00:00Z`),
    );
  const formatName = format === 'csv' ? 'CSV' : 'Excel (XLSX)';
  const running = phase?.kind === 'running' ? phase : null;
  const percent = running?.total ? Math.min(100, Math.round((running.received / running.total) * 100)) : null;

  return (
    <Page title={t`Data Export`}>
      {link === 'offline' && (
        <p className={styles.offline} role="status">
          <WifiOff size={16} aria-hidden="true" />
          {t`You are offline. Exporting needs a connection to the server: the readings are read there.`}
        </p>
      )}
      <Panel>
        <form className={styles.form} onSubmit={submit} noValidate>
          {devices && <StationSelect devices={devices} value={deviceId} onChange={setDeviceId} />}
          <div className={styles.dates}>
            <TextField
              label={t`Start date`}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
              error={error && tr(error)}
            />
            <TextField
              label={t`End date`}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <fieldset className={styles.formats}>
            <legend id={formatId} className={styles.legend}>
              {t`Format`}
            </legend>
            {(['csv', 'xlsx'] as const).map((f) => (
              <label key={f} className={styles.format}>
                <input
                  type="radio"
                  name="format"
                  value={f}
                  checked={format === f}
                  onChange={() => setFormat(f)}
                />
                <FileSpreadsheet size={18} aria-hidden="true" />
                <span>{f === 'csv' ? 'CSV' : 'Excel (XLSX)'}</span>
              </label>
            ))}
          </fieldset>
          <p className={styles.note}>
            {t`5-minute readings in your units and the station's time zone. At most ${MAX_EXPORT_DAYS} days at a time.`}
          </p>
          <div>
            <Button
              type="submit"
              variant="primary"
              icon={<Download size={18} aria-hidden="true" />}
              disabled={!online || !deviceId}
            >
              {t`Export`}
            </Button>
          </div>
        </form>
      </Panel>

      <AppDialog
        open={phase !== null}
        onClose={phase?.kind === 'running' ? cancel : () => setPhase(null)}
        busy={false}
        title={
          phase?.kind === 'running'
            ? t`Exporting…`
            : phase?.kind === 'done'
              ? t`Export ready`
              : t`Export data`
        }
        actions={
          phase?.kind === 'confirm' ? (
            <>
              <Button variant="ghost" onClick={() => setPhase(null)}>
                {t`Cancel`}
              </Button>
              <Button variant="primary" onClick={() => void start()}>
                {t`Start export`}
              </Button>
            </>
          ) : phase?.kind === 'running' ? (
            <Button onClick={cancel}>{t`Cancel`}</Button>
          ) : (
            <Button variant="primary" onClick={() => setPhase(null)}>
              {t`Close`}
            </Button>
          )
        }
      >
        {phase?.kind === 'confirm' && (
          <p>
            {t`Export the readings of ${device?.name ?? ''} from ${dayText(from)} to ${dayText(to)} as ${formatName}?`}
          </p>
        )}
        {running && (
          <>
            <div
              className={styles.progress}
              role="progressbar"
              aria-label={t`Export progress`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent ?? undefined}
              aria-valuetext={sizeText(running.received, i18n.locale)}
            >
              <span
                className={percent === null ? styles.indeterminate : styles.bar}
                style={percent === null ? undefined : { width: `${percent}%` }}
              />
            </div>
            <p className="tabular">
              {percent === null
                ? t`${sizeText(running.received, i18n.locale)} received`
                : t`${percent}% (${sizeText(running.received, i18n.locale)})`}
            </p>
          </>
        )}
        {phase?.kind === 'done' && <p>{t`The file ${phase.name} has been downloaded.`}</p>}
        {phase?.kind === 'error' && (
          <p className={styles.error} role="alert">
            {tr(phase.message)}
          </p>
        )}
      </AppDialog>
    </Page>
  );
}
