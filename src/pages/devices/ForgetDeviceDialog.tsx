// "Remove this public station from your list?": only public stations can be forgotten (spec §4); it can be
// found again by its station ID.
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/Button';
import { AppDialog } from '../../components/Dialog';

export function ForgetDeviceDialog({
  name,
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  name: string;
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
      title={t`Remove ${name} from your list?`}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t`Cancel`}
          </Button>
          <Button variant="primary" busy={busy} onClick={onConfirm}>
            {t`Remove`}
          </Button>
        </>
      }
    >
      <p>{t`You can add it again with its station ID.`}</p>
    </AppDialog>
  );
}
