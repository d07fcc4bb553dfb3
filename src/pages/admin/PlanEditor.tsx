// The plan form of /admin/plans. An existing plan's features (a sub-list) are changed item by item with
// $push (added), $set on `features.<_id>.text` (edited) and $pull (removed), spec §7; a new plan sends its list.
import { useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { subListPatch } from '../../domain/adminTable';
import styles from './table/DataTable.module.css';
import { EditorActions } from './table/EditorActions';
import type { EditorProps } from './table/types';

interface Feature {
  _id?: string;
  text: string;
}

export function PlanEditor({ item, initial, busy, save, cancel }: EditorProps) {
  const { t } = useLingui();
  const [name, setName] = useState(String(initial.name ?? ''));
  const [description, setDescription] = useState(String(initial.description ?? ''));
  const [price, setPrice] = useState((Number(initial.price ?? 0) / 100).toFixed(2));
  const [currency, setCurrency] = useState(String(initial.currency ?? 'USD'));
  const [months, setMonths] = useState(String(initial.months ?? 12));
  const [maxDevices, setMaxDevices] = useState(String(initial.maxDevices ?? 1));
  const [storeDays, setStoreDays] = useState(String(initial.storeDays ?? 30));
  const [order, setOrder] = useState(String(initial.order ?? 0));
  const [status, setStatus] = useState(String(initial.status ?? 'draft'));
  const [features, setFeatures] = useState<Feature[]>(
    ((initial.features as Feature[] | undefined) ?? []).map((f) => ({ ...f })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    const whole = (v: string, min: number, max: number) => /^\d+$/.test(v.trim()) && +v >= min && +v <= max;
    if (!name.trim()) found.name = t`Required`;
    const cents = Math.round(Number(price.replace(',', '.')) * 100);
    if (!Number.isFinite(cents) || cents < 0) found.price = t`Wrong input`;
    if (!/^[A-Za-z]{3}$/.test(currency.trim())) found.currency = t`Wrong input`;
    if (!whole(months, 0, 120)) found.months = t`Wrong input range`;
    if (!whole(maxDevices, 1, 1000)) found.maxDevices = t`Wrong input range`;
    if (!whole(storeDays, 1, 3660)) found.storeDays = t`Wrong input range`;
    if (!/^-?\d+$/.test(order.trim())) found.order = t`Wrong input`;
    const list = features.map((f) => ({ ...f, text: f.text.trim() })).filter((f) => f.text);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const data: Record<string, unknown> = {
      name: name.trim(),
      description,
      price: cents,
      currency: currency.trim().toUpperCase(),
      months: Number(months),
      maxDevices: Number(maxDevices),
      storeDays: Number(storeDays),
      order: Number(order),
      status,
    };
    if (!item) data.features = list;
    void save(
      item ? { ...data, ...subListPatch('features', (item.features as Feature[]) ?? [], list) } : data,
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={t({ message: 'Name', context: 'of a station or plan' })}
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        label={t`Description`}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <TextField
        label={t`Price`}
        inputMode="decimal"
        value={price}
        error={errors.price}
        onChange={(e) => setPrice(e.target.value)}
      />
      <TextField
        label={t`Currency`}
        value={currency}
        error={errors.currency}
        onChange={(e) => setCurrency(e.target.value)}
      />
      <TextField
        label={t`Months (0 = permanent)`}
        inputMode="numeric"
        value={months}
        error={errors.months}
        onChange={(e) => setMonths(e.target.value)}
      />
      <TextField
        label={t`Stations`}
        inputMode="numeric"
        value={maxDevices}
        error={errors.maxDevices}
        onChange={(e) => setMaxDevices(e.target.value)}
      />
      <TextField
        label={t`Days 5-minute data is kept`}
        inputMode="numeric"
        value={storeDays}
        error={errors.storeDays}
        onChange={(e) => setStoreDays(e.target.value)}
      />
      <TextField
        label={t`Order`}
        inputMode="numeric"
        value={order}
        error={errors.order}
        onChange={(e) => setOrder(e.target.value)}
      />
      <SelectField
        label={t`Status`}
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        options={[
          { value: 'draft', label: t`Draft` },
          { value: 'published', label: t`Published` },
        ]}
      />
      <fieldset className={styles.form}>
        <legend>{t`Features`}</legend>
        <ul className={styles.subList}>
          {features.map((f, i) => (
            <li key={f._id ?? `new-${i}`}>
              <input
                aria-label={t`Feature ${i + 1}`}
                value={f.text}
                maxLength={200}
                onChange={(e) =>
                  setFeatures(features.map((x, j) => (j === i ? { ...x, text: e.target.value } : x)))
                }
              />
              <Button
                size="sm"
                variant="ghost"
                iconOnly
                icon={<Trash2 size={16} />}
                aria-label={t`Remove feature ${i + 1}`}
                onClick={() => setFeatures(features.filter((_, j) => j !== i))}
              />
            </li>
          ))}
        </ul>
        <Button size="sm" icon={<Plus size={16} />} onClick={() => setFeatures([...features, { text: '' }])}>
          {t`Add feature`}
        </Button>
      </fieldset>
      <EditorActions cancel={cancel} busy={busy} />
    </form>
  );
}
