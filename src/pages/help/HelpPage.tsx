// Help: getting a station onto the portal and reading the dashboard.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ConsoleSetup } from '../../components/ConsoleSetup';
import { Page, Panel } from '../../components/Page';
import styles from '../legal/Prose.module.css';

export default function HelpPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Help`}>
      <Panel className={styles.prose}>
        <h2>{t`Getting started`}</h2>
        <ol>
          <li>{t`Create an account and verify your email address.`}</li>
          <li>
            <Trans>
              Open <Link to="/devices">Edit Devices</Link> and add your station. You get a Station ID and a
              Station key.
            </Trans>
          </li>
          <li>{t`Point your console at this server as shown below.`}</li>
          <li>{t`Open the dashboard: the cards fill in as soon as the first reading arrives.`}</li>
        </ol>
      </Panel>
      <Panel className={styles.prose}>
        <h2>{t`Point your console at this server`}</h2>
        <ConsoleSetup />
      </Panel>
      <Panel className={styles.prose}>
        <h2>{t`Reading the dashboard`}</h2>
        <ul>
          <li>{t`Each card shows one sensor group: the large number is the main reading, the arrow shows whether it is rising or falling.`}</li>
          <li>{t`The dot in a card's corner is green while readings are fresh, amber after 5 minutes without an update and red when the sensor is lost.`}</li>
          <li>{t`'---' means the sensor sent no value or a value outside its range.`}</li>
          <li>{t`Open a card to see today's minimum and maximum and a graph for a day, a week, a month, a year or your own dates.`}</li>
          <li>{t`The fullscreen button turns a tablet into a wall display: large numbers, the screen stays on, dark at night.`}</li>
        </ul>
        <p>
          <Trans>
            More answers are in the <Link to="/faq">FAQ</Link>.
          </Trans>
        </p>
      </Panel>
    </Page>
  );
}
