// A table's export (spec §9): XLSX (default) or CSV with a byte-order mark, every row of the current search and
// order, read in pages of 100 by the data worker; progress and cancel; the file is named after the screen's
// path and a date-time stamp.
import { useLingui } from '@lingui/react/macro';
import { proxy } from 'comlink';
import { useRef, useState } from 'react';
import { dataWorker } from '../../../api/worker';
import { Button } from '../../../components/Button';
import { AppDialog } from '../../../components/Dialog';
import { SelectField } from '../../../components/SelectField';
import type { ExportFormat } from '../../../domain/exports';
import { translateServerMessage } from '../../../i18n/messages';
import { errorText } from '../../../state/ui';
import { saveFile } from '../../export/useExportJob';
import styles from './DataTable.module.css';
import type { TableConfig } from './types';

type Phase =
  | { kind: 'choose' }
  | { kind: 'running'; rows: number; total: number | null }
  | { kind: 'done'; name: string }
  | { kind: 'error'; message: string };

export function TableExportDialog({
  config,
  query,
  total,
  onClose,
}: {
  config: TableConfig;
  query: Record<string, unknown>;
  total: number | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const job = useRef<string | null>(null);
  const n = new Intl.NumberFormat(i18n.locale);

  const start = async () => {
    const id = `${Date.now()}-${Math.random().toString(16).slice(2)}`;
    job.current = id;
    setPhase({ kind: 'running', rows: 0, total });
    try {
      const { blob, name } = await dataWorker.adminExport(
        id,
        {
          path: config.service,
          query,
          columns: config.columns.map((c) => ({ key: c.key, label: c.label, image: c.image })),
          format,
          fileBase: config.path,
          sheetName: config.path.split('/').pop(),
        },
        proxy((rows: number, all: number | null) => {
          if (job.current === id) setPhase({ kind: 'running', rows, total: all });
        }),
      );
      if (job.current !== id) return;
      saveFile(blob, name);
      setPhase({ kind: 'done', name });
    } catch (e) {
      if (job.current !== id) return;
      console.error(`[admin] exporting ${config.service} failed`, e);
      setPhase({ kind: 'error', message: translateServerMessage(errorText(e)) });
    }
  };

  const cancel = () => {
    if (job.current) void dataWorker.cancelAdminExport(job.current);
    job.current = null;
    onClose();
  };

  const running = phase.kind === 'running' ? phase : null;
  const percent = running?.total ? Math.min(100, Math.round((running.rows / running.total) * 100)) : null;
  return (
    <AppDialog
      open
      onClose={running ? cancel : onClose}
      title={running ? t`Exporting…` : phase.kind === 'done' ? t`Export ready` : t`Export table`}
      actions={
        phase.kind === 'choose' ? (
          <>
            <Button variant="ghost" onClick={onClose}>
              {t`Cancel`}
            </Button>
            <Button variant="primary" onClick={() => void start()}>
              {t`Start export`}
            </Button>
          </>
        ) : running ? (
          <Button onClick={cancel}>{t`Cancel`}</Button>
        ) : (
          <Button variant="primary" onClick={onClose}>
            {t`Close`}
          </Button>
        )
      }
    >
      {phase.kind === 'choose' && (
        <SelectField
          label={t`Format`}
          value={format}
          onChange={(e) => setFormat(e.target.value as ExportFormat)}
          options={[
            { value: 'xlsx', label: t`Excel workbook (.xlsx)` },
            { value: 'csv', label: t`CSV (.csv)` },
          ]}
        />
      )}
      {running && (
        <>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label={t`Export progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
          >
            <span className={styles.bar} style={{ width: `${percent ?? 10}%` }} />
          </div>
          <p className="tabular">
            {running.total === null
              ? t`${n.format(running.rows)} rows read`
              : t`${n.format(running.rows)} of ${n.format(running.total)} rows read`}
          </p>
        </>
      )}
      {phase.kind === 'done' && <p>{t`The file ${phase.name} has been downloaded.`}</p>}
      {phase.kind === 'error' && (
        <p className={styles.error} role="alert">
          {phase.message}
        </p>
      )}
    </AppDialog>
  );
}
