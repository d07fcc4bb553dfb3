// /admin/devices (issue #15): every station with its owner (related names, linked to the owner's account), type,
// share mode, last upload and the fields its console sends that the portal does not know.
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Page } from '../../components/Page';
import { useUnits } from '../../db/hooks';
import { sourceLink } from '../../domain/adminTable';
import { typeName } from '../devices/typeNames';
import { DateTimeCell } from './DateTimeCell';
import { DeviceEditor, shareModeLabel } from './DeviceEditor';
import { dateTime } from './format';
import { DataTable } from './table/DataTable';
import type { TableConfig } from './table/types';

export default function DevicesPage() {
  const { t, i18n } = useLingui();
  const prefs = useUnits();
  const config = useMemo<TableConfig>(
    () => ({
      path: '/admin/devices',
      service: 'admin/devices',
      searchFields: ['wsid', 'name'],
      related: [
        {
          field: 'user',
          service: 'admin/users',
          as: 'owner',
          select: ['email', 'firstName', 'lastName'],
          source: 'admin/users',
        },
      ],
      columns: [
        { key: 'wsid', label: t`Station ID`, sortable: true },
        { key: 'name', label: t({ message: 'Name', context: 'of a station or plan' }), sortable: true },
        {
          key: 'owner.email',
          label: t`Owner`,
          render: (r) =>
            typeof r.user === 'string' ? (
              <Link to={sourceLink('admin/users', { _id: r.user }, r.user)}>
                {String((r.owner as { email?: string } | null)?.email ?? r.user)}
              </Link>
            ) : null,
        },
        {
          key: 'consoletype',
          label: t`Type`,
          sortable: true,
          render: (r) => typeName(Number(r.consoletype)),
        },
        {
          key: 'shareMode',
          label: t`Share mode`,
          sortable: true,
          render: (r) => shareModeLabel(String(r.shareMode)),
        },
        {
          key: 'lastUpload',
          label: t`Last upload`,
          sortable: true,
          numeric: true,
          render: (r) => <DateTimeCell text={dateTime(r.lastUpload, i18n.locale, prefs) || t`Never`} />,
        },
        {
          key: 'unmapped',
          label: t`Unknown fields`,
          render: (r) => Object.keys((r.unmapped as Record<string, string>) ?? {}).join(', '),
        },
      ],
      hide: { add: true, clone: true },
      Editor: DeviceEditor,
      nameOf: (r) => `${String(r.name)} (${String(r.wsid)})`,
    }),
    [t, i18n.locale, prefs],
  );
  return (
    <Page title={t`Stations`} width="full">
      <DataTable config={config} title={t`Stations`} />
    </Page>
  );
}
