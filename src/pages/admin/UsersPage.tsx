// /admin/users (issue #15): every account; verify, disable or enable, mail a password reset, give a role.
import { useLingui } from '@lingui/react/macro';
import { BadgeCheck, Ban, KeyRound, ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { Page } from '../../components/Page';
import { useUnits } from '../../db/hooks';
import { useUi } from '../../state/ui';
import { DateTimeCell } from './DateTimeCell';
import { dateTime } from './format';
import { DataTable } from './table/DataTable';
import styles from './table/DataTable.module.css';
import { reportFailure } from './table/reportFailure';
import type { Row, TableConfig } from './table/types';
import { UserEditor } from './UserEditor';
import { UserPicture } from './UserPicture';

function UserActions({ row, reload }: { row: Row; reload: () => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState<string | null>(null);
  const showSuccess = useUi((s) => s.showSuccess);
  const act = async (name: string, data: Record<string, unknown>, done: string) => {
    setBusy(name);
    try {
      await dataWorker.adminSave('admin/users', row._id, data);
      showSuccess(done);
      reload();
    } catch (e) {
      reportFailure(`${name} ${row._id}`, e);
    } finally {
      setBusy(null);
    }
  };
  const email = String(row.email);
  return (
    <>
      {!row.verified && (
        <Button
          size="sm"
          variant="ghost"
          iconOnly
          icon={<BadgeCheck size={16} />}
          busy={busy === 'verify'}
          aria-label={t`Verify ${email}`}
          title={t`Mark as verified`}
          onClick={() => void act('verify', { verified: true }, t`${email} is verified`)}
        />
      )}
      <Button
        size="sm"
        variant="ghost"
        iconOnly
        icon={row.disabled ? <ShieldCheck size={16} /> : <Ban size={16} />}
        busy={busy === 'disable'}
        aria-label={row.disabled ? t`Enable ${email}` : t`Disable ${email}`}
        title={row.disabled ? t`Enable` : t`Disable`}
        onClick={() =>
          void act(
            'disable',
            { disabled: !row.disabled },
            row.disabled ? t`${email} can sign in again` : t`${email} is disabled`,
          )
        }
      />
      <Button
        size="sm"
        variant="ghost"
        iconOnly
        icon={<KeyRound size={16} />}
        busy={busy === 'reset'}
        aria-label={t`Reset the password of ${email}`}
        title={t`Reset password`}
        onClick={() => void act('reset', { resetPassword: true }, t`A reset code was mailed to ${email}`)}
      />
    </>
  );
}

export default function UsersPage() {
  const { t, i18n } = useLingui();
  const prefs = useUnits();
  const config = useMemo<TableConfig>(
    () => ({
      path: '/admin/users',
      service: 'admin/users',
      searchFields: ['email', 'firstName', 'lastName'],
      columns: [
        {
          // The URL as the server serves it (the export's cell; its rows are 64 px high); shown as the picture.
          key: 'avatar',
          label: t`Picture`,
          image: true,
          render: (r) => <UserPicture id={r._id} name={String(r.email)} />,
        },
        { key: 'email', label: t`Email`, sortable: true },
        { key: 'firstName', label: t`First name`, sortable: true },
        { key: 'lastName', label: t`Last name`, sortable: true },
        {
          key: 'verified',
          label: t`Status`,
          sortable: true,
          render: (r) =>
            r.disabled ? (
              <span className={`${styles.badge} ${styles.badgeBad}`}>{t`Disabled`}</span>
            ) : r.verified ? (
              <span className={`${styles.badge} ${styles.badgeGood}`}>{t`Verified`}</span>
            ) : (
              <span className={styles.badge}>{t`Not verified`}</span>
            ),
        },
        {
          key: 'adminType',
          label: t`Role`,
          sortable: true,
          render: (r) =>
            r.adminType === 'admin' ? t`Admin` : r.adminType === 'editor' ? t`Editor` : t`User`,
        },
        {
          key: 'createdAt',
          label: t`Signed up`,
          sortable: true,
          numeric: true,
          render: (r) => <DateTimeCell text={dateTime(r.createdAt, i18n.locale, prefs)} />,
        },
      ],
      hide: { clone: true },
      Editor: UserEditor,
      defaults: () => ({ verified: true, adminType: null }),
      rowActions: (row, reload) => <UserActions row={row} reload={reload} />,
      nameOf: (r) => String(r.email),
    }),
    [t, i18n.locale, prefs],
  );
  return (
    <Page title={t`Users`} width="full">
      <DataTable config={config} title={t`Users`} />
    </Page>
  );
}
