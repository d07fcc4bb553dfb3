// First and last name (spec §2 change profile) and the country (Account page): a write-through edit, so it also
// works offline.
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useMemo, useState } from 'react';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { saveProfile } from '../../db/edits';
import { useOutboxCount } from '../../db/hooks';
import { countryOptions } from '../../domain';
import styles from './Account.module.css';

export function ProfileForm({
  firstName = '',
  lastName = '',
  country: savedCountry = null,
  onSaved,
}: {
  firstName?: string;
  lastName?: string;
  country?: string | null;
  onSaved?: () => void;
}) {
  const { t, i18n } = useLingui();
  const [country, setCountry] = useState(savedCountry ?? '');
  const countries = useMemo(
    () => [
      { value: '', label: t`Not given` },
      ...countryOptions(i18n.locale).map((c) => ({ value: c.code, label: c.name })),
    ],
    [i18n.locale, t],
  );
  const outbox = useOutboxCount();
  const [first, setFirst] = useState(firstName);
  const [last, setLast] = useState(lastName);
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await saveProfile({ firstName: first.trim(), lastName: last.trim(), country: country || null });
    setSaved(true);
    onSaved?.();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.pair}>
        <TextField
          label={t`First name`}
          autoComplete="given-name"
          maxLength={100}
          value={first}
          onChange={(e) => {
            setFirst(e.target.value);
            setSaved(false);
          }}
        />
        <TextField
          label={t`Last name`}
          autoComplete="family-name"
          maxLength={100}
          value={last}
          onChange={(e) => {
            setLast(e.target.value);
            setSaved(false);
          }}
        />
      </div>
      <SelectField
        label={t`Country`}
        autoComplete="country"
        options={countries}
        value={country}
        onChange={(e) => {
          setCountry(e.target.value);
          setSaved(false);
        }}
      />
      <div className={styles.row}>
        <Button type="submit" variant="primary">
          {t`Save`}
        </Button>
        <span className={styles.ok} role="status">
          {saved && (outbox > 0 ? t`Saved — will sync when online` : t`Saved`)}
        </span>
      </div>
    </form>
  );
}
