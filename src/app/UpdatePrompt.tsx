// "A new version is available" with Reload (the waiting service worker takes over) — spec §4 Snackbars.
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { applyUpdate, onUpdateReady } from '../api/sw-register';
import { Button } from '../components/Button';
import { Snackbar } from '../components/Snackbars';

export function UpdatePrompt() {
  const { t } = useLingui();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const off = onUpdateReady(() => setReady(true));
    return typeof off === 'function' ? off : undefined;
  }, []);
  if (!ready) return null;
  return (
    <Snackbar
      tone="info"
      onClose={() => setReady(false)}
      action={
        <Button size="sm" variant="primary" onClick={() => applyUpdate()}>
          {t`Reload`}
        </Button>
      }
    >
      {t`A new version is available`}
    </Snackbar>
  );
}
