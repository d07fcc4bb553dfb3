// Edit station, the fields of spec §3: name, type (with a paid type's plan), time zone, location, who sees the
// station (Nobody / Everyone / Not Show) and the console's own settings. Saved through the outbox (offline too).
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Panel } from '../../components/Page';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { patchDevice } from '../../db/edits';
import { useOutboxCount } from '../../db/hooks';
import { DEVICE_TYPES } from '../../domain';
import type { Device } from '../../domain/contract';
import { timeZoneChoices } from '../../domain/timeZones';
import { translateServerMessage as tr } from '../../i18n/messages';
import styles from './EditDevice.module.css';
import {
  CLIMATE_RANGES,
  type EditErrors,
  type EditValues,
  ELEVATION_RANGE,
  editPatch,
  editValues,
  validateEdit,
} from './editDevice';
import { typeName } from './typeNames';

export function DeviceFieldsForm({ device, plan }: { device: Device; plan?: ReactNode }) {
  const { t, i18n } = useLingui();
  // 'Wrong input range' says which range (the same message as the alert values').
  const elevationError = (code: string) => {
    if (code !== 'wrongInputRange') return tr(code);
    const [min, max] = ELEVATION_RANGE;
    const unit = 'm';
    return t`Wrong input range: from ${min} to ${max} ${unit}`;
  };
  const rangeError = (key: keyof typeof CLIMATE_RANGES, unit: string) => {
    const code = errors[key];
    if (code !== 'wrongInputRange') return tr(code ?? 'wrongInput');
    const [min, max] = CLIMATE_RANGES[key];
    return t`Wrong input range: from ${min} to ${max} ${unit}`;
  };
  const months = useMemo(() => {
    const name = new Intl.DateTimeFormat(i18n.locale, { month: 'long', timeZone: 'UTC' });
    return [
      { value: '', label: t`January (default)` },
      ...Array.from({ length: 12 }, (_, i) => ({
        value: String(i + 1),
        label: name.format(new Date(Date.UTC(2001, i, 1))),
      })),
    ];
  }, [i18n.locale, t]);
  const outbox = useOutboxCount();
  const [v, setV] = useState<EditValues>(() => editValues(device));
  const [errors, setErrors] = useState<EditErrors>({});
  const [saved, setSaved] = useState(false);
  // Another station opened: start from its values, while rendering (an effect ran after the first paint and could
  // overwrite what was typed before it ran).
  const [shown, setShown] = useState(device._id);
  if (shown !== device._id) {
    setShown(device._id);
    setV(editValues(device));
    setErrors({});
    setSaved(false);
  }

  const set =
    <K extends keyof EditValues>(k: K) =>
    (e: { target: { value: string } }) => {
      setV((cur) => ({ ...cur, [k]: e.target.value as EditValues[K] }));
      setSaved(false);
    };

  const zones = useMemo(
    () => timeZoneChoices(v.timezone).map((z) => ({ value: z, label: z.replaceAll('_', ' ') })),
    [v.timezone],
  );
  const types = DEVICE_TYPES.map((d) => ({ value: String(d.id), label: typeName(d.id) }));
  const shareModes = [
    { value: 'private', label: t`Nobody` },
    { value: 'public', label: t`Everyone` },
    { value: 'unlist', label: t`Not Show` },
  ];

  const submit = async () => {
    const found = validateEdit(v);
    setErrors(found);
    setSaved(false);
    if (Object.keys(found).length) return;
    const patch = editPatch(device, v);
    if (Object.keys(patch).length) await patchDevice(device._id, patch);
    setSaved(true);
  };

  return (
    <Panel>
      <form
        className={styles.form}
        noValidate
        aria-labelledby="edit-station-title"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id="edit-station-title" className={styles.sectionTitle}>{t`Station`}</h2>
        <TextField
          label={t`Station name`}
          value={v.name}
          onChange={set('name')}
          error={errors.name && tr(errors.name)}
          maxLength={120}
          autoComplete="off"
        />
        <div className={styles.row}>
          <div>
            <SelectField
              label={t`Device type`}
              options={types}
              value={v.consoletype}
              onChange={set('consoletype')}
            />
            {plan}
          </div>
          <SelectField label={t`Time zone`} options={zones} value={v.timezone} onChange={set('timezone')} />
        </div>
        <fieldset className={styles.fieldset}>
          <legend>{t`Location`}</legend>
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
              error={errors.elevation && elevationError(errors.elevation)}
            />
          </div>
          <Checkbox
            label={t`Show visitors the exact position`}
            checked={v.exactPosition}
            onChange={(e) => {
              setV((cur) => ({ ...cur, exactPosition: e.target.checked }));
              setSaved(false);
            }}
          />
          <p className={styles.note}>
            {t`Off: visitors of a station shared with everyone or not shown in lists see its position rounded to about 1 km. You and the people you share it with see it exactly.`}
          </p>
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>{t`Climate`}</legend>
          <div className={styles.row}>
            <TextField
              label={t`Anemometer height (m)`}
              inputMode="decimal"
              placeholder="10"
              hint={t`Evapotranspiration reduces the wind to 2 m from this height`}
              value={v.anemometerHeight}
              onChange={set('anemometerHeight')}
              error={errors.anemometerHeight && rangeError('anemometerHeight', 'm')}
            />
            <SelectField
              label={t`Rain season starts in`}
              options={months}
              value={v.rainSeasonStart}
              onChange={set('rainSeasonStart')}
            />
            <TextField
              label={t`Heating and cooling degree-day base (°C)`}
              inputMode="decimal"
              placeholder="18.3"
              value={v.degreeDayBase}
              onChange={set('degreeDayBase')}
              error={errors.degreeDayBase && rangeError('degreeDayBase', '°C')}
            />
            <TextField
              label={t`Growing degree-day base (°C)`}
              inputMode="decimal"
              placeholder="10"
              value={v.gddBase}
              onChange={set('gddBase')}
              error={errors.gddBase && rangeError('gddBase', '°C')}
            />
          </div>
        </fieldset>
        <SelectField
          label={t`Station data sharing`}
          options={shareModes}
          value={v.shareMode}
          onChange={set('shareMode')}
        />
        <fieldset className={styles.fieldset}>
          <legend>{t`Console settings`}</legend>
          <div className={styles.row}>
            <SelectField
              label={t`Backlight control`}
              options={[
                { value: 'ambient', label: t`By ambient light` },
                { value: 'period', label: t`By time period` },
              ]}
              value={v.backlight}
              onChange={set('backlight')}
            />
            {v.backlight === 'period' ? (
              <div className={styles.row}>
                <TextField
                  label={t`Bright from`}
                  type="time"
                  value={v.highFrom}
                  onChange={set('highFrom')}
                  error={errors.backlight && tr(errors.backlight)}
                />
                <TextField label={t`Dim from`} type="time" value={v.lowFrom} onChange={set('lowFrom')} />
              </div>
            ) : (
              <span />
            )}
            <SelectField
              label={t`Rise and set time`}
              options={[
                { value: 'sun', label: t`Sun` },
                { value: 'moon', label: t`Moon` },
              ]}
              value={v.riseSet}
              onChange={set('riseSet')}
            />
            <SelectField
              label={t`Forecast mode`}
              options={[
                { value: 'highLow', label: t`High and low` },
                { value: 'avgRain', label: t`Average and rain` },
              ]}
              value={v.forecastMode}
              onChange={set('forecastMode')}
            />
          </div>
        </fieldset>
        <div className={styles.actions}>
          <span role="status" className={styles.status}>
            {saved && (outbox > 0 ? t`Saved — will sync when online` : t`Saved`)}
          </span>
          <Button type="submit" variant="primary">
            {t`Save station`}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
