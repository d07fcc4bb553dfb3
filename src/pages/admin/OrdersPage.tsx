// /admin/orders (issue #15 on issue #14's orders): every order with its buyer ($populate), plan, stations, total
// and status; admins move an order (spec §4: mark paid, cancel, refund through the payment provider), delete
// unpaid ones (alone or in a batch) and export the list.
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { AppDialog } from '../../components/Dialog';
import { Page } from '../../components/Page';
import { useUnits } from '../../db/hooks';
import { sourceLink } from '../../domain/adminTable';
import type { OrderDevice } from '../../domain/contract';
import { canMove, type OrderStatus } from '../../domain/orders';
import { useUi } from '../../state/ui';
import { DateTimeCell } from './DateTimeCell';
import { dateTime, money } from './format';
import { DataTable } from './table/DataTable';
import styles from './table/DataTable.module.css';
import { reportFailure } from './table/reportFailure';
import type { Row, TableConfig } from './table/types';

const STATUS = {
  pending: msg({ message: 'Pending', context: 'order status' }),
  done: msg`Completed`,
  cancelled: msg`Cancelled`,
  refunded: msg`Refunded`,
  error: msg`Error`,
} as const;

export const statusLabel = (s: string) => (s in STATUS ? i18n._(STATUS[s as OrderStatus]) : s);

/** The moves an admin may make from a status, as actions. */
const MOVES: { to: OrderStatus; label: ReturnType<typeof msg>; question: ReturnType<typeof msg> }[] = [
  {
    to: 'done',
    label: msg`Mark paid`,
    question: msg`Mark this order as paid? Its plan is granted to its stations.`,
  },
  { to: 'cancelled', label: msg`Cancel order`, question: msg`Cancel this order? It can no longer be paid.` },
  {
    to: 'refunded',
    label: msg`Refund`,
    question: msg`Refund this order? The payment is given back through the payment provider and the plan is taken back.`,
  },
];

function OrderActions({ row, reload, name }: { row: Row; reload: () => void; name: string }) {
  const { t } = useLingui();
  const [move, setMove] = useState<(typeof MOVES)[number] | null>(null);
  const [busy, setBusy] = useState(false);
  const showSuccess = useUi((s) => s.showSuccess);
  const status = row.status as OrderStatus;
  const moves = MOVES.filter((m) => canMove(status, m.to));
  const run = async () => {
    if (!move) return;
    setBusy(true);
    try {
      await dataWorker.adminSave('orders', row._id, { status: move.to });
      showSuccess(t`The order is now ${statusLabel(move.to)}`);
      setMove(null);
      reload();
    } catch (e) {
      reportFailure(`moving order ${row._id} to ${move.to}`, e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {moves.length > 0 && (
        <select
          className={styles.statusSelect}
          aria-label={t`Change the status of the ${name}`}
          value=""
          onChange={(e) => setMove(moves.find((m) => m.to === e.target.value) ?? null)}
        >
          <option value="">{t`Change status…`}</option>
          {moves.map((m) => (
            <option key={m.to} value={m.to}>
              {i18n._(m.label)}
            </option>
          ))}
        </select>
      )}
      <AppDialog
        open={move !== null}
        role="alertdialog"
        onClose={() => setMove(null)}
        busy={busy}
        title={move ? i18n._(move.label) : ''}
        actions={
          <>
            <Button variant="ghost" disabled={busy} onClick={() => setMove(null)}>
              {t`Back`}
            </Button>
            <Button
              variant={move?.to === 'refunded' ? 'danger' : 'primary'}
              busy={busy}
              onClick={() => void run()}
            >
              {move ? i18n._(move.label) : ''}
            </Button>
          </>
        }
      >
        <p>{move ? i18n._(move.question) : ''}</p>
      </AppDialog>
    </>
  );
}

export default function OrdersPage() {
  const { t, i18n: lingui } = useLingui();
  const prefs = useUnits();
  const config = useMemo<TableConfig>(
    () => ({
      path: '/admin/orders',
      service: 'orders',
      searchFields: ['status', 'currency', 'paymentRef'],
      populate: ['user'],
      // Orders keep coming: keyset paging, so a new order does not shift the page being read (spec §9 cursor
      // mode, the total taken as 999).
      cursor: true,
      columns: [
        {
          key: 'createdAt',
          label: t`Ordered`,
          sortable: true,
          numeric: true,
          render: (r) => <DateTimeCell text={dateTime(r.createdAt, lingui.locale, prefs)} />,
        },
        {
          key: 'user.email',
          label: t`Buyer`,
          render: (r) => {
            const u = r.user as { _id?: string; email?: string } | null;
            return u?._id ? <Link to={sourceLink('admin/users', { _id: u._id }, u._id)}>{u.email}</Link> : '';
          },
        },
        { key: 'plan.name', label: t`Plan` },
        {
          key: 'devices',
          label: t`Stations`,
          render: (r) => ((r.devices as OrderDevice[]) ?? []).map((d) => d.name).join(', '),
        },
        {
          key: 'total',
          label: t`Total`,
          sortable: true,
          numeric: true,
          render: (r) => money(r.total, r.currency, lingui.locale),
        },
        {
          key: 'status',
          label: t`Status`,
          sortable: true,
          render: (r) => (
            <span
              className={`${styles.badge} ${r.status === 'done' ? styles.badgeGood : r.status === 'error' ? styles.badgeBad : ''}`}
              title={typeof r.lastError === 'string' ? r.lastError : undefined}
            >
              {statusLabel(String(r.status))}
            </span>
          ),
        },
        { key: 'provider', label: t`Payment`, sortable: true },
        {
          key: 'paidAt',
          label: t`Paid`,
          sortable: true,
          numeric: true,
          render: (r) => <DateTimeCell text={dateTime(r.paidAt, lingui.locale, prefs)} />,
        },
      ],
      hide: { add: true, edit: true, clone: true },
      rowActions: (row, reload) => (
        <OrderActions
          row={row}
          reload={reload}
          name={t`order of ${dateTime(row.createdAt, lingui.locale, prefs)}`}
        />
      ),
      nameOf: (r) => t`order of ${dateTime(r.createdAt, lingui.locale, prefs)}`,
    }),
    [t, lingui.locale, prefs],
  );
  return (
    <Page title={t`Orders`} width="full">
      <DataTable config={config} title={t`Orders`} />
    </Page>
  );
}
