// The one generic table of the admin area (spec §2 generic list screens, issue #15): search, add, edit (a dialog
// over the table, at `{path}/edit/{id}` or `?editor={id}`), clone (`{path}/edit?clone={id}`), delete, batch
// delete, export; the selection states of spec §4; the table state in the query string; page sizes 5/10/20/100
// with 10 page buttons, or cursor mode. Save, delete and batch-delete failures are logged and shown in the
// global error snackbar (spec §8).
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, Copy, Download, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { dataWorker } from '../../../bridge/worker';
import { Button } from '../../../components/Button';
import { AppDialog } from '../../../components/Dialog';
import { useAuth } from '../../../db/hooks';
import {
  cloneLink,
  editLink,
  NO_SELECTION,
  newLink,
  pageCount,
  type Selection,
  selectedCount,
  selectionState,
  tableSearch,
  toggleAllOnPage,
  toggleOne,
  valueAt,
} from '../../../domain/adminTable';
import { translateServerMessage } from '../../../i18n/messages';
import { useUi } from '../../../state/ui';
import styles from './DataTable.module.css';
import { DeleteDialog } from './DeleteDialog';
import { Pager } from './Pager';
import { reportFailure } from './reportFailure';
import { TableExportDialog } from './TableExportDialog';
import type { Row, TableConfig } from './types';
import { useAdminList } from './useAdminList';
import { useTableState } from './useTableState';

