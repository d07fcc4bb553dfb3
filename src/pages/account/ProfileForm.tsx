// First and last name (spec §2 change profile): a write-through edit, so it also works offline.
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { saveProfile } from '../../db/edits';
import { useOutboxCount } from '../../db/hooks';
import styles from './Account.module.css';

export function ProfileForm({
  firstName = '',
  lastName = '',
  onSaved,
}: {
  firstName?: string;
  lastName?: string;
  onSaved?: () => void;
}) {
  const { t } = useLingui();
  const outbox = useOutboxCount();
  const [first, setFirst] = useState(firstName);
  const [last, setLast] = useState(lastName);
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await saveProfile({ firstName: first.trim(), lastName: last.trim() });
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
