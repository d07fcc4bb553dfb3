// Delete and batch delete after confirmation (spec §5): one row, or every row of the selection (for "all", the
// ids are read page by page, 100 at a time), removed one by one with progress. Failures are logged one by one
// and summed up in the global error snackbar (spec §8).
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { dataWorker } from '../../../bridge/worker';
import { Button } from '../../../components/Button';
import { AppDialog } from '../../../components/Dialog';
import type { Selection } from '../../../domain/adminTable';
import { translateServerMessage } from '../../../i18n/messages';
import { errorText, useUi } from '../../../state/ui';
import { reportFailure } from './reportFailure';
import type { Row, TableConfig } from './types';

export function DeleteDialog({
  config,
  target,
  selection,
  count,
  query,
  onClose,
  onDone,
}: {
  config: TableConfig;
  target: Row[] | 'selection';
  selection: Selection;
  /** Rows the selection holds (for the question). */
  count: number;
  /** The list's query (the rows "all" stands for). */
  query: Record<string, unknown>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const [deleting, setDeleting] = useState<{ done: number; of: number } | null>(null);

  /** Every id the selection holds (for "all": read page by page, 100 at a time). */
  const selectedIds = async (): Promise<string[]> => {
    if (!selection.all) return [...selection.ids];
    const { $limit: _l, $skip: _s, $cursor: _c, $populate: _p, ...rest } = query;
    const ids: string[] = [];
    for (;;) {
      const page = await dataWorker.adminFind(config.service, {
        ...rest,
        $select: ['_id'],
        $limit: 100,
        $skip: ids.length,
      });
      ids.push(...page.data.map((r) => r._id as string));
      if (page.data.length < 100) return ids;
    }
  };

  const remove = async () => {
    let ids: string[];
    try {
      ids = target === 'selection' ? await selectedIds() : target.map((r) => r._id);
    } catch (e) {
      reportFailure(`reading the selection of ${config.service}`, e);
      return;
    }
    setDeleting({ done: 0, of: ids.length });
    const failed: unknown[] = [];
    for (const [i, id] of ids.entries()) {
      try {
        await dataWorker.adminRemove(config.service, id);
      } catch (e) {
        console.error(`[admin] deleting ${config.service} ${id} failed`, e);
        failed.push(e);
      }
      setDeleting({ done: i + 1, of: ids.length });
    }
    onDone();
    const ui = useUi.getState();
    if (failed.length > 0) {
      const reason = translateServerMessage(errorText(failed[0]));
      ui.showError(t`${failed.length} of ${ids.length} could not be deleted: ${reason}`);
    } else ui.showSuccess(ids.length === 1 ? t`Deleted` : t`${ids.length} deleted`);
  };

  const n = new Intl.NumberFormat(i18n.locale);
  return (
    <AppDialog
      open
      role="alertdialog"
      onClose={onClose}
      busy={deleting !== null}
      title={t`Delete`}
      actions={
        <>
          <Button variant="ghost" disabled={deleting !== null} onClick={onClose}>
            {t`Cancel`}
          </Button>
          <Button variant="danger" busy={deleting !== null} onClick={() => void remove()}>
            {t`Delete`}
          </Button>
        </>
      }
    >
      <p>
        {target === 'selection'
          ? t`Delete ${n.format(count)} selected items? This cannot be undone.`
          : t`Delete ${config.nameOf(target[0])}? This cannot be undone.`}
      </p>
      {deleting && (
        <p role="status" className="tabular">
          {t`${deleting.done} of ${deleting.of} deleted`}
        </p>
      )}
    </AppDialog>
  );
}
