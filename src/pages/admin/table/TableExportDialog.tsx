// A table's export (spec §9): XLSX (default) or CSV with a byte-order mark, every row of the current search and
// order, read in pages of 100 by the data worker; progress and cancel; the file is named after the screen's
// path and a date-time stamp.
import { useLingui } from '@lingui/react/macro';
import { proxy } from 'comlink';
import { useRef, useState } from 'react';
import { dataWorker } from '../../../bridge/worker';
import { ExportProgressDialog, type ExportStage } from '../../../components/ExportProgressDialog';
import { SelectField } from '../../../components/SelectField';
import type { ExportFormat } from '../../../domain/exports';
import { translateServerMessage } from '../../../i18n/messages';
import { errorText } from '../../../state/ui';
import { saveFile } from '../../export/useExportJob';
import type { TableConfig } from './types';

type Phase =
  | { kind: 'ask' }
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
  const [format, setFormat] = useState<Extract<ExportFormat, 'csv' | 'xlsx'>>('xlsx');
  const [phase, setPhase] = useState<Phase>({ kind: 'ask' });
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

  const stage = ((): ExportStage => {
    if (phase.kind !== 'running') return phase;
    const percent = phase.total ? Math.min(100, Math.round((phase.rows / phase.total) * 100)) : null;
    const text =
      phase.total === null
        ? t`${n.format(phase.rows)} rows read`
        : t`${n.format(phase.rows)} of ${n.format(phase.total)} rows read`;
    return { kind: 'running', percent, text };
  })();
  return (
    <ExportProgressDialog
      stage={stage}
      title={t`Export table`}
      onStart={() => void start()}
      onCancel={cancel}
      onClose={onClose}
    >
      <SelectField
        label={t`Format`}
        value={format}
        onChange={(e) => setFormat(e.target.value as 'csv' | 'xlsx')}
        options={[
          { value: 'xlsx', label: t`Excel workbook (.xlsx)` },
          { value: 'csv', label: t`CSV (.csv)` },
        ]}
      />
    </ExportProgressDialog>
  );
}
