// Log in (spec §2): welcome, email and password, links to reset the password and to create an account.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNext } from '../../app/guard';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { EmailField, PasswordField } from '../../components/TextField';
import { validateEmail } from '../../domain/email';
import { translateServerMessage as tr } from '../../i18n/messages';
import { runAction } from '../../state/run-action';
import { useUi } from '../../state/ui';
import { AuthCard, AuthForm, AuthLinks } from './AuthCard';
import { SocialButtons, usePublicConfig } from './SignInExtras';

export default function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const busy = useUi((s) => s.processing === 'login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const config = usePublicConfig();

  // Back from a social sign-in: the server put the token (or its error) in the address's fragment.
  useEffect(() => {
    const hash = new URLSearchParams(location.hash.slice(1));
    const token = hash.get('access_token');
    const error = hash.get('error');
    if (!token && !error) return;
    history.replaceState(null, '', location.pathname + location.search); // the token leaves the address bar
    if (error) {
      useUi.getState().showError(tr(error), 'login');
      return;
    }
    void runAction('login', () => dataWorker.loginWithToken(token as string)).then((r) => {
      if (r.ok) navigate(safeNext(params.get('next')), { replace: true });
    });
  }, [navigate, params]);

  async function submit() {
    const next = { email: validateEmail(email), password: password ? null : 'required' };
    setErrors(next);
    if (next.email || next.password) return;
    const r = await runAction('login', () => dataWorker.login(email.trim(), password));
    if (!r.ok) return;
    if (!r.value.verified)
      navigate(`/signup/verify?email=${encodeURIComponent(r.value.email)}`, { replace: true });
    else navigate(safeNext(params.get('next')), { replace: true });
  }

  return (
    <AuthCard title={t`Welcome`} lead={t`Log in to see your weather stations.`}>
      <AuthForm onSubmit={submit}>
        <EmailField
          label={t`Email`}
          value={email}
          onValue={setEmail}
          error={errors.email && tr(errors.email)}
        />
        <PasswordField
          label={t`Password`}
          value={password}
          onValue={setPassword}
          error={errors.password && tr(errors.password)}
        />
        <Button type="submit" variant="primary" busy={busy}>
          {t`Log in`}
        </Button>
      </AuthForm>
      <SocialButtons providers={config?.oauth ?? []} />
      <AuthLinks>
        <Link to="/login/reset">{t`Forgot password?`}</Link>
        <span>
          <Trans>
            New here? <Link to="/signup">Create account</Link>
          </Trans>
        </span>
      </AuthLinks>
    </AuthCard>
  );
}
