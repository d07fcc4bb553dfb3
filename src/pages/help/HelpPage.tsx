// Help: getting a station onto the portal and reading the dashboard, and what this portal is (About: the
// version of the app and, when it differs, of the server; the license and where the source code is).
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ConsoleSetup } from '../../components/ConsoleSetup';
import { Page, Panel } from '../../components/Page';
import { APP_VERSION } from '../../domain/version';
import styles from '../legal/Prose.module.css';
import { usePublicConfig } from '../login/SignInExtras';
import { HELP_FACTS } from './facts';
import { HelpTopics } from './HelpTopics';

const LICENSE_URL = 'https://www.gnu.org/licenses/agpl-3.0.html';

function About() {
  const { t } = useLingui();
  const config = usePublicConfig();
  const serverVersion = config?.version;
  const sourceUrl = config?.sourceUrl;
  return (
    <Panel className={styles.prose}>
      <h2>{t`About`}</h2>
      <p data-testid="about-version">
        {t`Weather Portal, version ${APP_VERSION}`}
        {serverVersion && serverVersion !== APP_VERSION && ` (${t`server version ${serverVersion}`})`}
      </p>
      <p>
        <Trans>
          Free software under the <a href={LICENSE_URL}>GNU Affero General Public License</a>, version 3 or
          later.
        </Trans>{' '}
        {sourceUrl && <a href={sourceUrl}>{t`Source code`}</a>}
      </p>
    </Panel>
  );
}

export default function HelpPage() {
  const { t } = useLingui();
  const publicConfig = usePublicConfig();
  const { staleMinutes, lostMinutes } = HELP_FACTS;
  // The card menu's own words (src/cards/cardMenu.tsx): the same messages, so Help names them as the menu does.
  const [showGraph, hideCard, moveUp, moveDown] = [t`Show graph`, t`Hide card`, t`Move up`, t`Move down`];
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
        <ConsoleSetup configured={publicConfig?.consoleAddress} templates={publicConfig?.uploadConsoles} />
      </Panel>
      <Panel className={styles.prose}>
        <h2>{t`Reading the dashboard`}</h2>
        <ul>
          <li>{t`Each card shows one sensor group: the large number is the main reading, the arrow shows whether it is rising or falling.`}</li>
          <li>{t`The dot in a card's corner is green while readings are fresh, amber after ${plural(staleMinutes, { one: '# minute', other: '# minutes' })} without an update, and red when the sensor reports no signal or nothing arrived for ${plural(lostMinutes, { one: '# minute', other: '# minutes' })}.`}</li>
          <li>{t`'---' means the sensor sent no value or a value outside its range.`}</li>
          <li data-testid="help-open-card">{t`Open a card with the arrow in its corner to see today's minimum and maximum and its graph.`}</li>
          <li data-testid="help-card-menu">{t`The card menu (⋮, or a long press on the card) has ${showGraph}, which keeps the graph open, and ${hideCard}, ${moveUp} and ${moveDown}.`}</li>
          <li>{t`The fullscreen button turns a tablet into a wall display: large numbers, the screen stays on, dark at night.`}</li>
        </ul>
        <p>
          <Trans>
            More answers are in the <Link to="/faq">FAQ</Link>.
          </Trans>
        </p>
      </Panel>
      <HelpTopics />
      <About />
    </Page>
  );
}
