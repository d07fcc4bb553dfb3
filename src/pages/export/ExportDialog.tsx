// The export dialog (spec §4): the confirmation, the download's progress with cancel, the result or the error.
import { useLingui } from '@lingui/react/macro';
import { ExportProgressDialog, type ExportStage } from '../../components/ExportProgressDialog';
import { translateServerMessage as tr } from '../../i18n/messages';
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
  const stage = ((): ExportStage | null => {
    if (phase?.kind === 'confirm') return { kind: 'ask' };
    if (phase?.kind === 'error') return { kind: 'error', message: tr(phase.message) };
    if (phase?.kind !== 'running') return phase;
    const percent = percentOf(phase.received, phase.total);
    const text =
      percent === null
        ? t`${sizeText(phase.received, i18n.locale)} received`
        : t`${percent}% (${sizeText(phase.received, i18n.locale)})`;
    return { kind: 'running', percent, text };
  })();
  return (
    <ExportProgressDialog
      stage={stage}
      title={t`Export data`}
      onStart={onStart}
      onCancel={onCancel}
      onClose={onClose}
    >
      <p>{question}</p>
    </ExportProgressDialog>
  );
}
