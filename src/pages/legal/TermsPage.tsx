// Terms of service: short and plain.
import { useLingui } from '@lingui/react/macro';
import { Page, Panel } from '../../components/Page';
import styles from './Prose.module.css';

export default function TermsPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Terms of service`}>
      <Panel className={styles.prose}>
        <p>{t`By creating an account you agree to these terms.`}</p>
        <h2>{t`The service`}</h2>
        <p>{t`The portal stores the readings your weather stations upload and shows them to you and to the people you share them with. Readings are measured by your own equipment; we do not guarantee that they are accurate or complete, and they must not be used where safety depends on them.`}</p>
        <h2>{t`Your account`}</h2>
        <p>{t`Keep your password and your station keys secret. You are responsible for what is done with your account and for the stations you register.`}</p>
        <h2>{t`Fair use`}</h2>
        <p>{t`Do not upload data that is not yours, do not try to reach other people's data, and do not overload the service. We may suspend accounts that do.`}</p>
        <h2>{t`Paid plans`}</h2>
        <p>{t`Some station types need a service plan. A plan covers as many stations as it says (one for a free plan, up to five for the paid plans) for the period shown when you pay for it; a permanent plan never expires.`}</p>
        <h2>{t`Changes and ending`}</h2>
        <p>{t`You can delete your account at any time. We tell you by email before these terms change.`}</p>
      </Panel>
    </Page>
  );
}
