// How to point a console at this server, per console upload protocol (the server's descriptors say which and
// what to type). Used by Help and by the finish step of "Add station" (with the new station's ID and key).
import { useLingui } from '@lingui/react/macro';
import type { WeatherServerView } from '../../workers/api';
import { ADDRESS_ROWS, fillSetup, type ProtocolSetupView } from '../domain/uploadSetup';
import styles from './ConsoleSetup.module.css';
import { LoopbackNote } from './LoopbackNote';
import { setupRowName } from './setupRowWords';

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

/**
 * Every console protocol's rows, from the server's descriptors: the station's own (its weatherServer view) or
 * /config's templates with the address and the station filled in here (Help, or before the view arrives).
 */
export function ConsoleSetup({
  wsid,
  stationKey,
  view,
  configured,
  templates,
}: {
  wsid?: string;
  stationKey?: string;
  /** The station's weatherServer view, when there is a station (the add-station finish step). */
  view?: WeatherServerView | null;
  /** The portal's PUBLIC_HOST from /config (Help, where there is no station). */
  configured?: { host: string; port: number } | null;
  /** /config's set-up templates (uploadConsoles), used while there is no view. */
  templates?: ProtocolSetupView[];
}) {
  const { t, i18n } = useLingui();
  const { host, port } = addressOf(view, configured);
  const values = {
    host,
    port,
    stationId: wsid ?? t`your Station ID`,
    stationKey: stationKey ?? t`your-station-key`,
  };
  const consoles = (view?.protocols ?? templates ?? []).filter((p) => p.kind === 'console');
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
      {consoles.map((p) => (
        <section key={p.protocol} className={styles.protocol}>
          <h3>{p.label}</h3>
          <dl className={styles.rows}>
            {(p.settings ?? [])
              .filter(([name]) => !ADDRESS_ROWS.has(name))
              .map(([name, value]) => (
                <div key={name} className={styles.row}>
                  <dt>{setupRowName(i18n, name)}</dt>
                  <dd>
                    <Code>{fillSetup(value, values)}</Code>
                  </dd>
                </div>
              ))}
          </dl>
          {p.keyInPath && (
            <p className={styles.note}>
              {t`Type the path exactly as shown: the station key in it identifies this station.`}
            </p>
          )}
        </section>
      ))}
      <p className={styles.note}>
        {t`Readings appear on the dashboard within a minute of the first upload.`}
      </p>
    </div>
  );
}
