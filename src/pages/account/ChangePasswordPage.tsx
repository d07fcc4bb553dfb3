// Change password (spec §2, §5 messages): old, new and confirmation are checked here first, then the server
// checks the old one ('Fail to Change Password'). Online only.
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { Page, Panel } from '../../components/Page';
import { PasswordField } from '../../components/TextField';
import { useAuth } from '../../db/hooks';
import { validatePassword, validatePasswordConfirm } from '../../domain';
import { isDemoAccount } from '../../domain/demo';
import { translateServerMessage as tr } from '../../i18n/messages';
import { errorText } from '../../state/ui';
import styles from './Account.module.css';

interface Errors {
  oldPassword?: string | null;
  password?: string | null;
  confirm?: string | null;
  form?: string | null;
}

/** Spec §5 messages of the form, before anything is sent. */
export function passwordFormErrors(oldPassword: string, password: string, confirm: string): Errors {
  return {
    oldPassword: oldPassword ? null : 'enterOldPassword',
    password: validatePassword(password),
    confirm: validatePasswordConfirm(password, confirm),
  };
}

export default function ChangePasswordPage() {
  const { t } = useLingui();
  const [oldPassword, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // The shared demo account keeps its published password (the server refuses a change too).
  const demo = isDemoAccount(useAuth()?.user);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = passwordFormErrors(oldPassword, password, confirm);
    setErrors(next);
    setDone(false);
    if (next.oldPassword || next.password || next.confirm) return;
    setBusy(true);
    try {
      await dataWorker.changePassword({ oldPassword, password, confirmPassword: confirm });
      setDone(true);
      setOld('');
      setPassword('');
      setConfirm('');
    } catch (err) {
      const message = errorText(err);
      if (message === 'changePasswordFailed') setErrors({ oldPassword: message });
      else setErrors({ form: message || 'changePasswordFailed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t`Change password`}>
      <Panel>
        <form className={styles.form} onSubmit={submit} noValidate>
          <PasswordField
            label={t`Current password`}
            value={oldPassword}
            onValue={setOld}
            error={errors.oldPassword && tr(errors.oldPassword)}
          />
          <PasswordField
            fresh
            label={t`New password`}
            value={password}
            onValue={setPassword}
            error={errors.password && tr(errors.password)}
            hint={t`At least 8 characters.`}
          />
          <PasswordField
            fresh
            label={t`Confirm new password`}
            value={confirm}
            onValue={setConfirm}
            error={errors.confirm && tr(errors.confirm)}
          />
          {demo && (
            <p className={styles.muted} role="note">
              {t`Not available for the demo account: every visitor shares it.`}
            </p>
          )}
          {errors.form && (
            <p className={styles.error} role="alert">
              {tr(errors.form)}
            </p>
          )}
          {done && (
            <p className={styles.ok} role="status">
              {t`Your password has been changed.`}
            </p>
          )}
          <div className={styles.row}>
            <Button type="submit" variant="primary" busy={busy} disabled={demo}>
              {t`Change password`}
            </Button>
            <Link to="/profile">{t`Back to profile`}</Link>
          </div>
        </form>
      </Panel>
    </Page>
  );
}
