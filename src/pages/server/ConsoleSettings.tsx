// The console settings per upload protocol, one tab each, every value with a copy button; the Ecowitt tab adds
// the identification by MAC. Below them, the other networks' formats station software can send here instead
// (PWSweather, WOW, Weathercloud, Windy): a whole URL and the credentials, as that software asks for them.
import { useLingui } from '@lingui/react/macro';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { WeatherServerView } from '../../../workers/api';
import { Panel } from '../../components/Page';
import { setupRowName } from '../../components/setupRowWords';
import type { Device } from '../../domain/contract';
import { CopyButton } from './CopyButton';
import { MacIdentification } from './MacIdentification';
import styles from './ServerPage.module.css';

function SettingsTable({ settings }: { settings: [string, string][] }) {
  const { t, i18n } = useLingui();
  return (
    <table className={styles.settings}>
      <tbody>
        {settings.map(([name, value]) => {
          const label = setupRowName(i18n, name);
          return (
            <tr key={name}>
              <th scope="row">{label}</th>
              <td className={styles.mono}>{value}</td>
              <td className={styles.copyCell}>
                <CopyButton value={value} label={t`Copy ${label}`} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function ConsoleSettings({
  protocols,
  device,
  online,
}: {
  protocols: WeatherServerView['protocols'];
  device: Device | undefined;
  online: boolean;
}) {
  const { t } = useLingui();
  // The descriptors say which are consoles' own settings and which other networks' formats.
  const consoles = protocols.filter((p) => p.kind !== 'software');
  const software = protocols.filter((p) => p.kind === 'software');
  return (
    <Panel>
      <h2 className={styles.sectionTitle}>{t`Console settings`}</h2>
      <Tabs className={styles.tabs}>
        <TabList aria-label={t`Upload protocol`} className={styles.tabList}>
          {consoles.map((p) => (
            <Tab key={p.protocol} id={p.protocol} className={styles.tab}>
              {p.label ?? p.protocol}
            </Tab>
          ))}
        </TabList>
        {consoles.map((p) => (
          <TabPanel key={p.protocol} id={p.protocol} className={styles.tabPanel}>
            <SettingsTable settings={p.settings ?? []} />
            {p.keyInPath && (
              <p className={styles.note}>
                {t`Type the path exactly as shown: the station key in it identifies this station.`}
              </p>
            )}
            {/* A protocol that may name the station by its MAC instead (Ecowitt's PASSKEY) offers the choice. */}
            {typeof p.macAuth === 'boolean' && device && (
              <MacIdentification device={device} online={online} />
            )}
          </TabPanel>
        ))}
      </Tabs>
      {software.length > 0 && (
        <section aria-labelledby="further-ways" className={styles.further}>
          <h2 id="further-ways" className={styles.sectionTitle}>
            {t`Further ways to send: other networks' formats`}
          </h2>
          <p className={styles.note}>
            {t`Station software such as WeeWX, CumulusMX, pywws or Meteobridge can send here in the format of these networks. Type the server URL where the software asks for the network's address (in WeeWX: server_url), with the values shown. Software that cannot change the address needs the network's host name pointed at this server.`}
          </p>
          {software.map((p) => (
            <div key={p.protocol}>
              <h3 className={styles.subTitle}>{p.label ?? p.protocol}</h3>
              <SettingsTable settings={p.settings ?? []} />
            </div>
          ))}
        </section>
      )}
    </Panel>
  );
}
