// The export dialog (spec §4): the confirmation, the download's progress with cancel, the result or the error.
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/Button';
import { AppDialog } from '../../components/Dialog';
import { translateServerMessage as tr } from '../../i18n/messages';
import styles from './ExportPage.module.css';
import { percentOf, sizeText } from './sizeText';
import type { ExportPhase } from './useExportJob';

export function ExportDialog({
  phase,
  question,
  onStart,
  onCancel,
  onClose,
}: {
  phase: ExportPhase | null;
  /** The confirmation's text (station, days and format). */
  question: string;
  onStart: () => void;
  onCancel: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const running = phase?.kind === 'running' ? phase : null;
  const percent = running ? percentOf(running.received, running.total) : null;
  return (
    <AppDialog
      open={phase !== null}
      onClose={running ? onCancel : onClose}
      busy={false}
      title={running ? t`Exporting…` : phase?.kind === 'done' ? t`Export ready` : t`Export data`}
      actions={
        phase?.kind === 'confirm' ? (
          <>
            <Button variant="ghost" onClick={onClose}>
              {t`Cancel`}
            </Button>
            <Button variant="primary" onClick={onStart}>
              {t`Start export`}
            </Button>
          </>
        ) : running ? (
          <Button onClick={onCancel}>{t`Cancel`}</Button>
        ) : (
          <Button variant="primary" onClick={onClose}>
            {t`Close`}
          </Button>
        )
      }
    >
      {phase?.kind === 'confirm' && <p>{question}</p>}
      {running && (
        <>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={t`Export progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
            aria-valuetext={sizeText(running.received, i18n.locale)}
          >
            <span
              className={percent === null ? styles.indeterminate : styles.bar}
              style={percent === null ? undefined : { width: `${percent}%` }}
            />
          </div>
          <p className="tabular">
            {percent === null
              ? t`${sizeText(running.received, i18n.locale)} received`
              : t`${percent}% (${sizeText(running.received, i18n.locale)})`}
          </p>
        </>
      )}
      {phase?.kind === 'done' && <p>{t`The file ${phase.name} has been downloaded.`}</p>}
      {phase?.kind === 'error' && (
        <p className={styles.error} role="alert">
          {tr(phase.message)}
        </p>
      )}
    </AppDialog>
  );
}
