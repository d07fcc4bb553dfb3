// Add station, step 1: name, type, time zone, and the optional position, elevation and MAC (spec §5 messages),
// with the opt-in identification by MAC (macAuth) and its warning.
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Panel } from '../../components/Page';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { DEVICE_TYPES, normalizeMac, toNumber, validateLatLng, validateMac } from '../../domain';
import type { Device } from '../../domain/contract';
import { timeZoneChoices } from '../../domain/timeZones';
import { translateServerMessage as tr } from '../../i18n/messages';
import { runAction } from '../../state/run-action';
import { useUi } from '../../state/ui';
import { MacAuthWarning } from '../server/MacIdentification';
import styles from './AddDevice.module.css';
import { typeName } from './typeNames';

export interface AddDeviceValues {
  name: string;
  consoletype: string;
  timezone: string;
  latitude: string;
  longitude: string;
  elevation: string;
  mac: string;
}

type Errors = Partial<Record<'name' | 'position' | 'elevation' | 'mac', string>>;

export function validateAddDevice(v: AddDeviceValues): Errors {
  const errors: Errors = {};
  if (!v.name.trim()) errors.name = 'required';
  const position = validateLatLng(v.latitude, v.longitude);
  if (position) errors.position = position;
  if (v.elevation.trim() && toNumber(v.elevation) === null) errors.elevation = 'wrongInput';
  if (v.mac.trim()) {
    const mac = validateMac(v.mac);
    if (mac) errors.mac = mac;
  }
  return errors;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function AddDeviceForm({ onAdded, onCancel }: { onAdded: (d: Device) => void; onCancel: () => void }) {
  const { t } = useLingui();
  const busy = useUi((s) => s.processing === 'addDevice');
  const [v, setV] = useState<AddDeviceValues>({
    name: '',
    consoletype: '0',
    timezone: browserZone(),
    latitude: '',
    longitude: '',
    elevation: '',
    mac: '',
  });
  const [macAuth, setMacAuth] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const set = (k: keyof AddDeviceValues) => (e: { target: { value: string } }) =>
    setV({ ...v, [k]: e.target.value });

  const zones = useMemo(
    () => timeZoneChoices(v.timezone).map((z) => ({ value: z, label: z.replaceAll('_', ' ') })),
    [v.timezone],
  );
  const types = DEVICE_TYPES.map((d) => ({ value: String(d.id), label: typeName(d.id) }));

  async function submit() {
    const found = validateAddDevice(v);
    setErrors(found);
    if (Object.keys(found).length) return;
    const r = await runAction('addDevice', () =>
      dataWorker.addDevice({
        name: v.name.trim(),
        consoletype: Number(v.consoletype),
        timezone: v.timezone,
        latitude: toNumber(v.latitude),
        longitude: toNumber(v.longitude),
        elevation: toNumber(v.elevation),
        mac: v.mac.trim() ? normalizeMac(v.mac) : null,
        macAuth: !!v.mac.trim() && macAuth,
      }),
    );
    if (r.ok) onAdded(r.value);
  }

  return (
    <Panel>
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={t`Station name`}
          value={v.name}
          onChange={set('name')}
          error={errors.name && tr(errors.name)}
          placeholder={t`e.g. Garden`}
          autoComplete="off"
        />
        <div className={styles.row}>
          <SelectField
            label={t`Device type`}
            options={types}
            value={v.consoletype}
            onChange={set('consoletype')}
          />
          <SelectField label={t`Time zone`} options={zones} value={v.timezone} onChange={set('timezone')} />
        </div>
        <fieldset className={styles.fieldset}>
          <legend>{t`Location (optional)`}</legend>
          <div className={styles.row3}>
            <TextField
              label={t`Latitude`}
              inputMode="decimal"
              placeholder="22.3193"
              value={v.latitude}
              onChange={set('latitude')}
              error={errors.position && tr(errors.position)}
            />
            <TextField
              label={t`Longitude`}
              inputMode="decimal"
              placeholder="114.1694"
              value={v.longitude}
              onChange={set('longitude')}
            />
            <TextField
              label={t`Elevation (m)`}
              inputMode="decimal"
              hint={t`Height above ground, e.g. 10 m`}
              value={v.elevation}
              onChange={set('elevation')}
              error={errors.elevation && tr(errors.elevation)}
            />
          </div>
        </fieldset>
        <TextField
          label={t`MAC address (optional)`}
          hint={t`The station key identifies Ecowitt consoles too; the MAC is only needed to identify them by it.`}
          placeholder="AA:BB:CC:DD:EE:FF"
          value={v.mac}
          onChange={set('mac')}
          error={errors.mac && tr(errors.mac)}
          autoComplete="off"
          spellCheck={false}
        />
        {v.mac.trim() && (
          <>
            <Checkbox
              label={t`Accept uploads that identify this station by its MAC address`}
              checked={macAuth}
              onChange={(e) => setMacAuth(e.target.checked)}
            />
            {macAuth && <MacAuthWarning />}
          </>
        )}
        <div className={styles.actions}>
          <Button onClick={onCancel}>{t`Cancel`}</Button>
          <Button type="submit" variant="primary" busy={busy}>
            {t`Add`}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
