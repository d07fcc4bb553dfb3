// One alert rule's form: item (what the station reports + the three triggers), sensor, condition, value with
// the unit of the item, method. The value is checked with the spec §5 bounds before the rule is kept.
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/Button';
import fieldStyles from '../../components/Field.module.css';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useSeenKeys } from '../../db/hooks';
import type { AlertRule } from '../../db/schema';
import { alertRange, type UnitPrefs, validateAlertValue } from '../../domain';
import type { Device } from '../../domain/contract';
import { translateServerMessage as tr } from '../../i18n/messages';
import styles from './AlertPage.module.css';
import {
  BARO_DROP,
  baroSensors,
  type Condition,
  conditionLabel,
  conditionsFor,
  defaultUnit,
  itemsFor,
  LOST_LINK,
  linkSensors,
  methodLabel,
  unitsFor,
  valueMetric,
} from './alertItems';

interface Draft {
  item: string;
  sensor: string;
  condition: Condition | '';
  value: string;
  unit: string;
  method: AlertRule['method'];
}

function draftOf(rule: AlertRule | null, device: Device, prefs: UnitPrefs): Draft {
  const item = rule?.item ?? itemsFor(device)[0]?.value ?? 'lostData';
  const sensor = rule?.sensor ?? (item === BARO_DROP ? 'relbaro' : '');
  const metric = valueMetric({ item, sensor });
  return {
    item,
    sensor,
    condition: rule?.condition ?? conditionsFor(item)[0] ?? '',
    value: rule?.value === undefined || rule?.value === null ? '' : String(rule.value),
    unit: rule?.unit ?? defaultUnit(metric, prefs) ?? '',
    method: rule?.method ?? 'email',
  };
}

/** The rule to store from a valid draft. */
function ruleOf(d: Draft): AlertRule {
  const metric = valueMetric(d);
  const rule: AlertRule = { item: d.item, method: d.method };
  if (d.item === LOST_LINK && d.sensor) rule.sensor = d.sensor;
  if (d.item === BARO_DROP && d.sensor && d.sensor !== 'relbaro') rule.sensor = d.sensor;
  if (d.condition && conditionsFor(d.item).length) rule.condition = d.condition;
  if (metric) {
    rule.value = Number(d.value.trim().replace(',', '.'));
    if (d.unit) rule.unit = d.unit;
  }
  return rule;
}

/** The spec §5 message for a draft's value, or null when it may be kept. */
export function draftError(d: Pick<Draft, 'item' | 'sensor' | 'value' | 'unit'>): string | null {
  const metric = valueMetric(d);
  if (!metric) return null;
  return validateAlertValue(metric, d.value.trim().replace(',', '.'), d.unit || undefined);
}

export function RuleEditor({
  device,
  prefs,
  rule,
  onSave,
  onCancel,
}: {
  device: Device;
  prefs: UnitPrefs;
  /** null: a new rule. */
  rule: AlertRule | null;
  onSave: (rule: AlertRule) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const [d, setD] = useState<Draft>(() => draftOf(rule, device, prefs));
  const [error, setError] = useState<string | null>(null);
  const seenList = useSeenKeys(device._id);
  const items = itemsFor(device, seenList && new Set(seenList), rule?.item ?? d.item);
  const groups = [...new Set(items.map((i) => i.group))];
  const metric = valueMetric(d);
  const conditions = conditionsFor(d.item);
  const units = unitsFor(metric);
  // 'Wrong input range' says which range (in the unit the value is typed in).
  const errorText = (code: string) => {
    const range = code === 'wrongInputRange' && metric ? alertRange(metric, d.unit || undefined) : null;
    if (!range) return tr(code);
    const { min, max, unit } = range;
    return t`Wrong input range: from ${min} to ${max} ${unit}`;
  };
  const sensors =
    d.item === LOST_LINK ? linkSensors(device) : d.item === BARO_DROP ? baroSensors(device) : [];

  const setItem = (item: string) => {
    const sensor = item === BARO_DROP ? 'relbaro' : '';
    const nextMetric = valueMetric({ item, sensor });
    setD((cur) => ({
      ...cur,
      item,
      sensor,
      condition: conditionsFor(item)[0] ?? '',
      unit: defaultUnit(nextMetric, prefs) ?? '',
    }));
    setError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const message = draftError(d);
    setError(message);
    if (!message) onSave(ruleOf(d));
  };

  const itemId = useId();
  return (
    <form className={styles.editor} onSubmit={submit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.editorTitle}>
        {rule ? t`Edit rule` : t`New rule`}
      </h2>
      <div className={styles.fields}>
        <div className={`${fieldStyles.field} ${styles.wide}`}>
          <label htmlFor={itemId} className={fieldStyles.label}>
            {t`Item`}
          </label>
          <select
            id={itemId}
            className={fieldStyles.input}
            value={d.item}
            onChange={(e) => setItem(e.target.value)}
          >
            {groups.map((g) => (
              <optgroup key={g} label={g}>
                {items
                  .filter((i) => i.group === g)
                  .map((i) => (
                    <option key={i.value} value={i.value}>
                      {i.label}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </div>
        {sensors.length > 0 && (
          <SelectField
            label={t`Sensor`}
            value={d.sensor}
            onChange={(e) => {
              const sensor = e.target.value;
              setD((cur) => ({
                ...cur,
                sensor,
                unit: defaultUnit(valueMetric({ item: cur.item, sensor }), prefs) ?? cur.unit,
              }));
            }}
            options={[...(d.item === LOST_LINK ? [{ value: '', label: t`Any sensor` }] : []), ...sensors]}
          />
        )}
        {conditions.length > 0 && (
          <SelectField
            label={t`Condition`}
            value={d.condition}
            onChange={(e) => setD((cur) => ({ ...cur, condition: e.target.value as Condition }))}
            options={conditions.map((c) => ({ value: c, label: conditionLabel(c) }))}
          />
        )}
        {metric && (
          <TextField
            label={d.item === BARO_DROP ? t`Drop within 5 minutes` : t`Value`}
            inputMode="decimal"
            autoComplete="off"
            value={d.value}
            onChange={(e) => {
              setD((cur) => ({ ...cur, value: e.target.value }));
              if (error) setError(null);
            }}
            error={error && errorText(error)}
          />
        )}
        {metric && units.length > 0 && (
          <SelectField
            label={t`Unit`}
            value={d.unit}
            onChange={(e) => setD((cur) => ({ ...cur, unit: e.target.value }))}
            options={units}
          />
        )}
        <SelectField
          label={t`Method`}
          value={d.method}
          onChange={(e) => setD((cur) => ({ ...cur, method: e.target.value as AlertRule['method'] }))}
          options={(['email', 'notification'] as const).map((m) => ({ value: m, label: methodLabel(m) }))}
        />
      </div>
      {!metric && (
        <p className={styles.hint}>
          {d.item === LOST_LINK
            ? t`You get an alert when the sensor has had no signal for 30 minutes.`
            : t`You get an alert when the station has not uploaded for 30 minutes.`}
        </p>
      )}
      <div className={styles.editorActions}>
        <Button type="submit" variant="primary">
          {t`Save`}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t`Cancel`}
        </Button>
      </div>
    </form>
  );
}
