// How to point a console at this server, per upload protocol (WSLink, Wunderground, Ecowitt). Used by Help and
// by the finish step of "Add station" (with the new station's ID and key filled in).
import { Trans, useLingui } from '@lingui/react/macro';
import type { WeatherServerView } from '../../workers/api';
import styles from './ConsoleSetup.module.css';
import { LoopbackNote } from './LoopbackNote';

export interface ServerAddress {
  host: string;
  port: string;
  secure: boolean;
}

export function serverAddress(
  loc: Pick<Location, 'hostname' | 'port' | 'protocol'> = location,
): ServerAddress {
  const secure = loc.protocol === 'https:';
  return { host: loc.hostname, port: loc.port || (secure ? '443' : '80'), secure };
}

function Code({ children }: { children: string }) {
  return <code className={styles.code}>{children}</code>;
}

/**
 * The host a console can reach: the station's server view (PUBLIC_HOST, or a LAN address for localhost), else
 * the portal's PUBLIC_HOST (Help, without a station), else the address this page was opened at.
 */
function addressOf(
  view: WeatherServerView | null | undefined,
  configured: { host: string; port: number } | null | undefined,
): { host: string; port: string } {
  const first = view?.protocols[0];
  if (first && typeof first.host === 'string' && typeof first.port === 'number')
    return { host: first.host, port: String(first.port) };
  if (configured) return { host: configured.host, port: String(configured.port) };
  return serverAddress();
}

export function ConsoleSetup({
  wsid,
  stationKey,
  view,
  configured,
}: {
  wsid?: string;
  stationKey?: string;
  /** The station's weatherServer view, when there is a station (the add-station finish step). */
  view?: WeatherServerView | null;
  /** The portal's PUBLIC_HOST from /config (Help, where there is no station). */
  configured?: { host: string; port: number } | null;
}) {
  const { t } = useLingui();
  const { host, port } = addressOf(view, configured);
  const id = wsid ?? t`your Station ID`;
  const key = stationKey ?? t`your Station key`;
  const ecowittPath = `/data/report/${stationKey ?? t`your-station-key`}`;
  return (
    <div className={styles.setup}>
      <LoopbackNote view={view} />
      <dl className={styles.server}>
        <div>
          <dt>{t`Server`}</dt>
          <dd>
            <Code>{host}</Code>
          </dd>
        </div>
        <div>
          <dt>{t`Port`}</dt>
          <dd>
            <Code>{port}</Code>
          </dd>
        </div>
      </dl>
      <section className={styles.protocol}>
        <h3>{t`WSLink consoles (Bresser, Garni, Sencor, Youshiko…)`}</h3>
        <p>
          <Trans>
            In the console's app, open the custom server settings, choose WSLink and enter the server and port
            above, the path <Code>/data/upload.php</Code>, <strong>{id}</strong> as station ID and{' '}
            <strong>{key}</strong> as password.
          </Trans>
        </p>
      </section>
      <section className={styles.protocol}>
        <h3>{t`Wunderground protocol`}</h3>
        <p>
          <Trans>
            Choose a custom Wunderground server, enter the server and port above and the path{' '}
            <Code>/weatherstation/updateweatherstation.php</Code>. Use <strong>{id}</strong> as station ID and{' '}
            <strong>{key}</strong> as station key (password).
          </Trans>
        </p>
      </section>
      <section className={styles.protocol}>
        <h3>{t`Ecowitt protocol`}</h3>
        <p>
          <Trans>
            In the WS View or Ecowitt app, open Customized, pick the Ecowitt protocol, enter the server and
            port above and the path <Code>{ecowittPath}</Code>. The station key in the path identifies the
            station.
          </Trans>
        </p>
      </section>
      <p className={styles.note}>
        {t`Readings appear on the dashboard within a minute of the first upload.`}
      </p>
    </div>
  );
}
