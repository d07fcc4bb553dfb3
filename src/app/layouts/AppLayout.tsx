// Default and Help layouts (spec §2): top bar, drawer with the menu, content. In fullscreen the bar and drawer
// hide; the kiosk bar (connection, station cycle, options, exit) sits above the content, never over it.
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useMediaQuery, WIDE_QUERY } from '../../components/useMediaQuery';
import { useAuth } from '../../db/hooks';
import { useUi } from '../../state/ui';
import { menuFor } from '../menu';
import { useRouteTitle } from '../title';
import styles from './AppLayout.module.css';
import { Drawer } from './Drawer';
import { SkipLink } from './SkipLink';
import { TopBar } from './TopBar';

// Only in fullscreen: its options dialog (react-aria) stays out of the first load (warm start).
const KioskBar = lazy(() => import('./KioskBar').then((m) => ({ default: m.KioskBar })));

export function AppLayout({ variant }: { variant: 'default' | 'help' }) {
  const auth = useAuth();
  const pageTitle = useUi((s) => s.title);
  const routeTitle = useRouteTitle();
  const title = pageTitle || routeTitle;
  const fullscreen = useUi((s) => s.fullscreen);
  const drawerOpen = useUi((s) => s.drawerOpen);
  const wide = useMediaQuery(WIDE_QUERY);
  const signedIn = Boolean(auth?.user);

  return (
    <div className={styles.shell} data-fullscreen={fullscreen || undefined}>
      <SkipLink />
      {!fullscreen && <TopBar title={title} search={variant === 'default' && signedIn} />}
      {!fullscreen && <Drawer menu={menuFor(signedIn, variant, Boolean(auth?.user?.isAdmin))} />}
      {fullscreen && (
        <Suspense fallback={null}>
          <KioskBar />
        </Suspense>
      )}
      <main
        id="main"
        tabIndex={-1}
        className={`${styles.main} ${drawerOpen && wide && !fullscreen ? styles.withDrawer : ''}`}
      >
        <Outlet />
      </main>
    </div>
  );
}

export function DefaultLayout() {
  return <AppLayout variant="default" />;
}

export function HelpLayout() {
  return <AppLayout variant="help" />;
}
