// The console settings per upload protocol, one tab each, every value with a copy button; the Ecowitt tab adds
// the identification by MAC.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { WeatherServerView } from '../../../workers/api';
import { Panel } from '../../components/Page';
import type { Device } from '../../domain/contract';
import { CopyButton } from './CopyButton';
import { MacIdentification } from './MacIdentification';
import styles from './ServerPage.module.css';

/** Setting names the server sends in English (weather-server.ts), in words of the user's language. */
const SETTING_NAMES: Record<string, MessageDescriptor> = {
  Server: msg`Server`,
  Port: msg`Port`,
  Path: msg`Path`,
  'Station ID': msg`Station ID`,
  'Station key': msg`Station key`,
  Protocol: msg`Protocol`,
  'Server IP / Hostname': msg`Server IP / Hostname`,
  'Upload interval': msg`Upload interval (seconds)`,
  'MAC on this station': msg`MAC address of this station`,
};

const PROTOCOL_NAMES: Record<string, string> = {
  wslink: 'WSLink',
  wunderground: 'Wunderground',
  ecowitt: 'Ecowitt',
};

export function ConsoleSettings({
  protocols,
  device,
  online,
}: {
  protocols: WeatherServerView['protocols'];
  device: Device | undefined;
  online: boolean;
}) {
  const { t, i18n } = useLingui();
  return (
    <Panel>
      <h2 className={styles.sectionTitle}>{t`Console settings`}</h2>
      <Tabs className={styles.tabs}>
        <TabList aria-label={t`Upload protocol`} className={styles.tabList}>
          {protocols.map((p) => (
            <Tab key={p.protocol} id={p.protocol} className={styles.tab}>
              {PROTOCOL_NAMES[p.protocol] ?? p.protocol}
            </Tab>
          ))}
        </TabList>
        {protocols.map((p) => (
          <TabPanel key={p.protocol} id={p.protocol} className={styles.tabPanel}>
            <table className={styles.settings}>
              <tbody>
                {(p.settings ?? []).map(([name, value]) => {
                  const label = SETTING_NAMES[name] ? i18n._(SETTING_NAMES[name]) : name;
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
            {p.protocol === 'ecowitt' && (
              <>
                <p className={styles.note}>
                  {t`Type the path exactly as shown: the station key in it identifies this station.`}
                </p>
                {device && <MacIdentification device={device} online={online} />}
              </>
            )}
          </TabPanel>
        ))}
      </Tabs>
    </Panel>
  );
}
