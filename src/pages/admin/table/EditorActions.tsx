// The end of every admin editor form: Cancel, and Save (the form's submit) while the save runs.
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/Button';
import styles from './DataTable.module.css';

export function EditorActions({ cancel, busy }: { cancel: () => void; busy: boolean }) {
  const { t } = useLingui();
  return (
    <div className={styles.formActions}>
      <Button variant="ghost" onClick={cancel} disabled={busy}>
        {t`Cancel`}
      </Button>
      <Button variant="primary" type="submit" busy={busy}>
        {t`Save`}
      </Button>
    </div>
  );
}
