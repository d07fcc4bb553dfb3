// Account (spec §3 Account page): who is signed in, the membership and its limits, the display language, links
// to the profile, password and units, what this browser holds, and deleting the account. The facts come from the last users/me answer
// kept in Dexie, so the page shows them offline too.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { Page, Panel } from '../../components/Page';
import { relationOf } from '../../db/devices';
import { useAuth, useDevices } from '../../db/hooks';
import { countryName } from '../../domain';
import { LanguageSelector } from '../../i18n/LanguageSelector';
import styles from './Account.module.css';
import { Avatar } from './Avatar';
import { DeleteAccount } from './DeleteAccount';
import { LocalData } from './LocalData';
import { useAccountInfo, useAvatar } from './useAccount';

export function fullName(user: { firstName?: string; lastName?: string } | undefined): string {
  return [user?.firstName, user?.lastName].filter(Boolean).join(' ');
}

export default function AccountPage() {
  const { t, i18n } = useLingui();
  const auth = useAuth();
  const devices = useDevices();
  const info = useAccountInfo();
  const avatar = useAvatar();
  const user = auth?.user;
  const name = fullName(user);
  const owned = info?.devices ?? devices?.filter((d) => relationOf(d, user?._id) === 'owned').length ?? 0;
  const membership = info?.membership === 'free' ? t`Free` : (info?.membership ?? '---');
  const n = (v: number) => new Intl.NumberFormat(i18n.locale).format(v);
  return (
    <Page title={t`Account`}>
      <Panel className={styles.who}>
        <Avatar src={avatar} name={name || user?.email || ''} />
        <div className={styles.whoText}>
          <p className={styles.name}>{name || t`No name yet`}</p>
          <p className={styles.muted}>{user?.email ?? '---'}</p>
        </div>
        <Link to="/account/edit" className={styles.editLink}>
          <Pencil size={16} aria-hidden="true" />
          {t`Edit account`}
        </Link>
      </Panel>
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
            <dt>{t`Country`}</dt>
            <dd>{user?.country ? countryName(user.country, i18n.locale) : t`Not given`}</dd>
          </div>
          <div>
            <dt>{t`Membership`}</dt>
            <dd>{membership}</dd>
          </div>
          <div>
            <dt>{t`Payment method`}</dt>
            <dd>
              {info?.paymentMethod === 'stripe'
                ? t`Card, through Stripe`
                : info?.paymentMethod === 'sandbox'
                  ? t`Test card (test mode)`
                  : t`None yet: you pay by card when you buy a plan`}
            </dd>
          </div>
          <div>
            <dt>{t`Stations you own`}</dt>
            <dd className="tabular">
              {info ? t`${n(owned)} of ${n(info.supportedDevices)} supported` : n(owned)}
            </dd>
          </div>
          <div>
            <dt>{t`Data log store period`}</dt>
            <dd className="tabular">
              {info ? t`${plural(info.dataLogStorePeriod, { one: '# day', other: '# days' })}` : '---'}
            </dd>
          </div>
          <div>
            <dt>{t`Display language`}</dt>
            <dd>
              <LanguageSelector />
            </dd>
          </div>
        </dl>
      </Panel>
      <LocalData />
      <nav className={styles.links} aria-label={t`Account settings`}>
        <Link to="/profile">{t`Profile`}</Link>
        <Link to="/profile/changeProfile">{t`Change profile`}</Link>
        <Link to="/profile/changePassword">{t`Change password`}</Link>
        <Link to="/displaySetting">{t`Unit & Display`}</Link>
        <Link to="/subscription/plans">{t`Subscribe`}</Link>
        <Link to="/subscription/orders">{t`Subscription Orders`}</Link>
        <Link to="/logout">{t`Log Out`}</Link>
      </nav>
      <DeleteAccount />
    </Page>
  );
}
