// reCAPTCHA v3 on sign-up (spec §5: a site key and a version, default 3), offered when GET /config says the
// server checks it. The provider's script is loaded once, only on the screen that needs it; every failure has
// the spec's message ('No key provided', 'No version provided', 'Failed to load script', 'Failed to execute').

export type CaptchaFailure = 'noKey' | 'noVersion' | 'loadFailed' | 'executeFailed';

export class CaptchaError extends Error {
  constructor(readonly reason: CaptchaFailure) {
    super(reason);
  }
}

interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, opts: { action: string }): Promise<string>;
}

const SCRIPT_ID = 'recaptcha-script';
let loading: Promise<Grecaptcha> | null = null;

const grecaptcha = () => (globalThis as { grecaptcha?: Grecaptcha }).grecaptcha;

/** Load the provider's script for this site key (once per page). */
export function loadCaptcha(
  siteKey: string | undefined,
  version: number | undefined = 3,
): Promise<Grecaptcha> {
  if (!siteKey) return Promise.reject(new CaptchaError('noKey'));
  if (!version) return Promise.reject(new CaptchaError('noVersion'));
  const ready = grecaptcha();
  if (ready) return Promise.resolve(ready);
  if (loading) return loading;
  loading = new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.onload = () => {
      const g = grecaptcha();
      if (g) resolve(g);
      else reject(new CaptchaError('loadFailed'));
    };
    script.onerror = () => {
      // A later try (back online) loads it again.
      loading = null;
      script.remove();
      reject(new CaptchaError('loadFailed'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** A fresh token for `action` (v3 tokens live two minutes: ask right before sending). */
export async function captchaToken(siteKey: string | undefined, version: number | undefined, action: string) {
  const g = await loadCaptcha(siteKey, version);
  try {
    await new Promise<void>((resolve) => g.ready(resolve));
    const token = await g.execute(siteKey as string, { action });
    if (!token) throw new Error('empty token');
    return token;
  } catch {
    throw new CaptchaError('executeFailed');
  }
}
