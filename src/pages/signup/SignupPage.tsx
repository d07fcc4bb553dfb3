// Create account (spec §2, §5): email, password (≥ 8), confirmation, names, and the terms must be accepted.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { CaptchaError, captchaToken, loadCaptcha } from '../../components/captcha';
import { TextField } from '../../components/TextField';
import { validateEmail, validatePassword } from '../../domain';
import { translateServerMessage as tr } from '../../i18n/messages';
import { runAction } from '../../state/run-action';
import { useUi } from '../../state/ui';
import { AuthCard, AuthForm, AuthLinks } from '../login/AuthCard';
import authStyles from '../login/AuthCard.module.css';
import { SocialButtons, useCaptchaMessage, usePublicConfig } from '../login/SignInExtras';
import styles from './SignupPage.module.css';

type Field = 'email' | 'password' | 'confirm' | 'terms';

export function validateSignup(v: { email: string; password: string; confirm: string; terms: boolean }) {
  const errors: Partial<Record<Field, string>> = {};
  const email = validateEmail(v.email);
  const password = validatePassword(v.password);
  if (email) errors.email = email;
  if (password) errors.password = password;
  if (!v.confirm) errors.confirm = 'required';
  else if (v.confirm !== v.password) errors.confirm = 'passwordDifferent';
  if (!v.terms) errors.terms = 'acceptTerms';
  return errors;
}

export default function SignupPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const busy = useUi((s) => s.processing === 'signup');
  const [form, setForm] = useState({ email: '', password: '', confirm: '', firstName: '', lastName: '' });
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [k]: e.target.value });
  const config = usePublicConfig();
  const captcha = config?.captcha ?? null;
  const captchaMessage = useCaptchaMessage();
  const [captchaError, setCaptchaError] = useState<string | null>(null);

  // The captcha's script loads with the screen (not at submit), so its failure shows before the user types.
  useEffect(() => {
    if (!captcha) return;
    loadCaptcha(captcha.siteKey, captcha.version).then(
      () => setCaptchaError(null),
      (e: unknown) => setCaptchaError(e instanceof CaptchaError ? captchaMessage(e.reason) : String(e)),
    );
  }, [captcha, captchaMessage]);

  async function submit() {
    const found = validateSignup({ ...form, terms });
    setErrors(found);
    if (Object.keys(found).length) return;
    const email = form.email.trim();
    let token: string | undefined;
    if (captcha) {
      try {
        token = await captchaToken(captcha.siteKey, captcha.version, 'signup');
        setCaptchaError(null);
      } catch (e) {
        setCaptchaError(e instanceof CaptchaError ? captchaMessage(e.reason) : String(e));
        return;
      }
    }
    const r = await runAction('signup', () =>
      dataWorker.signup({
        email,
        password: form.password,
        firstName: form.firstName.trim() || undefined,
        lastName: form.lastName.trim() || undefined,
        termsAccepted: true,
        ...(token ? { captchaToken: token } : {}),
      }),
    );
    if (r.ok) navigate(`/signup/verify?email=${encodeURIComponent(email)}`, { replace: true });
  }

  return (
    <AuthCard title={t`Create account`} lead={t`One account for all your weather stations.`}>
      <AuthForm onSubmit={submit}>
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={errors.email && tr(errors.email)}
        />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          hint={t`At least 8 characters`}
          value={form.password}
          onChange={set('password')}
          error={errors.password && tr(errors.password)}
        />
        <TextField
          label={t`Confirm password`}
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
          error={errors.confirm && tr(errors.confirm)}
        />
        <div className={styles.names}>
          <TextField
            label={t`First name`}
            autoComplete="given-name"
            value={form.firstName}
            onChange={set('firstName')}
          />
          <TextField
            label={t`Last name`}
            autoComplete="family-name"
            value={form.lastName}
            onChange={set('lastName')}
          />
        </div>
        <Checkbox
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          error={errors.terms && tr(errors.terms)}
          label={
            <Trans>
              I have read and agree to the{' '}
              <Link to="/terms" target="_blank">
                Terms and Conditions
              </Link>
            </Trans>
          }
        />
        {captchaError && (
          <p className={authStyles.formError} role="alert">
            {captchaError}
          </p>
        )}
        <Button type="submit" variant="primary" busy={busy}>
          {t`Create account`}
        </Button>
        {captcha && <p className={authStyles.captchaNote}>{t`This form is protected by reCAPTCHA.`}</p>}
      </AuthForm>
      <SocialButtons providers={config?.oauth ?? []} />
      <AuthLinks>
        <span>
          <Trans>
            Already have an account? <Link to="/login">Log in</Link>
          </Trans>
        </span>
      </AuthLinks>
    </AuthCard>
  );
}
