// Change profile (spec §2): first and last name.
import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Page, Panel } from '../../components/Page';
import { useAuth } from '../../db/hooks';
import styles from './Account.module.css';
import { ProfileForm } from './ProfileForm';

export default function ChangeProfilePage() {
  const { t } = useLingui();
  const auth = useAuth();
  const user = auth?.user;
  return (
    <Page title={t`Change profile`}>
      <Panel>
        {auth !== undefined && (
          <ProfileForm
            key={user?._id}
            firstName={user?.firstName}
            lastName={user?.lastName}
            country={user?.country}
          />
        )}
      </Panel>
      <p className={styles.muted}>
        <Link to="/profile">{t`Back to profile`}</Link>
      </p>
    </Page>
  );
}
