// Import history (issue 25): the owner picks a station and a file from WeeWX, CumulusMX, Ecowitt, Weather
// Underground or any CSV; the file streams to the server (the data worker sends it from disk), the dry run says
// what it holds and what overlaps, the owner chooses to keep or replace what the station has, and the import runs
// on the server with its progress here, a cancel, and an undo. The import itself: server/import/.
import { useLingui } from '@lingui/react/macro';
import { FileUp, Undo2, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/Button';
import { EmptyState, Page, Panel } from '../../components/Page';
import { SelectField } from '../../components/SelectField';
import { StationSelect, useStationChoice } from '../../components/StationSelect';
import { useLink } from '../../components/useLink';
import { relationOf } from '../../db/devices';
import { useAuth, useDevice, useDevices, useUnits } from '../../db/hooks';
import { DEFAULT_TIME_ZONE } from '../../domain';
import type { CumulusUnits, ImportJob, ImportPolicy } from '../../domain/imports';
import { formatDateTime } from '../../i18n/dateTime';
import { translateServerMessage as tr } from '../../i18n/messages';
import { BackfillPanel } from './BackfillPanel';
import styles from './ImportPage.module.css';
import { ImportReportView } from './ImportReportView';
import { MappingForm } from './MappingForm';
import { FORMAT_NAMES, STATUS_NAMES } from './names';
import { useImport } from './useImport';

export default function ImportPage() {
  const { t, i18n } = useLingui();
  const auth = useAuth();
  const prefs = useUnits();
  const all = useDevices();
  const devices = all?.filter((d) => relationOf(d, auth?.user?._id) === 'owned');
  const [deviceId, setDeviceId] = useStationChoice(devices);
  const device = useDevice(deviceId);
  const link = useLink();
  const online = link !== 'offline';
  const tz = device?.timezone || DEFAULT_TIME_ZONE;
  const [file, setFile] = useState<File | null>(null);
  const [policy, setPolicy] = useState<ImportPolicy>('keep');
  const [units, setUnits] = useState<CumulusUnits>({});
  const job = useImport(deviceId);
  const { phase } = job;

  if (devices && devices.length === 0)
    return (
      <Page title={t`Import history`}>
        <EmptyState title={t`No stations of your own to import into`} />
      </Page>
    );

  const busy = phase.kind === 'uploading' || phase.kind === 'checking' || phase.kind === 'importing';
  const report =
    phase.kind === 'report' || phase.kind === 'importing' || phase.kind === 'finished' ? phase.report : null;
  const cumulus = report?.format === 'cumulus-log' || report?.format === 'cumulus-dayfile';
  const when = (ms: number) => formatDateTime(ms, i18n.locale, prefs, { timeZone: tz });
  const unitChoice = (kind: keyof CumulusUnits, label: string, options: string[]) => (
    <SelectField
      label={label}
      value={units[kind] ?? options[0]}
      disabled={phase.kind !== 'report'}
      onChange={(e) => {
        const next = { ...units, [kind]: e.target.value };
        setUnits(next);
        if (file) void job.check(file, { units: next });
      }}
      options={options.map((o) => ({ value: o, label: o }))}
    />
  );

  return (
    <Page title={t`Import history`}>
      {!online && (
        <p className={styles.offline} role="status">
          <WifiOff size={16} aria-hidden="true" />
          {t`You are offline. Importing needs a connection to the server.`}
        </p>
      )}
      <Panel>
        <div className={styles.form}>
          {devices && (
            <StationSelect
              devices={devices}
              value={deviceId}
              onChange={(id) => {
                job.reset();
                setDeviceId(id);
              }}
            />
          )}
          <label className={styles.file}>
            <span className={styles.legend}>{t`File`}</span>
            <input
              type="file"
              accept=".sdb,.db,.sqlite,.txt,.csv,text/csv,text/plain,application/x-sqlite3"
              disabled={busy}
              onChange={(e) => {
                job.reset();
                setUnits({});
                setFile(e.target.files?.[0] ?? null);
              }}
            />
          </label>
          <p className={styles.note}>
            {t`A WeeWX database (weewx.sdb), CumulusMX monthly logs or dayfile.txt, an Ecowitt or Weather Underground export, or any CSV with a header row. The file is checked first: nothing is stored until you import.`}
          </p>
          <div className={styles.buttons}>
            <Button
              variant="primary"
              icon={<FileUp size={18} aria-hidden="true" />}
              disabled={!online || !file || !deviceId || busy}
              onClick={() => file && void job.check(file, {})}
            >
              {t`Check the file`}
            </Button>
          </div>
        </div>
      </Panel>

      {phase.kind === 'uploading' && (
        <Panel>
          <div className={styles.form} role="status">
            <p>{t`Uploading ${file?.name ?? ''}…`}</p>
            <progress
              className={styles.progress}
              max={phase.total || 1}
              value={phase.sent}
              aria-label={t`Upload`}
            />
            <div>
              <Button onClick={job.cancelUpload}>{t`Cancel`}</Button>
            </div>
          </div>
        </Panel>
      )}
      {phase.kind === 'checking' && (
        <Panel>
          <p role="status">{t`Reading the file…`}</p>
        </Panel>
      )}
      {phase.kind === 'error' && (
        <Panel>
          <p className={styles.error} role="alert">
            {tr(phase.message)}
          </p>
        </Panel>
      )}
      {phase.kind === 'mapping' && (
        <Panel>
          <MappingForm
            columns={phase.columns}
            onSubmit={(mapping) => file && void job.check(file, { mapping })}
          />
        </Panel>
      )}

      {report && (
        <Panel>
          <div className={styles.form}>
            <h2 className={styles.heading}>{t`What the file holds`}</h2>
            <ImportReportView report={report} timeZone={tz} />
            {cumulus && (
              <div className={styles.units}>
                <p
                  className={styles.note}
                >{t`Cumulus files do not say their units: pick the ones Cumulus was set to.`}</p>
                {unitChoice('temp', t`Temperature`, ['C', 'F'])}
                {unitChoice('wind', t`Wind speed`, ['m/s', 'km/h', 'mph', 'kn'])}
                {unitChoice('pressure', t`Pressure`, ['hPa', 'inHg', 'kPa', 'mmHg'])}
                {unitChoice('rain', t`Rain`, ['mm', 'in'])}
              </div>
            )}
            {phase.kind === 'report' && (
              <>
                <fieldset className={styles.choices}>
                  <legend className={styles.legend}>{t`Where the station already has data`}</legend>
                  <label className={styles.choice}>
                    <input
                      type="radio"
                      name="policy"
                      checked={policy === 'keep'}
                      onChange={() => setPolicy('keep')}
                    />
                    <span>{t`Keep what the station has`}</span>
                  </label>
                  <label className={styles.choice}>
                    <input
                      type="radio"
                      name="policy"
                      checked={policy === 'replace'}
                      onChange={() => setPolicy('replace')}
                    />
                    <span>{t`Replace it with the file's readings`}</span>
                  </label>
                </fieldset>
                <div className={styles.buttons}>
                  <Button variant="primary" disabled={!online} onClick={() => void job.start(report, policy)}>
                    {t`Import`}
                  </Button>
                </div>
              </>
            )}
            {phase.kind === 'importing' && (
              <div role="status" className={styles.form}>
                <p>{t`Importing: ${phase.job.position.toLocaleString(i18n.locale)} of ${report.rows.toLocaleString(i18n.locale)} rows`}</p>
                <progress
                  className={styles.progress}
                  max={report.rows || 1}
                  value={phase.job.position}
                  aria-label={t`Import`}
                />
                <div>
                  <Button onClick={() => void job.cancel(phase.job)}>{t`Cancel`}</Button>
                </div>
              </div>
            )}
            {phase.kind === 'finished' && (
              <Outcome
                job={phase.job}
                onResume={() => void job.start(report, policy)}
                onUndo={() => void job.undo(phase.job)}
              />
            )}
          </div>
        </Panel>
      )}

      {job.history.length > 0 && (
        <Panel>
          <h2 className={styles.heading}>{t`Earlier imports`}</h2>
          <ul className={styles.history}>
            {job.history.map((h) => (
              <li key={h._id}>
                <span>
                  <strong>{h.fileName}</strong> · {FORMAT_NAMES[h.format]} · {i18n._(STATUS_NAMES[h.status])}{' '}
                  · {t`${h.imported.toLocaleString(i18n.locale)} rows`} · {when(h.createdAt)}
                </span>
                {(h.status === 'done' || h.status === 'cancelled' || h.status === 'failed') && (
                  <Button
                    icon={<Undo2 size={16} aria-hidden="true" />}
                    disabled={!online || busy}
                    onClick={() => void job.undo(h)}
                  >
                    {t`Undo`}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </Panel>
      )}

      {deviceId && (
        <Panel>
          <BackfillPanel device={deviceId} timeZone={tz} online={online} connected={link === 'online'} />
        </Panel>
      )}
    </Page>
  );
}

function Outcome({ job, onResume, onUndo }: { job: ImportJob; onResume: () => void; onUndo: () => void }) {
  const { t, i18n } = useLingui();
  const n = (v: number) => v.toLocaleString(i18n.locale);
  return (
    <div className={styles.form} role="status">
      {job.status === 'done' && (
        <p>{t`Imported ${n(job.imported)} rows; ${n(job.skipped)} kept as the station had them. Graphs, records and exports include them now.`}</p>
      )}
      {job.status === 'cancelled' && (
        <p>{t`Stopped after ${n(job.imported)} rows. Resume it, or undo what was imported.`}</p>
      )}
      {job.status === 'failed' && <p className={styles.error}>{t`The import failed: ${job.error ?? ''}`}</p>}
      {job.status === 'rolledBack' && <p>{t`Undone: the station has the data it had before.`}</p>}
      <div className={styles.buttons}>
        {(job.status === 'cancelled' || job.status === 'failed') && (
          <Button variant="primary" onClick={onResume}>
            {t`Resume`}
          </Button>
        )}
        {job.status !== 'rolledBack' && (
          <Button icon={<Undo2 size={16} aria-hidden="true" />} onClick={onUndo}>
            {t`Undo`}
          </Button>
        )}
      </div>
    </div>
  );
}
