// Side drawer with the menu: persistent beside the content on wide screens, a modal panel on small ones that
// closes itself after navigation; hidden in fullscreen (spec §2).
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useMediaQuery, WIDE_QUERY } from '../../components/useMediaQuery';
import { usePendingInvitationCount } from '../../db/useShares';
import { useUi } from '../../state/ui';
import type { MenuEntry } from '../menu';
import styles from './Drawer.module.css';
import { InstallButton } from './InstallButton';

export function Drawer({ menu }: { menu: MenuEntry[] }) {
  const { t, i18n } = useLingui();
  const wide = useMediaQuery(WIDE_QUERY);
  const open = useUi((s) => s.drawerOpen);
  const fullscreen = useUi((s) => s.fullscreen);
  const setOpen = useUi((s) => s.setDrawerOpen);
  const { pathname } = useLocation();
  const invitations = usePendingInvitationCount();

  // Small screens: close after each navigation and when switching from wide to small.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to pathname changes by design
  useEffect(() => {
    if (!wide) setOpen(false);
  }, [pathname, wide, setOpen]);

  useEffect(() => {
    if (wide || !open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [wide, open, setOpen]);

  const visible = open && !fullscreen;
  return (
    <>
      {!wide && visible && <div className={styles.scrim} onClick={() => setOpen(false)} aria-hidden="true" />}
      <nav
        id="app-drawer"
        aria-label={t`Main menu`}
        className={`${styles.drawer} ${wide ? styles.docked : styles.modal} ${visible ? styles.open : ''}`}
        inert={!visible}
      >
        <ul className={styles.list}>
          {menu.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) => `${styles.item} ${isActive ? styles.active : ''}`}
              >
                <Icon size={18} aria-hidden="true" />
                <span>{i18n._(label)}</span>
                {to === '/shares' && invitations > 0 && (
                  <span
                    className={styles.badge}
                    title={t`${plural(invitations, {
                      one: '# invitation waits for your answer',
                      other: '# invitations wait for your answer',
                    })}`}
                  >
                    {invitations}
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
        <InstallButton />
      </nav>
    </>
  );
}
