// The confirmation before a new station key replaces the old one (the console stops uploading until updated).
import { useLingui } from '@lingui/react/macro';
import { KeyRound } from 'lucide-react';
import { Button } from '../../components/Button';
import { AppDialog } from '../../components/Dialog';

export function RegenerateKeyDialog({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  return (
    <AppDialog
      open={open}
      onClose={onCancel}
      busy={busy}
      role="alertdialog"
      title={t`Regenerate the station key?`}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t`Cancel`}
          </Button>
          <Button
            variant="danger"
            busy={busy}
            icon={<KeyRound size={16} aria-hidden="true" />}
            onClick={onConfirm}
          >
            {t`Regenerate`}
          </Button>
        </>
      }
    >
      <p>
        {t`The console stops uploading until you enter the new key in its settings. The old key stops working at once.`}
      </p>
    </AppDialog>
  );
}