function cellText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const defaultClone = (row: Row): Record<string, unknown> => {
  const { _id, createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
};

export function DataTable({ config, title }: { config: TableConfig; title: ReactNode }) {
  const { t, i18n } = useLingui();
  const auth = useAuth();
  const fullAdmin = auth?.user?.adminType !== 'editor';
  const hide = {
    ...config.hide,
    remove: config.hide?.remove || !fullAdmin,
  };
  const sortable = useMemo(
    () => config.columns.filter((c) => c.sortable).map((c) => c.sortKey ?? c.key),
    [config.columns],
  );
  const { state, update, filter } = useTableState(sortable);
  const list = useAdminList(config, state, filter);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [searchText, setSearchText] = useState(state.search);
  const [confirm, setConfirm] = useState<{ rows: Row[] | 'selection' } | null>(null);
  const [exporting, setExporting] = useState(false);
  const [editorBusy, setEditorBusy] = useState(false);
  const [editing, setEditing] = useState<{ item: Row | null; initial: Record<string, unknown> } | null>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const params = useParams<{ id?: string }>();
  const [searchParams] = useSearchParams();
  const showSuccess = useUi((s) => s.showSuccess);

  // The search box updates the query string after a short pause (and goes back to page 1).
  useEffect(() => setSearchText(state.search), [state.search]);
  useEffect(() => {
    if (searchText === state.search) return;
    const id = setTimeout(() => update({ search: searchText, page: 1 }), 300);
    return () => clearTimeout(id);
  }, [searchText, state.search, update]);

  // The total of the answer goes into the query string too (spec §2), without a history entry.
  useEffect(() => {
    if (!list.loading && !list.error && list.total !== state.total) update({ total: list.total }, true);
  }, [list.loading, list.error, list.total, state.total, update]);

  const pageIds = list.rows.map((r) => r._id);
  const selState = selectionState(selection, pageIds);
  const total = config.cursor ? null : list.total;
  const last =
    config.cursor && !list.loading && !list.error && list.hasMore === false ? state.page : undefined;
  const pages = pageCount(total ?? state.total, state.rowsPerPage, config.cursor, last);

  // Which item the editor shows: {path}/edit/{id}, {path}/edit (new, or ?clone={id}), or ?editor={id}.
  const onEditRoute = pathname.startsWith(`${config.path}/edit`);
  const cloneId = onEditRoute ? searchParams.get('clone') : null;
  const editId = onEditRoute ? (params.id ?? null) : state.editor;
  const editorKey = onEditRoute ? `route:${params.id ?? ''}:${cloneId ?? ''}` : `param:${state.editor ?? ''}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: editorKey names what is open
  useEffect(() => {
    let stale = false;
    if (!config.Editor || (!onEditRoute && !state.editor)) {
      setEditing(null);
      return;
    }
    (async () => {
      if (editId && editId !== 'new') {
        const item = (await dataWorker.adminGet(config.service, editId)) as Row;
        if (!stale) setEditing({ item, initial: item });
      } else if (cloneId) {
        const source = (await dataWorker.adminGet(config.service, cloneId)) as Row;
        if (!stale) setEditing({ item: null, initial: (config.cloneOf ?? defaultClone)(source) });
      } else if (!stale) setEditing({ item: null, initial: config.defaults?.() ?? {} });
    })().catch((e) => {
      reportFailure(`opening ${config.service} ${editId ?? cloneId ?? 'new'}`, e);
      if (!stale) closeEditor();
    });
    return () => {
      stale = true;
    };
  }, [editorKey]);

  /** The table's own query string without the editor, for links back and forth. */
  const tableQuery = () => {
    const p = tableSearch({ ...state, editor: null }, new URLSearchParams(filter as Record<string, string>));
    const s = p.toString();
    return s ? `?${s}` : '';
  };
  const closeEditor = () => {
    setEditing(null);
    if (onEditRoute) navigate(`${config.path}${tableQuery()}`);
    else update({ editor: null });
  };
  const withQuery = (link: string) => {
    const q = tableQuery().slice(1);
    if (!q) return link;
    return `${link}${link.includes('?') ? '&' : '?'}${q}`;
  };

  const save = async (data: Record<string, unknown>): Promise<boolean> => {
    setEditorBusy(true);
    try {
      await dataWorker.adminSave(config.service, editing?.item?._id ?? null, data);
      showSuccess(t`Saved`);
      closeEditor();
      list.reload();
      return true;
    } catch (e) {
      reportFailure(`saving ${config.service} ${editing?.item?._id ?? '(new)'}`, e);
      return false;
    } finally {
      setEditorBusy(false);
    }
  };

  const sortBy = (key: string) => {
    if (state.sortBy === key) update({ descending: !state.descending, page: 1 });
    else update({ sortBy: key, descending: false, page: 1 });
  };

  const count = selectedCount(selection, total);
  const Editor = config.Editor;
  const numberFormat = new Intl.NumberFormat(i18n.locale);

  return (
    <section className={styles.table} aria-label={typeof title === 'string' ? title : undefined}>
      <div className={styles.toolbar}>
        <label className={styles.search}>
          <Search size={16} aria-hidden="true" />
          <input
            type="search"
            value={searchText}
            placeholder={t`Search`}
            aria-label={t`Search`}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </label>
        <div className={styles.tools}>
          {!hide.multiSelect && !hide.remove && selState !== 'none' && (
            <Button
              variant="danger"
              size="sm"
              icon={<Trash2 size={16} />}
              onClick={() => setConfirm({ rows: 'selection' })}
            >
              {t`Delete ${numberFormat.format(count)} selected`}
            </Button>
          )}
          {!hide.export && (
            <Button size="sm" icon={<Download size={16} />} onClick={() => setExporting(true)}>
              {t`Export`}
            </Button>
          )}
          {!hide.add && Editor && (
            <Link className={styles.addLink} to={withQuery(newLink(config.path))}>
              <Plus size={16} aria-hidden="true" />
              {t`Add`}
            </Link>
          )}
        </div>
      </div>

      {!hide.multiSelect && (selState === 'pageAll' || selState === 'all' || selState === 'some') && (
        <p className={styles.selectionBar} role="status">
          {selState === 'all'
            ? t`${plural(count, { one: 'The # row is selected.', other: 'All # rows are selected.' })}`
            : t`${plural(count, { one: '# row is selected.', other: '# rows are selected.' })}`}{' '}
          {selState === 'pageAll' && !config.cursor && (total ?? 0) > pageIds.length && (
            <button
              type="button"
              className={styles.textButton}
              onClick={() => setSelection({ ids: new Set(), all: true })}
            >
              {t`Select all ${numberFormat.format(total ?? 0)} rows`}
            </button>
          )}{' '}
          <button type="button" className={styles.textButton} onClick={() => setSelection(NO_SELECTION)}>
            {t`Clear selection`}
          </button>
        </p>
      )}

      <div className={styles.scroller} data-state={selState}>
        <table aria-busy={list.loading || undefined}>
          <thead>
            <tr>
              {!hide.multiSelect && (
                <th className={styles.check}>
                  <input
                    type="checkbox"
                    aria-label={t`Select all rows of this page`}
                    checked={selState === 'pageAll' || selState === 'all'}
                    ref={(el) => {
                      if (el) el.indeterminate = selState === 'pageSome' || selState === 'some';
                    }}
                    onChange={() => setSelection(toggleAllOnPage(selection, pageIds))}
                  />
                </th>
              )}
              {config.columns.map((c) => {
                const key = c.sortKey ?? c.key;
                const sorted = state.sortBy === key;
                return (
                  <th
                    key={c.key}
                    className={c.numeric ? styles.numeric : undefined}
                    aria-sort={sorted ? (state.descending ? 'descending' : 'ascending') : undefined}
                  >
                    {c.sortable ? (
                      <button type="button" className={styles.sort} onClick={() => sortBy(key)}>
                        {c.label}
                        {sorted &&
                          (state.descending ? (
                            <ArrowDown size={14} aria-hidden="true" />
                          ) : (
                            <ArrowUp size={14} aria-hidden="true" />
                          ))}
                      </button>
                    ) : (
                      c.label
                    )}
                  </th>
                );
              })}
              <th className={styles.actionsHead}>
                <span className={styles.visuallyHidden}>{t`Actions`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={row._id} aria-selected={selection.all || selection.ids.has(row._id)}>
                {!hide.multiSelect && (
                  <td className={styles.check}>
                    <input
                      type="checkbox"
                      aria-label={t`Select ${config.nameOf(row)}`}
                      checked={selection.all || selection.ids.has(row._id)}
                      onChange={() => setSelection(toggleOne(selection, row._id, pageIds))}
                    />
                  </td>
                )}
                {config.columns.map((c) => {
                  const value = valueAt(row, c.key);
                  const text = cellText(value);
                  return (
                    <td
                      key={c.key}
                      className={c.numeric ? styles.numeric : undefined}
                      title={text || undefined}
                    >
                      {c.render ? (
                        c.render(row)
                      ) : c.image && typeof value === 'string' && value ? (
                        <img className={styles.image} src={value} alt="" />
                      ) : (
                        text
                      )}
                    </td>
                  );
                })}
                <td className={styles.rowActions}>
                  {config.rowActions?.(row, list.reload)}
                  {!hide.edit && Editor && (
                    <Link
                      className={styles.iconLink}
                      to={withQuery(editLink(config.path, row._id))}
                      aria-label={t`Edit ${config.nameOf(row)}`}
                      title={t`Edit`}
                    >
                      <Pencil size={16} aria-hidden="true" />
                    </Link>
                  )}
                  {!hide.clone && !hide.add && Editor && (
                    <Link
                      className={styles.iconLink}
                      to={withQuery(cloneLink(config.path, row._id))}
                      aria-label={t`Clone ${config.nameOf(row)}`}
                      title={t`Clone`}
                    >
                      <Copy size={16} aria-hidden="true" />
                    </Link>
                  )}
                  {!hide.remove && (
                    <Button
                      variant="ghost"
                      size="sm"
                      iconOnly
                      icon={<Trash2 size={16} />}
                      aria-label={t`Delete ${config.nameOf(row)}`}
                      title={t`Delete`}
                      onClick={() => setConfirm({ rows: [row] })}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!list.loading && list.rows.length === 0 && !list.error && (
          <p className={styles.empty}>{t`No result`}</p>
        )}
        {list.error && (
          <p className={styles.error} role="alert">
            {translateServerMessage(list.error)}{' '}
            <button type="button" className={styles.textButton} onClick={list.reload}>
              {t`Try again`}
            </button>
          </p>
        )}
      </div>

      <Pager
        state={state}
        pages={pages}
        shown={list.rows.length}
        total={total}
        cursor={config.cursor}
        update={update}
      />

      {Editor && editing && (
        <AppDialog
          open
          className={styles.editorDialog}
          onClose={closeEditor}
          busy={editorBusy}
          title={editing.item ? t`Edit ${config.nameOf(editing.item)}` : cloneId ? t`Clone` : t`Add`}
        >
          <Editor
            item={editing.item}
            initial={editing.initial}
            busy={editorBusy}
            save={save}
            cancel={closeEditor}
            fullAdmin={fullAdmin}
          />
        </AppDialog>
      )}

      {confirm && (
        <DeleteDialog
          config={config}
          target={confirm.rows}
          selection={selection}
          count={count}
          query={list.query}
          onClose={() => setConfirm(null)}
          onDone={() => {
            setConfirm(null);
            setSelection(NO_SELECTION);
            list.reload();
          }}
        />
      )}

      {exporting && (
        <TableExportDialog
          config={config}
          query={list.query}
          total={total}
          onClose={() => setExporting(false)}
        />
      )}
    </section>
  );
}
