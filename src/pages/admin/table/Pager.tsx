// The table's pagination (spec §9): rows per page 5/10/20/100, the range shown, and 10 page buttons around the
// current page (in cursor mode the total is unknown: taken as 999, and Next stops at a short page).
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/Button';
import { PAGE_SIZES, pageButtons, type TableState } from '../../../domain/adminTable';
import styles from './DataTable.module.css';

export function Pager({
  state,
  pages,
  shown,
  total,
  cursor,
  update,
}: {
  state: TableState;
  pages: number;
  /** Rows on this page. */
  shown: number;
  /** null in cursor mode. */
  total: number | null;
  cursor?: boolean;
  update: (change: Partial<TableState>) => void;
}) {
  const { t, i18n } = useLingui();
  const n = new Intl.NumberFormat(i18n.locale);
  const first = (state.page - 1) * state.rowsPerPage;
  return (
    <nav className={styles.pager} aria-label={t`Pages`}>
      <label className={styles.pageSize}>
        {t`Rows per page`}
        <select
          value={state.rowsPerPage}
          onChange={(e) => update({ rowsPerPage: Number(e.target.value), page: 1 })}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span className={styles.range}>
        {shown === 0
          ? ''
          : cursor
            ? t`${n.format(first + 1)}–${n.format(first + shown)}`
            : t`${n.format(first + 1)}–${n.format(first + shown)} of ${n.format(total ?? 0)}`}
      </span>
      <div className={styles.pages}>
        <Button
          size="sm"
          variant="ghost"
          disabled={state.page <= 1}
          onClick={() => update({ page: state.page - 1 })}
        >
          {t`Previous`}
        </Button>
        {pageButtons(state.page, pages).map((p) => (
          <button
            key={p}
            type="button"
            className={styles.pageButton}
            aria-current={p === state.page ? 'page' : undefined}
            onClick={() => update({ page: p })}
          >
            {p}
          </button>
        ))}
        <Button
          size="sm"
          variant="ghost"
          disabled={state.page >= pages || (cursor && shown < state.rowsPerPage)}
          onClick={() => update({ page: state.page + 1 })}
        >
          {t`Next`}
        </Button>
      </div>
    </nav>
  );
}
