// Profile: the picture, name and email address, with the ways to change them.
import { useLingui } from '@lingui/react/macro';
import { KeyRound, UserPen } from 'lucide-react';
import { Link } from 'react-router';
import { Page, Panel } from '../../components/Page';
import { useAuth } from '../../db/hooks';
import styles from './Account.module.css';
import { fullName } from './AccountPage';
import { AvatarEditor } from './AvatarEditor';
import { useAvatar } from './useAccount';

export default function ProfilePage() {
  const { t } = useLingui();
  const user = useAuth()?.user;
  const avatar = useAvatar();
  const name = fullName(user);
  return (
    <Page title={t`Profile`}>
      <Panel>
        <h2 className={styles.sectionTitle}>{t`Picture`}</h2>
        <AvatarEditor src={avatar} name={name || user?.email || ''} />
      </Panel>
      <Panel>
        <dl className={styles.facts}>
          <div>
            <dt>{t`First name`}</dt>
            <dd>{user?.firstName || '---'}</dd>
          </div>
          <div>
            <dt>{t`Last name`}</dt>
            <dd>{user?.lastName || '---'}</dd>
          </div>
          <div>
            <dt>{t`Email address`}</dt>
            <dd>{user?.email ?? '---'}</dd>
          </div>
        </dl>
      </Panel>
      <nav className={styles.actionsNav} aria-label={t`Profile settings`}>
        <Link to="/profile/changeProfile" className={styles.editLink}>
          <UserPen size={16} aria-hidden="true" />
          {t`Change profile`}
        </Link>
        <Link to="/profile/changePassword" className={styles.editLink}>
          <KeyRound size={16} aria-hidden="true" />
          {t`Change password`}
        </Link>
      </nav>
    </Page>
  );
}
