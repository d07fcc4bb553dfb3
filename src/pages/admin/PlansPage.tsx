// /admin/plans (issue #15): the subscription plans on offer, drafts included; clone makes a new plan from one.
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Page } from '../../components/Page';
import { money } from './format';
import { PlanEditor } from './PlanEditor';
import { DataTable } from './table/DataTable';
import styles from './table/DataTable.module.css';
import type { Row, TableConfig } from './table/types';

export default function PlansPage() {
  const { t, i18n } = useLingui();
  const config = useMemo<TableConfig>(
    () => ({
      path: '/admin/plans',
      service: 'subscriptionPlans',
      searchFields: ['name'],
      defaultSort: { order: 1 },
      columns: [
        { key: 'name', label: t({ message: 'Name', context: 'of a station or plan' }), sortable: true },
        {
          key: 'price',
          label: t`Price`,
          sortable: true,
          numeric: true,
          render: (r) => money(r.price, r.currency, i18n.locale),
        },
        { key: 'currency', label: t`Currency` },
        {
          key: 'months',
          label: t`Months`,
          sortable: true,
          numeric: true,
          render: (r) => (Number(r.months) === 0 ? t`Permanent` : String(r.months)),
        },
        { key: 'maxDevices', label: t`Stations`, sortable: true, numeric: true },
        { key: 'storeDays', label: t`Days kept`, sortable: true, numeric: true },
        {
          key: 'status',
          label: t`Status`,
          sortable: true,
          render: (r) =>
            r.status === 'published' ? (
              <span className={`${styles.badge} ${styles.badgeGood}`}>{t`Published`}</span>
            ) : (
              <span className={styles.badge}>{t`Draft`}</span>
            ),
        },
        { key: 'order', label: t`Order`, sortable: true, numeric: true },
      ],
      Editor: PlanEditor,
      defaults: () => ({
        name: '',
        price: 0,
        currency: 'USD',
        months: 12,
        maxDevices: 1,
        storeDays: 30,
        status: 'draft',
        features: [],
      }),
      // A clone is a new draft with the same terms; its features are new items.
      cloneOf: (r: Row) => {
        const { _id, createdAt: _c, updatedAt: _u, features, ...rest } = r;
        return {
          ...rest,
          name: t`${String(r.name)} (copy)`,
          status: 'draft',
          features: ((features as { text: string }[]) ?? []).map((f) => ({ text: f.text })),
        };
      },
      nameOf: (r) => String(r.name),
    }),
    [t, i18n.locale],
  );
  return (
    <Page title={t`Subscription plans`} width="full">
      <DataTable config={config} title={t`Subscription plans`} />
    </Page>
  );
}
