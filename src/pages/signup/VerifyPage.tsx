// Verify the e-mail address with the code we mailed (spec §4: unverified users are sent here).
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { CodeField, EmailField } from '../../components/TextField';
import { useAuth } from '../../db/hooks';
import { validateEmail } from '../../domain';
import { translateServerMessage as tr } from '../../i18n/messages';
import { runAction } from '../../state/run-action';
import { useUi } from '../../state/ui';
import { AuthCard, AuthForm, AuthLinks } from '../login/AuthCard';
import { OutboxNote } from '../login/OutboxNote';

export default function VerifyPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const auth = useAuth();
  const processing = useUi((s) => s.processing);
  const showSuccess = useUi((s) => s.showSuccess);
  const knownEmail = params.get('email') ?? auth?.user?.email ?? '';
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; code?: string | null }>({});
  const address = knownEmail || email.trim();

  async function verify() {
    const found = {
      email: knownEmail ? null : validateEmail(email),
      code: code.trim() ? null : 'required',
    };
    setErrors(found);
    if (found.email || found.code) return;
    const r = await runAction('verify', () => dataWorker.verify(address, code.trim()));
    if (r.ok) navigate(auth?.user ? '/dashboard' : '/login', { replace: true });
  }

  async function resend() {
    const emailError = knownEmail ? null : validateEmail(email);
    setErrors({ email: emailError });
    if (emailError) return;
    const r = await runAction('resendCode', () => dataWorker.resendCode(address));
    if (r.ok) showSuccess(t`We sent a new code to ${address}.`);
  }

  return (
    <AuthCard
      title={t`Verify your email`}
      lead={
        knownEmail ? t`Enter the code we sent to ${knownEmail}.` : t`Enter the code we sent to your email.`
      }
    >
      <OutboxNote />
      <AuthForm onSubmit={verify}>
        {!knownEmail && (
          <EmailField
            label={t`Email`}
            value={email}
            onValue={setEmail}
            error={errors.email && tr(errors.email)}
          />
        )}
        <CodeField
          label={t`Verification code`}
          value={code}
          onValue={setCode}
          error={errors.code && tr(errors.code)}
        />
        <Button type="submit" variant="primary" busy={processing === 'verify'}>
          {t`Verify`}
        </Button>
      </AuthForm>
      <AuthLinks>
        <Button variant="ghost" size="sm" onClick={resend} busy={processing === 'resendCode'}>
          {t`Resend code`}
        </Button>
        <Link to="/logout">{t`Use another account`}</Link>
      </AuthLinks>
    </AuthCard>
  );
}
