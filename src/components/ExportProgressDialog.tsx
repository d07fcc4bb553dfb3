// The dialog of a file export (spec §4 data export, §9 table export): what to export is asked first, then the
// download's progress with cancel, then the file's name or the error.
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { AppDialog } from './Dialog';
import styles from './ExportProgressDialog.module.css';

export type ExportStage =
  | { kind: 'ask' }
  /** `percent` null: the size is not known yet (an indeterminate bar). */
  | { kind: 'running'; percent: number | null; text: string }
  | { kind: 'done'; name: string }
  | { kind: 'error'; message: string };

export function ExportProgressDialog({
  stage,
  title,
  onStart,
  onCancel,
  onClose,
  children,
}: {
  /** null: closed. */
  stage: ExportStage | null;
  /** The title while asking. */
  title: string;
  onStart: () => void;
  onCancel: () => void;
  onClose: () => void;
  /** What is shown while asking (the question, a format to pick). */
  children: ReactNode;
}) {
  const { t } = useLingui();
  const running = stage?.kind === 'running' ? stage : null;
  return (
    <AppDialog
      open={stage !== null}
      onClose={running ? onCancel : onClose}
      title={running ? t`Exporting…` : stage?.kind === 'done' ? t`Export ready` : title}
      actions={
        stage?.kind === 'ask' ? (
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
      {stage?.kind === 'ask' && children}
      {running && (
        <>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={t`Export progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={running.percent ?? undefined}
            aria-valuetext={running.text}
          >
            <span
              className={running.percent === null ? styles.indeterminate : styles.bar}
              style={running.percent === null ? undefined : { width: `${running.percent}%` }}
            />
          </div>
          <p className="tabular">{running.text}</p>
        </>
      )}
      {stage?.kind === 'done' && <p>{t`The file ${stage.name} has been downloaded.`}</p>}
      {stage?.kind === 'error' && (
        <p className={styles.error} role="alert">
          {stage.message}
        </p>
      )}
    </AppDialog>
  );
}
