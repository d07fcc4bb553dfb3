// "Install app" at the foot of the drawer (issue 32), only where the browser offers the install
// (beforeinstallprompt) and never in the installed app.
import { useLingui } from '@lingui/react/macro';
import { MonitorDown } from 'lucide-react';
import { install, useCanInstall } from '../install';
import styles from './Drawer.module.css';

export function InstallButton() {
  const { t } = useLingui();
  const offered = useCanInstall();
  if (!offered) return null;
  return (
    <button
      type="button"
      className={`${styles.item} ${styles.install}`}
      onClick={() => void install().catch((e: unknown) => console.warn('[install] the prompt failed', e))}
    >
      <MonitorDown size={18} aria-hidden="true" />
      <span>{t`Install app`}</span>
    </button>
  );
}
