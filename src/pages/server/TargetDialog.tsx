// Add or edit an upload target: the network, its station ID and key (an edit shows no key: empty keeps it),
// for a custom server its address and format, for CWOP its APRS-IS server (optional), and the interval (at least
// the network's minimum). Each network's own words for the ID and key are the fields' hints.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { TargetInput } from '../../../workers/api';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { AppDialog } from '../../components/Dialog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import type { UploadTarget } from '../../domain/contract';
import { CUSTOM_FORMATS, NETWORK_IDS, NETWORKS, type NetworkId } from '../../domain/networks';
import styles from './ServerPage.module.css';

export function TargetDialog({
  open,
  device,
  editing,
  busy,
  error,
  onCancel,
  onSave,
}: {
  open: boolean;
  device: string;
  /** The target being edited; null to add one. */
  editing: UploadTarget | null;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onSave: (input: TargetInput) => void;
}) {
  const { t } = useLingui();
  const [network, setNetwork] = useState<NetworkId>('wunderground');
  const [stationId, setStationId] = useState('');
  const [key, setKey] = useState('');
  const [url, setUrl] = useState('');
  const [format, setFormat] = useState<string>('wunderground');
  const [interval, setInterval] = useState('');
  const [enabled, setEnabled] = useState(true);

  useEffect(() => {
    if (!open) return;
    const n = editing?.network ?? 'wunderground';
    setNetwork(n);
    setStationId(editing?.stationId ?? '');
    setKey('');
    setUrl(editing?.url ?? '');
    setFormat(editing?.format ?? 'wunderground');
    setInterval(String(editing?.interval ?? NETWORKS[n].defaultInterval));
    setEnabled(editing?.enabled ?? true);
  }, [open, editing]);

  const def = NETWORKS[network];
  const custom = network === 'custom';
  const networkName = custom ? t`Custom server` : def.name;
  const cwop = network === 'cwop';
  const FORMAT_NAMES: Record<string, string> = { wunderground: t`Wunderground`, ecowitt: t`Ecowitt` };
  // What the network calls the station ID and the key, where it differs from "station ID" and "key".
  const ID_HINTS: Partial<Record<NetworkId, string>> = {
    cwop: t`Your amateur radio call sign, or your CWOP id (CW0001).`,
    wow: t`The Site ID of your site at WOW.`,
    openweathermap: t`Leave empty: the station is registered with OpenWeatherMap on the first upload.`,
    windguru: t`The station UID at Windguru.`,
  };
  const KEY_HINTS: Partial<Record<NetworkId, string>> = {
    cwop: t`The APRS-IS passcode of your call sign; -1 for a CWOP id.`,
    wow: t`The authentication key set on your site at WOW.`,
    openweathermap: t`Your OpenWeatherMap API key.`,
    windguru: t`The API password set for the station at Windguru.`,
  };
  const keyHint = [KEY_HINTS[network], editing ? t`Leave empty to keep the saved key.` : null]
    .filter(Boolean)
    .join(' ');
  const submit = () =>
    onSave({
      device,
      network,
      stationId: stationId.trim(),
      key,
      ...(custom ? { url: url.trim(), format: format as TargetInput['format'] } : {}),
      ...(cwop ? { url: url.trim() } : {}),
      interval: Number(interval),
      enabled,
    });

  return (
    <AppDialog
      open={open}
      onClose={onCancel}
      busy={busy}
      title={editing ? t`Edit upload target` : t`Add upload target`}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t`Cancel`}
          </Button>
          <Button variant="primary" busy={busy} onClick={submit}>
            {t`Save`}
          </Button>
        </>
      }
    >
      <form
        className={styles.targetForm}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SelectField
          label={t`Network`}
          value={network}
          disabled={!!editing}
          onChange={(e) => {
            const n = e.target.value as NetworkId;
            setNetwork(n);
            setInterval(String(NETWORKS[n].defaultInterval));
          }}
          options={NETWORK_IDS.map((id) => ({
            value: id,
            label: id === 'custom' ? t`Custom server` : NETWORKS[id].name,
          }))}
        />
        {custom && (
          <>
            <TextField
              label={t`Server address`}
              type="url"
              inputMode="url"
              placeholder="http://192.168.1.10:8123/api/ecowitt"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
            <SelectField
              label={t`Format`}
              value={format}
              onChange={(e) => setFormat(e.target.value)}
              options={CUSTOM_FORMATS.map((f) => ({ value: f, label: FORMAT_NAMES[f] }))}
            />
          </>
        )}
        {cwop && (
          <TextField
            label={t`APRS-IS server`}
            inputMode="url"
            placeholder="aprs://cwop.aprs.net:14580"
            value={url}
            hint={t`Optional; empty sends to the CWOP servers.`}
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
        <TextField
          label={t`Station ID at the network`}
          value={stationId}
          autoComplete="off"
          hint={custom && format === 'ecowitt' ? t`Sent as PASSKEY; optional.` : ID_HINTS[network]}
          onChange={(e) => setStationId(e.target.value)}
        />
        <TextField
          label={t`Key or password at the network`}
          type="password"
          autoComplete="new-password"
          value={key}
          hint={keyHint || undefined}
          onChange={(e) => setKey(e.target.value)}
        />
        <TextField
          label={t`Interval (seconds)`}
          type="number"
          inputMode="numeric"
          min={def.minInterval}
          step={1}
          value={interval}
          hint={t`At least ${def.minInterval} seconds for ${networkName}.`}
          onChange={(e) => setInterval(e.target.value)}
        />
        <Checkbox
          label={t`Send uploads to this target`}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </AppDialog>
  );
}
