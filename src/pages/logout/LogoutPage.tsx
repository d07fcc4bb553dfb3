// Log out, then back to the login page (spec §4: devices are cleared by the worker).
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { runAction } from '../../state/run-action';
import { AuthCard } from '../login/AuthCard';

export default function LogoutPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void runAction('logout', () => dataWorker.logout()).then(() => navigate('/login', { replace: true }));
  }, [navigate]);
  return <AuthCard title={t`Log Out`} lead={t`Signing you out…`} />;
}
