// Data Export (spec §2, §3 Export, §4 Export dialog): station, start and end date, format; the dialog asks for
// confirmation, then shows the download's progress with a cancel button. The data worker downloads the file
// from the server's export URL (with a one-minute download token); offline there is nothing to export from.
// The period rules are in exportRange.ts, the job in useExportJob.ts.
import { useLingui } from '@lingui/react/macro';
import { WifiOff } from 'lucide-react';
import { useState } from 'react';
import { EmptyState, Page } from '../../components/Page';
import { useStationChoice } from '../../components/StationSelect';
import { useLink } from '../../components/useLink';
import { useDevice, useDevices, useUnits } from '../../db/hooks';
import { DEFAULT_TIME_ZONE } from '../../domain';
import { formatDay } from '../../i18n/dateTime';
import { ExportDialog } from './ExportDialog';
import { ExportForm, type ExportFormValue, FORMAT_NAMES } from './ExportForm';
import styles from './ExportPage.module.css';
import { defaultDays, exportWindow, periodError } from './exportRange';
import { useExportJob } from './useExportJob';

export default function ExportPage() {
  const { t, i18n } = useLingui();
  const prefs = useUnits();
  const devices = useDevices();
  const [deviceId, setDeviceId] = useStationChoice(devices);
  const device = useDevice(deviceId);
  const link = useLink();
  const online = link !== 'offline';
  const tz = device?.timezone ?? DEFAULT_TIME_ZONE;
  const [days, setDays] = useState(() => defaultDays(Date.now() / 1000, tz));
  const [format, setFormat] = useState<ExportFormValue['format']>('csv');
  const [error, setError] = useState<string | null>(null);
  const job = useExportJob();

  if (devices && devices.length === 0)
    return (
      <Page title={t`Data Export`}>
        <EmptyState title={t`No stations are found`} />
      </Page>
    );

  const win = exportWindow(days.from, days.to, tz);
  const change = (patch: Partial<ExportFormValue>) => {
    if (patch.deviceId) setDeviceId(patch.deviceId);
    if (patch.format) setFormat(patch.format);
    if (patch.from !== undefined || patch.to !== undefined) setDays((d) => ({ ...d, ...patch }));
  };
  const submit = () => {
    const problem = periodError(win);
    setError(problem);
    if (!problem) job.confirm();
  };
  const start = () => {
    if (!deviceId || !win) return;
    void job.start({ device: deviceId, startTime: win.start, endTime: win.end, format, locale: i18n.locale });
  };
  const dayText = (s: string) => formatDay(s, i18n.locale, prefs);
  const formatName = FORMAT_NAMES[format];

  return (
    <Page title={t`Data Export`}>
      {link === 'offline' && (
        <p className={styles.offline} role="status">
          <WifiOff size={16} aria-hidden="true" />
          {t`You are offline. Exporting needs a connection to the server: the readings are read there.`}
        </p>
      )}
      <ExportForm
        devices={devices}
        value={{ deviceId, from: days.from, to: days.to, format }}
        onChange={change}
        error={error}
        canExport={online && !!deviceId}
        onSubmit={submit}
      />
      <ExportDialog
        phase={job.phase}
        question={t`Export the readings of ${device?.name ?? ''} from ${dayText(days.from)} to ${dayText(days.to)} as ${formatName}?`}
        onStart={start}
        onCancel={job.cancel}
        onClose={job.close}
      />
    </Page>
  );
}
