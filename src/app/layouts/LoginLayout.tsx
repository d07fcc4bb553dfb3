// Login layout (spec §2): a 60/48 px bar with the logo and the language selector, the form, and a footer
// with terms, privacy policy, FAQ and help. No menu.
import { useLingui } from '@lingui/react/macro';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/Logo';
import { useMediaQuery } from '../../components/useMediaQuery';
import { LanguageSelector } from '../../i18n/LanguageSelector';
import { ConnectionStatus } from './ConnectionStatus';
import styles from './LoginLayout.module.css';
import { SkipLink } from './SkipLink';

export function LoginLayout() {
  const { t } = useLingui();
  const wide = useMediaQuery('(min-width: 600px)');
  return (
    <div className={styles.shell}>
      <SkipLink />
      <header className={styles.bar}>
        {/* On a phone the mark alone: the link still needs a name (Lighthouse accessibility, issue 32). */}
        <Link to="/login" className={styles.logo} aria-label={t`Weather Portal`}>
          <Logo size={30} showName={wide} />
        </Link>
        <div className={styles.end}>
          <ConnectionStatus compact />
          <LanguageSelector />
        </div>
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <nav aria-label={t`Footer`} className={styles.links}>
          <Link to="/terms">{t`Terms of service`}</Link>
          <Link to="/privacy">{t`Privacy policy`}</Link>
          <Link to="/faq">{t`FAQ`}</Link>
          <Link to="/help">{t`Help`}</Link>
        </nav>
      </footer>
    </div>
  );
}
