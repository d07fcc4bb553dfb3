// Default and Help layouts (spec §2): top bar, drawer with the menu, content. In fullscreen the bar and drawer
// hide; a floating exit button and the connection age stay on screen (kiosk).
import { useLingui } from '@lingui/react/macro';
import { Minimize } from 'lucide-react';
import { Outlet } from 'react-router';
import { useMediaQuery, WIDE_QUERY } from '../../components/useMediaQuery';
import { useAuth } from '../../db/hooks';
import { useUi } from '../../state/ui';
import { exitFullscreen } from '../fullscreen';
import { menuFor } from '../menu';
import { useRouteTitle } from '../title';
import styles from './AppLayout.module.css';
import { ConnectionStatus } from './ConnectionStatus';
import { Drawer } from './Drawer';
import { TopBar } from './TopBar';

export function AppLayout({ variant }: { variant: 'default' | 'help' }) {
  const { t } = useLingui();
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
      {!fullscreen && <TopBar title={title} search={variant === 'default' && signedIn} />}
      {!fullscreen && <Drawer menu={menuFor(signedIn, variant, Boolean(auth?.user?.isAdmin))} />}
      <main
        id="main"
        className={`${styles.main} ${drawerOpen && wide && !fullscreen ? styles.withDrawer : ''}`}
      >
        <Outlet />
      </main>
      {fullscreen && (
        <>
          <ConnectionStatus floating />
          <button type="button" className={styles.exit} onClick={() => void exitFullscreen()}>
            <Minimize size={20} aria-hidden="true" />
            <span>{t`Exit fullscreen`}</span>
          </button>
        </>
      )}
    </div>
  );
}

export function DefaultLayout() {
  return <AppLayout variant="default" />;
}

export function HelpLayout() {
  return <AppLayout variant="help" />;
}
