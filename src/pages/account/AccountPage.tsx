// Account: who is signed in, the display language, and links to change the profile or password.
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Page, Panel } from '../../components/Page';
import { useAuth, useDevices } from '../../db/hooks';
import { LanguageSelector } from '../../i18n/LanguageSelector';
import styles from './AccountPage.module.css';

export default function AccountPage() {
  const { t } = useLingui();
  const auth = useAuth();
  const devices = useDevices();
  const user = auth?.user;
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const owned = devices?.filter((d) => d.user === user?._id).length ?? 0;
  return (
    <Page title={t`Account`}>
      <Panel>
        <dl className={styles.facts}>
          <div>
            <dt>{t`Email address`}</dt>
            <dd>{user?.email ?? '---'}</dd>
          </div>
          <div>
            <dt>{t`Name`}</dt>
            <dd>{name || '---'}</dd>
          </div>
          <div>
            <dt>{t`Stations you own`}</dt>
            <dd className="tabular">{owned}</dd>
          </div>
          <div>
            <dt>{t`Display language`}</dt>
            <dd>
              <LanguageSelector />
            </dd>
          </div>
        </dl>
      </Panel>
      <nav className={styles.links} aria-label={t`Account settings`}>
        <Link to="/profile/changeProfile">{t`Change profile`}</Link>
        <Link to="/profile/changePassword">{t`Change password`}</Link>
        <Link to="/subscription/orders">{t`Subscription Orders`}</Link>
        <Link to="/logout">{t`Log Out`}</Link>
      </nav>
    </Page>
  );
}
