// Delete the account (spec §5: requires the password; asks for confirmation). Online only; afterwards the
// worker signs out and clears local data, and the app goes to the login page.
import { useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { AppDialog } from '../../components/Dialog';
import { PasswordField } from '../../components/TextField';
import { useAuth } from '../../db/hooks';
import { isDemoAccount } from '../../domain/demo';
import type { ErrorCode } from '../../domain/errors';
import { translateServerMessage as tr } from '../../i18n/messages';
import { errorText } from '../../state/ui';
import styles from './Account.module.css';

export function DeleteAccount() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const [error, setError] = useState<{ password?: string; sure?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  // The shared demo account cannot be deleted (the server refuses it too).
  const demo = isDemoAccount(useAuth()?.user);

  const close = () => {
    setOpen(false);
    setPassword('');
    setSure(false);
    setError({});
  };

  const confirm = async () => {
    const next = {
      // The code, translated where it is shown (tr below); the English text stayed English in every language.
      password: password ? undefined : ('required' satisfies ErrorCode),
      sure: sure ? undefined : t`Tick the box to confirm.`,
    };
    setError(next);
    if (next.password || next.sure) return;
    setBusy(true);
    try {
      await dataWorker.deleteAccount(password);
      setOpen(false);
      navigate('/login', { replace: true });
    } catch (e) {
      setError({ form: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.danger} aria-labelledby="delete-account">
      <div>
        <h2 id="delete-account" className={styles.sectionTitle}>
          {t`Delete account`}
        </h2>
        <p className={styles.muted}>
          {t`Deletes your account, your stations and all their readings. This cannot be undone.`}
        </p>
        {demo && (
          <p className={styles.muted}>{t`Not available for the demo account: every visitor shares it.`}</p>
        )}
      </div>
      <Button
        variant="danger"
        icon={<Trash2 size={16} aria-hidden="true" />}
        disabled={demo}
        onClick={() => setOpen(true)}
      >
        {t`Delete account`}
      </Button>
      <AppDialog
        open={open}
        onClose={close}
        busy={busy}
        role="alertdialog"
        title={t`Delete your account?`}
        actions={
          <>
            <Button variant="ghost" onClick={close} disabled={busy}>
              {t`Cancel`}
            </Button>
            <Button variant="danger" busy={busy} onClick={() => void confirm()}>
              {t`Delete my account`}
            </Button>
          </>
        }
      >
        <p>{t`Your stations, their readings, alerts and settings are deleted for good.`}</p>
        <PasswordField
          label={t`Password`}
          value={password}
          onValue={setPassword}
          error={error.password && tr(error.password)}
        />
        <Checkbox
          label={t`I understand that this cannot be undone.`}
          checked={sure}
          onChange={(e) => setSure(e.target.checked)}
          error={error.sure}
        />
        {error.form && (
          <p className={styles.error} role="alert">
            {tr(error.form)}
          </p>
        )}
      </AppDialog>
    </section>
  );
}
