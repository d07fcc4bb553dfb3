// Weather Server (spec §2): server name, station ID, station key and last upload time of the selected station,
// with the console settings that point it here.
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ConsoleSetup, serverAddress } from '../../components/ConsoleSetup';
import { EmptyState, Page, Panel } from '../../components/Page';
import { useDevice, useLatest, useSelectedDeviceId } from '../../db/hooks';
import styles from '../account/AccountPage.module.css';

export default function ServerPage() {
  const { t, i18n } = useLingui();
  const id = useSelectedDeviceId();
  const device = useDevice(id);
  const latest = useLatest(id);
  const last = device?.lastUpload ?? latest?.time ?? null;
  const lastText = last
    ? new Intl.DateTimeFormat(i18n.locale, {
        dateStyle: 'medium',
        timeStyle: 'medium',
        timeZone: device?.timezone,
      }).format(last * 1000)
    : '---';
  if (id === undefined && !device)
    return (
      <Page title={t`Weather Server`}>
        <EmptyState title={t`No stations are found`}>
          <Link to="/devices?add=1">{t`Add a station`}</Link>
        </EmptyState>
      </Page>
    );
  return (
    <Page title={t`Weather Server`}>
      <Panel>
        <dl className={styles.facts}>
          <div>
            <dt>{t`Server name`}</dt>
            <dd>{serverAddress().host}</dd>
          </div>
          <div>
            <dt>{t`Station`}</dt>
            <dd>{device?.name ?? '---'}</dd>
          </div>
          <div>
            <dt>{t`Station ID`}</dt>
            <dd className="tabular">{device?.wsid ?? '---'}</dd>
          </div>
          <div>
            <dt>{t`Station key`}</dt>
            <dd className="tabular">{device?.stationKey ?? '---'}</dd>
          </div>
          <div>
            <dt>{t`Last upload`}</dt>
            <dd className="tabular">{lastText}</dd>
          </div>
        </dl>
      </Panel>
      <Panel>
        <ConsoleSetup wsid={device?.wsid} stationKey={device?.stationKey} />
      </Panel>
    </Page>
  );
}
