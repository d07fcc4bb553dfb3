// The account form of /admin/users: names, address, verified, disabled and the role (full admins only); a new
// account also needs a password.
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Checkbox } from '../../components/Checkbox';
import { SelectField } from '../../components/SelectField';
import { PasswordField, TextField } from '../../components/TextField';
import { validateEmail, validatePassword } from '../../domain/validate';
import { translateServerMessage } from '../../i18n/messages';
import styles from './table/DataTable.module.css';
import { EditorActions } from './table/EditorActions';
import type { EditorProps } from './table/types';

export function UserEditor({ item, initial, busy, save, cancel, fullAdmin }: EditorProps) {
  const { t } = useLingui();
  const [email, setEmail] = useState(String(initial.email ?? ''));
  const [firstName, setFirstName] = useState(String(initial.firstName ?? ''));
  const [lastName, setLastName] = useState(String(initial.lastName ?? ''));
  const [password, setPassword] = useState('');
  const [verified, setVerified] = useState(Boolean(initial.verified));
  const [disabled, setDisabled] = useState(Boolean(initial.disabled));
  const [role, setRole] = useState(String(initial.adminType ?? ''));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    const emailError = validateEmail(email);
    if (emailError) found.email = translateServerMessage(emailError);
    const pwError = item ? null : validatePassword(password);
    if (pwError) found.password = translateServerMessage(pwError);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const data: Record<string, unknown> = { email: email.trim(), firstName, lastName, verified };
    if (item) data.disabled = disabled;
    else data.password = password;
    if (fullAdmin && (item ? role !== String(item.adminType ?? '') : role)) data.adminType = role || null;
    void save(data);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={t`Email`}
        type="email"
        value={email}
        error={errors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField label={t`First name`} value={firstName} onChange={(e) => setFirstName(e.target.value)} />
      <TextField label={t`Last name`} value={lastName} onChange={(e) => setLastName(e.target.value)} />
      {!item && (
        <PasswordField
          label={t`Password`}
          fresh
          value={password}
          error={errors.password}
          onValue={setPassword}
        />
      )}
      <Checkbox label={t`Verified`} checked={verified} onChange={(e) => setVerified(e.target.checked)} />
      {item && (
        <Checkbox
          label={t`Disabled (cannot sign in)`}
          checked={disabled}
          onChange={(e) => setDisabled(e.target.checked)}
        />
      )}
      <SelectField
        label={t`Role`}
        value={role}
        disabled={!fullAdmin}
        onChange={(e) => setRole(e.target.value)}
        options={[
          { value: '', label: t`User` },
          { value: 'editor', label: t`Editor (cannot delete or change roles)` },
          { value: 'admin', label: t`Admin` },
        ]}
      />
      <EditorActions cancel={cancel} busy={busy} />
    </form>
  );
}
