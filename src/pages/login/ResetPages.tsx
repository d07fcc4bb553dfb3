// Forgotten password (spec §2): request a code by email → check the code → choose a new password. The email
// (and the checked code) travel in the URL query / navigation state between the three routes. Online only.
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { CodeField, EmailField, PasswordField } from '../../components/TextField';
import { validateEmail, validatePassword, validatePasswordConfirm } from '../../domain';
import { translateServerMessage as tr } from '../../i18n/messages';
import { errorText } from '../../state/ui';
import { AuthCard, AuthForm, AuthLinks } from './AuthCard';
import styles from './AuthCard.module.css';
import { OutboxNote } from './OutboxNote';

function FormError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className={styles.formError} role="alert">
      {tr(text)}
    </p>
  );
}

function Back({ children }: { children?: ReactNode }) {
  const { t } = useLingui();
  return (
    <AuthLinks>
      <Link to="/login">{t`Back to log in`}</Link>
      {children}
    </AuthLinks>
  );
}

const query = (email: string) => `?email=${encodeURIComponent(email)}`;

/** /login/reset: the email address to send a code to. */
export function ResetRequestPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const e = validateEmail(email);
    setError(e);
    setFormError(null);
    if (e) return;
    setBusy(true);
    try {
      await dataWorker.requestReset(email.trim());
      navigate(`/login/reset/verify${query(email.trim())}`);
    } catch (err) {
      setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard
      title={t`Reset password`}
      lead={t`Enter your email address and we will send you a verification code.`}
    >
      <AuthForm onSubmit={submit}>
        <EmailField label={t`Email`} value={email} onValue={setEmail} error={error && tr(error)} />
        <FormError text={formError} />
        <Button type="submit" variant="primary" busy={busy}>
          {t`Send code`}
        </Button>
      </AuthForm>
      <Back>
        <Link to={`/login/reset/verify${email ? query(email.trim()) : ''}`}>{t`I have a code`}</Link>
      </Back>
    </AuthCard>
  );
}

/** /login/reset/verify: the 6-digit code from the email. */
export function ResetVerifyPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; code?: string | null }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);
  const submit = async () => {
    const next = { email: validateEmail(email), code: code.trim() ? null : 'required' };
    setErrors(next);
    setFormError(null);
    if (next.email || next.code) return;
    setBusy(true);
    try {
      await dataWorker.verifyResetCode(email.trim(), code.trim());
      navigate(`/login/reset/reset${query(email.trim())}`, { state: { code: code.trim() } });
    } catch (err) {
      setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard
      title={t`Verification code`}
      lead={t`Enter the verification code we sent to your email address.`}
    >
      <OutboxNote />
      <AuthForm onSubmit={submit}>
        {!params.get('email') && (
          <EmailField
            label={t`Email`}
            value={email}
            onValue={setEmail}
            error={errors.email && tr(errors.email)}
          />
        )}
        {params.get('email') && <p className={styles.lead}>{email}</p>}
        <CodeField
          label={t`Verification code`}
          maxLength={12}
          value={code}
          onValue={setCode}
          error={errors.code && tr(errors.code)}
        />
        <FormError text={formError} />
        {resent && (
          <p className={styles.lead} role="status">
            {t`A new code is on its way.`}
          </p>
        )}
        <Button type="submit" variant="primary" busy={busy}>
          {t`Verify`}
        </Button>
      </AuthForm>
      <Back>
        <button
          type="button"
          className={styles.linkButton}
          onClick={async () => {
            if (validateEmail(email)) return;
            try {
              await dataWorker.requestReset(email.trim());
              setResent(true);
            } catch (err) {
              setFormError(errorText(err));
            }
          }}
        >
          {t`Send a new code`}
        </button>
      </Back>
    </AuthCard>
  );
}

/** /login/reset/reset: the new password (the code comes from the previous step, or is typed here). */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const carried = (location.state as { code?: string } | null)?.code ?? '';
  const email = params.get('email') ?? '';
  const [code, setCode] = useState(carried);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{
    code?: string | null;
    password?: string | null;
    confirm?: string | null;
  }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const submit = async () => {
    const next = {
      code: code.trim() ? null : 'required',
      password: validatePassword(password),
      confirm: validatePasswordConfirm(password, confirm),
    };
    setErrors(next);
    setFormError(null);
    if (next.code || next.password || next.confirm) return;
    if (validateEmail(email)) {
      setFormError('emailFormat');
      return;
    }
    setBusy(true);
    try {
      await dataWorker.resetPassword(email, code.trim(), password);
      setDone(true);
    } catch (err) {
      setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  if (done)
    return (
      <AuthCard title={t`Password changed`} lead={t`You can now log in with your new password.`}>
        <Button variant="primary" onClick={() => navigate('/login', { replace: true })}>
          {t`Log in`}
        </Button>
      </AuthCard>
    );
  return (
    <AuthCard title={t`New password`} lead={t`Choose a new password of at least 8 characters.`}>
      <AuthForm onSubmit={submit}>
        {!carried && (
          <CodeField
            label={t`Verification code`}
            value={code}
            onValue={setCode}
            error={errors.code && tr(errors.code)}
          />
        )}
        <PasswordField
          fresh
          label={t`New password`}
          value={password}
          onValue={setPassword}
          error={errors.password && tr(errors.password)}
        />
        <PasswordField
          fresh
          label={t`Confirm new password`}
          value={confirm}
          onValue={setConfirm}
          error={errors.confirm && tr(errors.confirm)}
        />
        <FormError text={formError} />
        <Button type="submit" variant="primary" busy={busy}>
          {t`Set new password`}
        </Button>
      </AuthForm>
      <Back>{!email && <Link to="/login/reset">{t`Start again`}</Link>}</Back>
    </AuthCard>
  );
}
