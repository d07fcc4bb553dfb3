// Privacy policy: what is stored and why.
import { useLingui } from '@lingui/react/macro';
import { Page, Panel } from '../../components/Page';
import styles from './Prose.module.css';

export default function PrivacyPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Privacy policy`}>
      <Panel className={styles.prose}>
        <h2>{t`What we store`}</h2>
        <ul>
          <li>{t`Your email address, your name and your password (only as a secure hash).`}</li>
          <li>{t`Your stations: name, type, time zone, the location you enter, and the readings they upload.`}</li>
          <li>{t`Your preferences: units, language, alert rules and the cards you show.`}</li>
          <li>{t`If you use them: your country and profile picture, the addresses your devices receive notifications at, the station IDs and keys of the networks you forward to, and your orders.`}</li>
        </ul>
        <h2>{t`Why`}</h2>
        <p>{t`Only to run the portal for you: to show your readings, send the alerts you asked for and keep your settings.`}</p>
        <h2>{t`Who can see it`}</h2>
        <p>{t`Your stations are private unless you share them. A station shared with everyone, or not shown in lists, shows its readings to anyone with its station ID, and its position rounded to about 1 km (its exact position only if you choose so in Edit Devices). The people you share a station with see its exact position.`}</p>
        <h2>{t`On your device`}</h2>
        <p>{t`The app keeps recent readings and your settings in your browser so it works offline, and a cookie remembers your language.`}</p>
        <h2>{t`Your rights`}</h2>
        <p>{t`You can export your readings and delete your account at any time; deleting it removes your stations and their readings.`}</p>
      </Panel>
    </Page>
  );
}
