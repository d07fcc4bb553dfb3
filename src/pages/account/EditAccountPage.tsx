// Edit account: picture, first and last name, and the display language in one place.
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Page, Panel } from '../../components/Page';
import { useAuth } from '../../db/hooks';
import { LanguageSelector } from '../../i18n/LanguageSelector';
import styles from './Account.module.css';
import { fullName } from './AccountPage';
import { AvatarEditor } from './AvatarEditor';
import { ProfileForm } from './ProfileForm';
import { useAvatar } from './useAccount';

export default function EditAccountPage() {
  const { t } = useLingui();
  const auth = useAuth();
  const user = auth?.user;
  const avatar = useAvatar();
  return (
    <Page title={t`Edit account`}>
      <Panel>
        <h2 className={styles.sectionTitle}>{t`Picture`}</h2>
        <AvatarEditor src={avatar} name={fullName(user) || user?.email || ''} />
      </Panel>
      <Panel>
        <h2 className={styles.sectionTitle}>{t`Name`}</h2>
        {auth !== undefined && (
          <ProfileForm
            key={user?._id}
            firstName={user?.firstName}
            lastName={user?.lastName}
            country={user?.country}
          />
        )}
      </Panel>
      <Panel>
        <h2 className={styles.sectionTitle}>{t`Display language`}</h2>
        <LanguageSelector />
        <p className={styles.muted}>
          {t`Your email address is your sign-in name and cannot be changed here.`}{' '}
          <Link to="/profile/changePassword">{t`Change password`}</Link>
        </p>
      </Panel>
    </Page>
  );
}
