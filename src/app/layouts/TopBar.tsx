// Top bar (spec §2): menu button, logo → dashboard, title (centred on large screens), station search,
// connection age, fullscreen toggle. 52 px on medium screens and up, 40 px below.
import { useLingui } from '@lingui/react/macro';
import { Maximize, Menu, Search, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { useMediaQuery, WIDE_QUERY } from '../../components/useMediaQuery';
import { useUi } from '../../state/ui';
import { enterFullscreen } from '../fullscreen';
import { ConnectionStatus } from './ConnectionStatus';
import { StationSearch } from './StationSearch';
import styles from './TopBar.module.css';

export function TopBar({ title, search = true }: { title: string; search?: boolean }) {
  const { t } = useLingui();
  const wide = useMediaQuery(WIDE_QUERY);
  const drawerOpen = useUi((s) => s.drawerOpen);
  const toggleDrawer = useUi((s) => s.toggleDrawer);
  const [searchOpen, setSearchOpen] = useState(false);

  return (
    <header className={styles.bar}>
      <div className={styles.start}>
        <button
          type="button"
          className={styles.iconButton}
          onClick={toggleDrawer}
          aria-label={t`Menu`}
          aria-expanded={drawerOpen}
          aria-controls="app-drawer"
        >
          <Menu size={20} aria-hidden="true" />
        </button>
        <Link to="/dashboard" className={styles.logo} aria-label={t`Weather Portal – dashboard`}>
          <Logo size={wide ? 30 : 24} showName={wide} />
        </Link>
      </div>
      <div className={styles.title} aria-hidden={!title}>
        {title}
      </div>
      <div className={styles.end}>
        {search && wide && <StationSearch />}
        <ConnectionStatus compact />
        {search && !wide && (
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => setSearchOpen((o) => !o)}
            aria-label={searchOpen ? t`Close search` : t`Search station ID`}
            aria-expanded={searchOpen}
          >
            {searchOpen ? <X size={20} aria-hidden="true" /> : <Search size={20} aria-hidden="true" />}
          </button>
        )}
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => void enterFullscreen()}
          aria-label={t`Fullscreen`}
        >
          <Maximize size={20} aria-hidden="true" />
        </button>
      </div>
      {search && !wide && searchOpen && (
        <div className={styles.searchRow}>
          <StationSearch className={styles.searchFull} />
        </div>
      )}
    </header>
  );
}
