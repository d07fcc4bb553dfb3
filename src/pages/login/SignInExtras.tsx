// What GET /config turns on for the sign-in screens (issue #12): social sign-in buttons for the configured
// providers (spec §2: two providers) and the captcha on sign-up, with the spec's captcha messages. The config
// is loaded by the worker into Dexie (offline: the last answer; nothing is offered before the first one).
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect } from 'react';
import { dataWorker } from '../../bridge/worker';
import type { CaptchaFailure } from '../../components/captcha';
import { afterFirstPaint } from '../../components/firstPaint';
import { useSettingLater } from '../../db/later';
import { type PublicConfigView, SETTING } from '../../db/settings';
import styles from './AuthCard.module.css';

/** The server's sign-in options, refreshed when a sign-in screen opens. */
export function usePublicConfig(): PublicConfigView | null | undefined {
  useEffect(() => {
    // Once the form has painted: the worker's bridge is not on its path (components/firstPaint.ts, issue 21).
    void afterFirstPaint()
      .then(() => dataWorker.loadPublicConfig())
      .catch((e) => console.warn('[config] not loaded (offline?)', e));
  }, []);
  // After the first paint (db/later.ts): the buttons are not the form, and Dexie is not on its path.
  return useSettingLater(SETTING.publicConfig, null);
}

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', facebook: 'Facebook' };

/** "Continue with Google / Facebook": a full-page visit of the server's OAuth start (it redirects back). */
export function SocialButtons({ providers }: { providers: string[] }) {
  const { t } = useLingui();
  const known = providers.filter((p) => PROVIDER_NAMES[p]);
  if (known.length === 0) return null;
  return (
    <div className={styles.social}>
      <p className={styles.or}>
        <span>{t`or`}</span>
      </p>
      {known.map((p) => {
        const provider = PROVIDER_NAMES[p];
        return (
          <a key={p} href={`/oauth/${p}`} className={styles.socialButton} data-provider={p}>
            {t`Continue with ${provider}`}
          </a>
        );
      })}
    </div>
  );
}

/** The spec's captcha messages (§5, §8). */
export function useCaptchaMessage(): (reason: CaptchaFailure) => string {
  const { t } = useLingui();
  return useCallback(
    (reason: CaptchaFailure) =>
      ({
        noKey: t`No key provided`,
        noVersion: t`No version provided`,
        loadFailed: t`Failed to load script`,
        executeFailed: t`Failed to execute`,
      })[reason],
    [t],
  );
}
