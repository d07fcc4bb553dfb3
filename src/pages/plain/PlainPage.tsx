// Screens whose full forms come later: the route's heading and what the screen is for, never a dead end.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router';
import { useRouteTitle } from '../../app/title';
import { Page, Panel } from '../../components/Page';
import styles from '../legal/Prose.module.css';

const ABOUT: [RegExp, MessageDescriptor][] = [
  [/^\/subscription\/orders$/, msg`Your service plan orders and their status.`],
  [/^\/subscription\/success$/, msg`Thank you, your payment has been received.`],
  [/^\/subscription\/([^/]+\/)?payment$/, msg`Pay for a service plan for your station.`],
  [/^\/test$/, msg`This page checks that the portal is running.`],
];

export default function PlainPage() {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const title = useRouteTitle();
  const about = ABOUT.find(([re]) => re.test(pathname))?.[1];
  const text = about ? i18n._(about) : '';
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
