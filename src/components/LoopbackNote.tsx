// Issue 22: opened as `localhost`, the portal would tell a console to upload to `localhost`, which the console
// cannot reach. When the page's host is a loopback name or address this says so and lists the machine's LAN
// addresses (from the server's weatherServer view), or asks for PUBLIC_HOST when none is known.
import { Trans, useLingui } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import type { WeatherServerView } from '../../workers/api';
import { isLoopbackHost } from '../domain/loopback';
import styles from './LoopbackNote.module.css';

export function LoopbackNote({
  view,
  pageHost = location.hostname,
}: {
  /**
   * The station's server view: it has `loopback` only when the server was reached as a loopback name and
   * PUBLIC_HOST is unset (with PUBLIC_HOST the settings name a reachable host: no note). Without a view
   * (Help) the page's host decides.
   */
  view?: Pick<WeatherServerView, 'loopback'> | null;
  pageHost?: string;
}) {
  const { t } = useLingui();
  if (!isLoopbackHost(pageHost) || (view && !view.loopback)) return null;
  const addresses = view?.loopback?.addresses;
  const host = pageHost;
  return (
    <div className={styles.note} role="note" data-testid="loopback-note">
      <TriangleAlert size={18} aria-hidden="true" />
      <div className={styles.text}>
        <p>
          <Trans>
            This page is open as <strong>{host}</strong>: that name means “this device” to every device, so a
            console cannot upload to it.
          </Trans>
        </p>
        {addresses && addresses.length > 0 ? (
          <>
            <p>{t`Consoles on your network can reach this computer at:`}</p>
            <ul className={styles.addresses} aria-label={t`Addresses on your network`}>
              {addresses.map((a) => (
                <li key={a}>
                  <code>{a}</code>
                </li>
              ))}
            </ul>
            <p>{t`The settings here use the first. If the portal has a public name, set PUBLIC_HOST to it.`}</p>
          </>
        ) : (
          <p>
            {t`Enter this computer's address on your network instead (for example 192.168.1.20), or set PUBLIC_HOST to the portal's public name.`}
          </p>
        )}
      </div>
    </div>
  );
}
