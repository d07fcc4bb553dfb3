// "Delete this station?": spec §5 asks for confirmation. The station, its readings and its settings go; offline
// the deletion waits in the outbox.
import { useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { Button } from '../../components/Button';
import { AppDialog } from '../../components/Dialog';

export function DeleteDeviceDialog({
  name,
  open,
  onCancel,
  onConfirm,
}: {
  name: string;
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useLingui();
  return (
    <AppDialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      title={t`Delete ${name}?`}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel}>
            {t`Cancel`}
          </Button>
          <Button variant="danger" icon={<Trash2 size={16} aria-hidden="true" />} onClick={onConfirm}>
            {t`Delete station`}
          </Button>
        </>
      }
    >
      <p>
        {t`The station, its readings, alerts and card settings are deleted for you and everyone it is shared with. The console's uploads are refused from then on.`}
      </p>
    </AppDialog>
  );
}
