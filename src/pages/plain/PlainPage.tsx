// Screens whose full forms come later: the route's heading and what the screen is for, never a dead end.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { useRouteTitle } from '../../app/title';
import { Page, Panel } from '../../components/Page';
import styles from '../legal/Prose.module.css';
import { AuthCard, AuthLinks } from '../login/AuthCard';

const ABOUT: [RegExp, MessageDescriptor][] = [
  [/^\/account\/edit$/, msg`Change your name, email address and display language.`],
  [
    /^\/displaySetting$/,
    msg`Choose the units for temperature, pressure, wind, rain and light, and which cards the dashboard shows.`,
  ],
  [
    /^\/alert$/,
    msg`Set limits for each station and get an email or a notification when a reading crosses them.`,
  ],
  [/^\/export$/, msg`Download the readings of a station for a period as a spreadsheet.`],
  [/^\/profile$/, msg`Your name and sign-in details.`],
  [/^\/profile\/changePassword$/, msg`Change the password you sign in with.`],
  [/^\/profile\/changeProfile$/, msg`Change your first and last name.`],
  [/^\/subscription\/orders$/, msg`Your service plan orders and their status.`],
  [/^\/subscription\/success$/, msg`Thank you, your payment has been received.`],
  [/^\/subscription\/([^/]+\/)?payment$/, msg`Pay for a service plan for your station.`],
  [/^\/login\/reset$/, msg`Enter your email address and we will send you a verification code.`],
  [/^\/login\/reset\/verify$/, msg`Enter the verification code we sent to your email address.`],
  [/^\/login\/reset\/reset$/, msg`Choose a new password of at least 8 characters.`],
  [/^\/test$/, msg`This page checks that the portal is running.`],
];

export default function PlainPage() {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const title = useRouteTitle();
  const about = ABOUT.find(([re]) => re.test(pathname))?.[1];
  const text = about ? i18n._(about) : '';
  if (pathname.startsWith('/login/')) {
    return (
      <AuthCard title={title} lead={text}>
        <AuthLinks>
          <Link to="/login">{t`Back to log in`}</Link>
        </AuthLinks>
      </AuthCard>
    );
  }
  return (
    <Page title={title}>
      <Panel className={styles.prose}>
        <p>{text}</p>
        <p>
          <Link to="/dashboard">{t`Back to dashboard`}</Link>
        </p>
      </Panel>
    </Page>
  );
}
