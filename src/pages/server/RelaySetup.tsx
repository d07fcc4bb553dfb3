// "Use a relay" (issue 27): what the home relay is for, its one-line command with this portal's URL, and the
// relay as the portal last saw it (the last upload of this station that came through one, its queue length).
import { useLingui } from '@lingui/react/macro';
import type { WeatherServerView } from '../../../workers/api';
import { Panel } from '../../components/Page';
import { RELAY_PORT, relayCommand } from '../../domain/relay';
import { CopyButton } from './CopyButton';
import styles from './ServerPage.module.css';

export function RelaySetup({
  view,
  dateText,
}: {
  view: WeatherServerView | null | undefined;
  /** unix ms → the date and time in the user's format. */
  dateText: (ms: number) => string;
}) {
  const { t } = useLingui();
  const portal = view?.relay?.portal ?? location.origin;
  const command = relayCommand(portal);
  const status = view?.relay?.status ?? null;
  const port = RELAY_PORT;
  return (
    <Panel>
      <h2 className={styles.sectionTitle}>{t`Use a relay`}</h2>
      <p className={styles.note}>
        {t`A relay is a small program for a computer on your home network, such as a Raspberry Pi or a NAS. The console uploads to it over plain HTTP; the relay keeps each upload on disk and sends it on to this portal with its original time. While the internet or the portal is away it keeps them and sends them later, so nothing is lost. It can send the same uploads to other services too.`}
      </p>
      <p className={styles.note}>{t`Run it from the portal's source code (Node.js 24) with:`}</p>
      <div className={styles.valueRow}>
        <code className={styles.mono} data-testid="relay-command">
          {command}
        </code>
        <CopyButton value={command} label={t`Copy the relay command`} />
      </div>
      <p className={styles.note}>
        {t`Then set the console's server to that computer's address and port ${port}, with the station ID and key above. relay/README.md in the source code explains the other options and how to run it as a service.`}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{t`Last upload through a relay`}</dt>
          <dd className="tabular" data-testid="relay-seen">
            {status ? dateText(status.seenAt * 1000) : t`None yet`}
          </dd>
        </div>
        {status && (
          <div>
            <dt>{t`Waiting in the relay's queue`}</dt>
            <dd className="tabular" data-testid="relay-queued">
              {status.queued ?? '---'}
            </dd>
          </div>
        )}
        {status && (
          <div>
            <dt>{t`Relay version`}</dt>
            <dd className={styles.mono}>{status.version}</dd>
          </div>
        )}
      </dl>
    </Panel>
  );
}
